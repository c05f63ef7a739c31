import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DataConnection } from "#common/contracts/data-connections";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { clearSelectedOrganization } from "#web/lib/selected-organization.ts";
import {
  API,
  CONNECTED_RESULT,
  CONNECTION_IDS,
  EMPLOYEE,
  POSTGRES,
  SERVER_FAILURE,
  chooseSource,
  currentUrl,
  dataConnection,
  errorOf,
  fill,
  fillPostgres,
  renderDataSetup,
  validationFailure,
} from "#web/features/data-connections/data-connections-test-kit.tsx";
import { toasts } from "#web/lib/testing/toast-recorder.ts";


const NEW_ID = "55555555-5555-4555-8555-555555555555";

function render(connections: DataConnection[] = [], answers: Record<string, { status?: number; body?: unknown }> = {}) {
  const api = installFakeApi({ [API.list]: { body: { connections } }, ...answers });
  const rendered = renderDataSetup("/data-connection/setup");
  return { api, user: userEvent.setup(), ...rendered };
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSelectedOrganization();
});

describe("adding a data connection", () => {
  it("walks through source, details and test, then saves and returns to Data Setup", async () => {
    const created = dataConnection({ id: NEW_ID, data_source_id: "postgresql", name: "PostgreSQL database" });
    const { api, user, router } = render([], {
      [API.test]: { body: CONNECTED_RESULT },
      [API.create]: { status: 201, body: { connection: created, created: true } },
    });
    expect((await screen.findByRole("navigation", { name: "Setup steps" })).querySelector("[aria-current=step]")?.textContent).toBe(
      "1Step 1: Choose the source (current)",
    );
    expect(screen.getByRole("group", { name: "Accounting systems" })).toBeDefined();
    expect(screen.getByRole("group", { name: "Files" })).toBeDefined();

    await chooseSource(user, "PostgreSQL database");
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Details" }));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("PostgreSQL database");
    expect((screen.getByLabelText(/^Port/) as HTMLInputElement).value).toBe("5432");
    expect((screen.getByLabelText("Use SSL") as HTMLInputElement).checked).toBe(false);
    expect(screen.getByLabelText("Password").getAttribute("type")).toBe("password");
    expect(screen.getByLabelText(/^Host/).getAttribute("aria-required")).toBe("true");
    expect(screen.getByText("Leave empty if the server asks for none.")).toBeDefined();

    await fillPostgres(user);
    const summary = screen.getByRole("heading", { name: "Test and save" }).closest("form");
    if (!summary) throw new Error("no step 3 form");
    expect(within(summary).getByText("db.acme.example")).toBeDefined();
    expect(within(summary).getByText("Entered (hidden)")).toBeDefined();
    expect(within(summary).queryByText("s3cret pass")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Test connection" }));
    const result = await screen.findByTestId("connection-test-result");
    expect(within(result).getByText("Connected")).toBeDefined();
    expect(within(result).getByText("public.customers")).toBeDefined();
    const config = { host: "db.acme.example", port: 5432, database: "erp", username: "reader", password: "s3cret pass", use_ssl: false };
    expect(api.to(API.test).map((request) => request.body)).toEqual([{ data_source_id: "postgresql", connection_config: config }]);

    await user.click(screen.getByRole("button", { name: "Save connection" }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe("/data-connection"));
    expect(api.to(API.create).map((request) => request.body)).toEqual([
      { data_source_id: "postgresql", name: "PostgreSQL database", description: "", connection_config: config },
    ]);
    expect(toasts.success).toEqual([["Success", { description: "Data connection has been created." }]]);
  });

  it("says so when the database was saved but could not connect", async () => {
    const failing = dataConnection({ id: NEW_ID, data_source_id: "postgresql", name: "PostgreSQL database", status: "error", last_test_error: "Password authentication failed for user reader." });
    const { user, router } = render([], { [API.create]: { status: 201, body: { connection: failing, created: true } } });
    await chooseSource(user, "PostgreSQL database");
    await fillPostgres(user);
    await user.click(screen.getByRole("button", { name: "Save connection" }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe("/data-connection"));
    expect(toasts.success).toEqual([]);
    expect(toasts.warning).toEqual([
      [
        "Saved, but not connected",
        { description: "Data connection has been created. The connection test failed: Password authentication failed for user reader." },
      ],
    ]);
  });

  it("asks for a source before going on", async () => {
    const { user } = render();
    await user.click(await screen.findByRole("button", { name: "Continue" }));
    // An alert: the fieldset's description alone is not announced when it appears.
    expect(screen.getByRole("alert").textContent).toBe("Choose a data source");
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "QuickBooks Online" }));
    expect(screen.queryByRole("heading", { name: "Details" })).toBeNull();
  });

  it("checks the details with the source's schema before the test step", async () => {
    const { api, user } = render();
    await chooseSource(user, "PostgreSQL database");
    await fill(user, /^Port/, "70000");
    await fill(user, /^Database/, "erp");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("Host is required")).toBeDefined();
    expect(errorOf(/^Host/)).toBe("Host is required");
    expect(errorOf(/^Port/)).toBe("Port must be between 1 and 65535");
    expect(errorOf(/^User name/)).toBe("User name is required");
    expect(errorOf(/^Database/)).toBeNull();
    // The password is optional for a database.
    expect(errorOf("Password")).toBeNull();
    expect(screen.getByLabelText(/^Host/).getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText(/^Host/));
    expect(screen.queryByRole("heading", { name: "Test and save" })).toBeNull();

    await fill(user, /^Port/, "5433x");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await vi.waitFor(() => expect(errorOf(/^Port/)).toBe("Port must be a whole number"));
    expect(api.requests.filter((request) => request.method !== "GET")).toEqual([]);
  });

  it("marks the sources the organization already has, and opens that connection instead", async () => {
    const { user, router } = render([POSTGRES], { [`GET ${API.one(CONNECTION_IDS.postgres)}`]: { body: POSTGRES } });
    const existing = await screen.findByTestId("existing-source");
    expect(within(existing).getByText("Already connected")).toBeDefined();
    expect(within(existing).getByText(/"Warehouse database"/)).toBeDefined();
    expect(screen.queryByRole("radio", { name: "PostgreSQL database" })).toBeNull();

    // The name starts with the visible text (WCAG 2.5.3), then says which connection.
    await user.click(within(existing).getByRole("link", { name: "Open connection: PostgreSQL database" }));
    const heading = await screen.findByRole("heading", { name: "Edit data connection", level: 1 });
    expect(currentUrl(router)).toBe(`/data-connection/setup?connection=${CONNECTION_IDS.postgres}`);
    // The link is gone with the step it was on: focus goes to the page's heading, not to the document.
    expect(document.activeElement).toBe(heading);
  });

  it("opens the existing connection when the server answers that one (Connection Already Exists)", async () => {
    const { api, user, router } = render([], {
      [API.create]: { body: { connection: POSTGRES, created: false } },
      [`GET ${API.one(CONNECTION_IDS.postgres)}`]: { body: POSTGRES },
    });
    await chooseSource(user, "PostgreSQL database");
    await fillPostgres(user);
    await user.click(screen.getByRole("button", { name: "Save connection" }));

    await vi.waitFor(() => expect(currentUrl(router)).toBe(`/data-connection/setup?connection=${CONNECTION_IDS.postgres}`));
    expect(toasts.info).toEqual([
      [
        "Connection Already Exists",
        {
          description: `Your organization already has a PostgreSQL database connection, "Warehouse database". It is open now so you can review or change it.`,
        },
      ],
    ]);
    expect(toasts.success).toEqual([]);
    const heading = await screen.findByRole("heading", { name: "Edit data connection", level: 1 });
    expect(document.activeElement).toBe(heading);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Warehouse database");
    // No "unsaved changes" question on the way: the typed details were answered by the existing connection.
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.to(API.create)).toHaveLength(1);
  });

  it("puts the server's field problems on their fields and says the creation failed", async () => {
    const { user } = render([], {
      [API.create]: validationFailure([
        { path: "connection_config.host", message: "Host must be a host name or an IP address" },
        { path: "name", message: "Name cannot contain control characters" },
      ]),
    });
    await chooseSource(user, "PostgreSQL database");
    await fillPostgres(user);
    await user.click(screen.getByRole("button", { name: "Save connection" }));

    await screen.findByRole("heading", { name: "Details" });
    expect(errorOf(/^Host/)).toBe("Host must be a host name or an IP address");
    expect(errorOf(/^Name/)).toBe("Name cannot contain control characters");
    // Focus goes to the first problem in the form's order.
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name/));
    expect(toasts.error).toEqual([["Error", { description: "Failed to create data connection. Some fields are not valid" }]]);
  });

  it("says the creation failed, with the reason, when the server fails", async () => {
    const { user, router } = render([], { [API.create]: SERVER_FAILURE });
    await chooseSource(user, "PostgreSQL database");
    await fillPostgres(user);
    await user.click(screen.getByRole("button", { name: "Save connection" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Something went wrong on our side.");
    expect(toasts.error).toEqual([["Error", { description: "Failed to create data connection. Something went wrong on our side." }]]);
    expect(currentUrl(router)).toBe("/data-connection/setup");
  });

  it("forgets a failed save once the user is back at the details to change them", async () => {
    const { api, user } = render([], { [API.create]: SERVER_FAILURE });
    await chooseSource(user, "PostgreSQL database");
    await fillPostgres(user);
    await user.click(screen.getByRole("button", { name: "Save connection" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Something went wrong on our side.");

    await user.click(screen.getByRole("button", { name: "Back" }));
    await fill(user, /^Host/, "db2.acme.example");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Test and save", level: 2 });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(api.to(API.create)).toHaveLength(1);
  });

  it("keeps a typed name when another source is chosen, and starts that source's fields afresh", async () => {
    const { user } = render();
    await chooseSource(user, "PostgreSQL database");
    await fill(user, /^Name/, "Our ledger");
    await fill(user, /^Host/, "db.acme.example");
    await user.click(screen.getByRole("button", { name: "Back" }));
    await user.click(await screen.findByRole("radio", { name: "MySQL database" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect((await screen.findByLabelText(/^Name/) as HTMLInputElement).value).toBe("Our ledger");
    expect((screen.getByLabelText(/^Host/) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(/^Port/) as HTMLInputElement).value).toBe("3306");
  });

  it("asks before unsaved details are left behind", async () => {
    const { user, router } = render();
    await chooseSource(user, "PostgreSQL database");
    await fill(user, /^Host/, "db.acme.example");
    await user.click(screen.getByRole("link", { name: "Leave" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Unsaved changes" });
    await user.click(within(dialog).getByRole("button", { name: "Keep Editing" }));
    expect(currentUrl(router)).toBe("/data-connection/setup");
    expect((screen.getByLabelText(/^Host/) as HTMLInputElement).value).toBe("db.acme.example");

    await user.click(screen.getByRole("link", { name: "Leave" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Discard Changes" }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe("/elsewhere"));
  });
});

describe("an employee with no organization selected", () => {
  it("is told so instead of the page calling the API", async () => {
    const api = installFakeApi({ [API.list]: { body: { connections: [] } } });
    renderDataSetup("/data-connection/setup", EMPLOYEE);
    expect(await screen.findByText(/No organization selected\. Choose the organization/)).toBeDefined();
    expect(toasts.error).toEqual([["No organization selected", { description: "Choose the organization to work on in the header first." }]]);
    expect(api.requests).toEqual([]);
  });
});
