import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DataConnection } from "#common/contracts/data-connections";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { clearSelectedOrganization, selectEmployeeOrganization } from "#web/lib/selected-organization.ts";
import {
  API,
  CONNECTED_RESULT,
  CONNECTION_IDS,
  DEFERRED_RESULT,
  EMPLOYEE,
  FAILED_RESULT,
  FILES,
  MYSQL_FAILING,
  ORGANIZATION_ID,
  POSTGRES,
  SERVER_FAILURE,
  XERO_PAUSED,
  renderDataSetup,
} from "#web/features/data-connections/data-connections-test-kit.tsx";
import { toasts } from "#web/lib/testing/toast-recorder.ts";


function render(connections: DataConnection[], answers: Record<string, { status?: number; body?: unknown }> = {}) {
  const api = installFakeApi({ [API.list]: { body: { connections } }, ...answers });
  const rendered = renderDataSetup("/data-connection");
  return { api, ...rendered };
}

async function rowOf(name: string): Promise<HTMLElement> {
  const cell = await screen.findByText(name, { selector: "td span" });
  const row = cell.closest("tr");
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSelectedOrganization();
});

describe("the data connections section", () => {
  it("lists each connection with its source, status, verification and date", async () => {
    render([POSTGRES, MYSQL_FAILING, XERO_PAUSED, FILES]);
    const table = await screen.findByRole("table", { name: "Your organization's data connections, newest first" });
    expect(within(table).getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Name",
      "Source",
      "Status",
      "Verified",
      "Created",
      "Actions",
    ]);

    const postgres = await rowOf("Warehouse database");
    expect(within(postgres).getByText("Read replica of the ERP")).toBeDefined();
    expect(within(postgres).getByText("PostgreSQL database")).toBeDefined();
    expect(within(postgres).getByText("Connected")).toBeDefined();
    expect(within(postgres).getByText((_, element) => element?.tagName === "TIME" && element.getAttribute("dateTime") === POSTGRES.last_tested_at)).toBeDefined();

    const mysql = await rowOf("Shop database");
    expect(within(mysql).getByText("Error")).toBeDefined();
    expect(within(mysql).getByText("Access denied for user 'shop'")).toBeDefined();
    expect(within(mysql).getByText(/^Failed on/)).toBeDefined();

    const xero = await rowOf("Xero books");
    expect(within(xero).getByText("Disconnected")).toBeDefined();
    expect(within(xero).getByText("At the first sync")).toBeDefined();
    expect(within(xero).getByRole("button", { name: "Resume Xero books" })).toBeDefined();
    expect(within(xero).queryByRole("button", { name: "Pause Xero books" })).toBeNull();

    const files = await rowOf("Spreadsheet exports");
    expect(within(files).getByText("CSV / Excel files")).toBeDefined();
    expect(within(files).getByText("Not needed")).toBeDefined();
    // Files have nothing to test or pause.
    expect(within(files).queryByRole("button", { name: "Test Spreadsheet exports" })).toBeNull();
    expect(within(files).queryByRole("button", { name: "Pause Spreadsheet exports" })).toBeNull();

    expect(screen.getByRole("link", { name: "Edit Warehouse database" }).getAttribute("href")).toBe(
      `/data-connection/setup?connection=${CONNECTION_IDS.postgres}`,
    );
    expect(screen.getByRole("link", { name: "Add connection" }).getAttribute("href")).toBe("/data-connection/setup");
  });

  it("never shows a hosted system the portal has not reached yet as a verified connection", async () => {
    const xero = { ...XERO_PAUSED, status: "connected" as const };
    render([xero, { ...MYSQL_FAILING, status: "connected" as const, last_test_error: null }]);
    const hosted = await rowOf("Xero books");
    const badge = within(hosted).getByText("Connected · not verified yet");
    // A neutral icon, not the check mark of a verified connection.
    expect(badge.querySelector("svg")?.getAttribute("class")).toContain("lucide-circle-dashed");
    expect(within(hosted).queryByText("Connected")).toBeNull();
    // A database the server connected to (when it was saved) is verified.
    const database = await rowOf("Shop database");
    expect(within(database).getByText("Connected").querySelector("svg")?.getAttribute("class")).toContain("lucide-circle-check");
  });

  it("explains what a connection is for when there is none", async () => {
    render([]);
    expect(await screen.findByText("No data connections yet")).toBeDefined();
    expect(screen.getByText(/tells us where your current business data lives/)).toBeDefined();
    expect(screen.getAllByRole("link", { name: "Add connection" }).map((link) => link.getAttribute("href"))).toEqual(["/data-connection/setup"]);
  });

  it("says when the connections could not be loaded, and retries", async () => {
    const { api } = render([], { [API.list]: SERVER_FAILURE });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Something went wrong on our side.")).toBeDefined();
    expect(toasts.error).toEqual([["Error", { description: "Failed to load data connections" }]]);

    api.answer(API.list, { body: { connections: [POSTGRES] } });
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await rowOf("Warehouse database")).toBeDefined();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("deletes a connection after a confirmation, and says so", async () => {
    const remove = `DELETE ${API.one(CONNECTION_IDS.postgres)}`;
    const { api } = render([POSTGRES, FILES], { [remove]: { body: { deleted_id: CONNECTION_IDS.postgres } } });
    const user = userEvent.setup();
    await user.click(within(await rowOf("Warehouse database")).getByRole("button", { name: "Delete Warehouse database" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete data connection" });
    expect(within(dialog).getByText(/Delete "Warehouse database" \(PostgreSQL database\)\? Its details and stored credentials are removed/)).toBeDefined();
    expect(api.to(remove)).toEqual([]);

    api.answer(API.list, { body: { connections: [FILES] } });
    await user.click(within(dialog).getByRole("button", { name: "Delete connection" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Success", { description: "Data connection has been deleted." }]]));
    expect(api.to(remove)).toHaveLength(1);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await vi.waitFor(() => expect(screen.queryByText("Warehouse database")).toBeNull());
    // The row and its Delete button are gone: focus goes to the section's heading.
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Data connections", level: 2 })));
  });

  it("keeps the connection and says so when deleting fails; Cancel sends nothing", async () => {
    const remove = `DELETE ${API.one(CONNECTION_IDS.postgres)}`;
    const { api } = render([POSTGRES], { [remove]: SERVER_FAILURE });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete Warehouse database" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.to(remove)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Delete Warehouse database" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete connection" }));
    await vi.waitFor(() =>
      expect(toasts.error).toEqual([["Error", { description: "Failed to delete data connection. Something went wrong on our side." }]]),
    );
    expect(toasts.success).toEqual([]);
    expect(await rowOf("Warehouse database")).toBeDefined();
  });

  it("pauses and resumes a connection by sending only its status", async () => {
    const put = `PUT ${API.one(CONNECTION_IDS.postgres)}`;
    const { api } = render([POSTGRES], { [put]: { body: { ...POSTGRES, status: "disconnected" } } });
    const user = userEvent.setup();
    const pause = await screen.findByRole("button", { name: "Pause Warehouse database" });
    // The write refreshes the list, which then answers the paused connection.
    api.answer(API.list, { body: { connections: [{ ...POSTGRES, status: "disconnected" }] } });
    await user.click(pause);
    await vi.waitFor(() => expect(toasts.success).toHaveLength(1));
    // Nothing else: the list's copy of the name and details may be older than what the server has.
    expect(api.to(put).map((request) => request.body)).toEqual([{ status: "disconnected" }]);
    expect(toasts.success[0]?.[1]).toEqual({ description: `"Warehouse database" is paused: no sync runs until it is resumed.` });

    await user.click(await screen.findByRole("button", { name: "Resume Warehouse database" }));
    await vi.waitFor(() => expect(api.to(put)).toHaveLength(2));
    expect(api.to(put)[1]?.body).toEqual({ status: "connected" });
  });

  it("says when a resumed database could not connect", async () => {
    const paused = { ...MYSQL_FAILING, status: "disconnected" as const, last_test_error: null };
    const answer = { ...MYSQL_FAILING, last_test_error: "Connection refused" };
    render([paused], { [`PUT ${API.one(CONNECTION_IDS.mysql)}`]: { body: answer } });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Resume Shop database" }));
    await vi.waitFor(() =>
      expect(toasts.warning).toEqual([["Saved, but not connected", { description: `"Shop database" is resumed. The connection test failed: Connection refused` }]]),
    );
    expect(toasts.success).toEqual([]);
  });

  it("says when pausing fails", async () => {
    render([MYSQL_FAILING], { [`PUT ${API.one(CONNECTION_IDS.mysql)}`]: SERVER_FAILURE });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Pause Shop database" }));
    await vi.waitFor(() =>
      expect(toasts.error).toEqual([["Error", { description: "Failed to update data connection. Something went wrong on our side." }]]),
    );
  });
});

describe("testing a saved connection from the list", () => {
  it("lists the tables a database connection can read", async () => {
    const { api } = render([POSTGRES], { [API.test]: { body: CONNECTED_RESULT } });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Test Warehouse database" }));
    const dialog = await screen.findByRole("dialog", { name: "Test Warehouse database" });
    const result = await within(dialog).findByTestId("connection-test-result");
    expect(within(result).getByText("Connected")).toBeDefined();
    expect(within(result).getByText("PostgreSQL 16.4")).toBeDefined();
    expect(within(result).getByText("3 tables")).toBeDefined();
    expect(within(within(result).getByRole("list", { name: "Readable tables" })).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "public.customers",
      "public.invoices",
      "sales.orders",
    ]);
    // The stored configuration, and the connection's id so that the server fills in its secrets.
    expect(api.to(API.test).map((request) => request.body)).toEqual([
      { data_source_id: "postgresql", connection_config: POSTGRES.connection_config, connection_id: CONNECTION_IDS.postgres },
    ]);
    // The outcome is recorded on the connection: the list is fetched again.
    await vi.waitFor(() => expect(api.to(API.list)).toHaveLength(2));
  });

  it("shows a failed test as an alert with the reason", async () => {
    render([MYSQL_FAILING], { [API.test]: { body: FAILED_RESULT } });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Test Shop database" }));
    const dialog = await screen.findByRole("dialog", { name: "Test Shop database" });
    const alert = await within(dialog).findByRole("alert");
    expect(within(alert).getByText("Could not connect")).toBeDefined();
    expect(within(alert).getByText(FAILED_RESULT.message)).toBeDefined();
    expect(within(dialog).queryByText("Connected")).toBeNull();
  });

  it("never calls a hosted system connected: it is verified at the first sync", async () => {
    render([XERO_PAUSED], { [API.test]: { body: DEFERRED_RESULT } });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Test Xero books" }));
    const dialog = await screen.findByRole("dialog", { name: "Test Xero books" });
    const result = await within(dialog).findByTestId("connection-test-result");
    expect(within(result).getByText("Not verified yet")).toBeDefined();
    expect(within(result).getByText(/will be verified when the first sync runs/)).toBeDefined();
    expect(within(dialog).queryByText("Connected")).toBeNull();
  });

  it("says why when the test could not run at all", async () => {
    render([POSTGRES], { [API.test]: SERVER_FAILURE });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Test Warehouse database" }));
    const dialog = await screen.findByRole("dialog", { name: "Test Warehouse database" });
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Something went wrong on our side.");
  });
});

describe("an employee", () => {
  it("with no organization selected is told so, and nothing is requested", async () => {
    const api = installFakeApi({ [API.list]: { body: { connections: [POSTGRES] } } });
    renderDataSetup("/data-connection", EMPLOYEE);
    expect(await screen.findByText(/No organization selected\. Choose one in the header/)).toBeDefined();
    expect(toasts.error).toEqual([["No organization selected", { description: "Choose the organization to work on in the header first." }]]);
    expect(api.to(API.list)).toEqual([]);
  });

  it("with an organization selected sees its connections, asked for in its name", async () => {
    selectEmployeeOrganization(ORGANIZATION_ID);
    const api = installFakeApi({ [API.list]: { body: { connections: [POSTGRES] } } });
    renderDataSetup("/data-connection", EMPLOYEE);
    expect(await rowOf("Warehouse database")).toBeDefined();
    expect(api.to(API.list)[0]?.headers["x-organization-id"]).toBe(ORGANIZATION_ID);
    expect(toasts.error).toEqual([]);
  });
});
