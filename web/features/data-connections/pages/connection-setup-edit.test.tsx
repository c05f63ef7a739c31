import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type FakeAnswer, installFakeApi } from "#web/lib/testing/fake-api.ts";
import { STORED_SECRET_HINT } from "#web/features/data-connections/components/connection-field-input.tsx";
import {
  API,
  CONNECTED_RESULT,
  CONNECTION_IDS,
  POSTGRES,
  SERVER_FAILURE,
  XERO_PAUSED,
  continueToReview,
  currentUrl,
  errorOf,
  fill,
  renderDataSetup,
  validationFailure,
} from "#web/features/data-connections/data-connections-test-kit.tsx";
import { toasts } from "#web/lib/testing/toast-recorder.ts";


const ONE = API.one(CONNECTION_IDS.postgres);
function render(answers: Record<string, FakeAnswer> = {}, connectionId: string = CONNECTION_IDS.postgres) {
  const api = installFakeApi({ [`GET ${ONE}`]: { body: POSTGRES }, [API.list]: { body: { connections: [POSTGRES] } }, ...answers });
  const rendered = renderDataSetup(`/data-connection/setup?connection=${connectionId}`);
  return { api, user: userEvent.setup(), ...rendered };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("editing a data connection", () => {
  it("opens at the details with the source fixed and the saved values, secrets left empty", async () => {
    render();
    expect(await screen.findByRole("heading", { name: "Edit data connection", level: 1 })).toBeDefined();
    await screen.findByRole("heading", { name: "Details", level: 2 });
    const steps = screen.getByRole("navigation", { name: "Setup steps" });
    expect(within(steps).getByText(/Source: PostgreSQL database/)).toBeDefined();
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();

    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Warehouse database");
    expect((screen.getByLabelText(/^Description/) as HTMLTextAreaElement).value).toBe("Read replica of the ERP");
    expect((screen.getByLabelText(/^Host/) as HTMLInputElement).value).toBe("db.acme.example");
    expect((screen.getByLabelText(/^Port/) as HTMLInputElement).value).toBe("5432");
    expect((screen.getByLabelText("Use SSL") as HTMLInputElement).checked).toBe(true);
    const password = screen.getByLabelText("Password") as HTMLInputElement;
    expect(password.value).toBe("");
    // A database's stored password is sent only to the server it was entered for: the hint says so up front.
    expect(password.getAttribute("aria-describedby")?.split(" ").map((id) => document.getElementById(id)?.textContent)).toContain(
      "A value is stored. Leave this empty to keep it, or type a new one to replace it. If you change the host, port, database, user name or SSL setting, type it again.",
    );
  });

  it("saves changes without the stored secret when it is left empty", async () => {
    const saved = { ...POSTGRES, connection_config: { ...POSTGRES.connection_config, host: "db2.acme.example" } };
    const { api, user, router } = render({ [`PUT ${ONE}`]: { body: saved } });
    await screen.findByRole("heading", { name: "Details" });
    await fill(user, /^Host/, "db2.acme.example");
    await continueToReview(user);
    expect(screen.getByText("Stored, kept as is")).toBeDefined();
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(currentUrl(router)).toBe("/data-connection"));
    expect(api.to(`PUT ${ONE}`).map((request) => request.body)).toEqual([
      {
        name: "Warehouse database",
        description: "Read replica of the ERP",
        connection_config: { host: "db2.acme.example", port: 5432, database: "erp", username: "reader", use_ssl: true },
      },
    ]);
    expect(toasts.success).toEqual([["Success", { description: "Data connection has been updated." }]]);
  });

  it("sends a secret that is typed anew, and clears an emptied description", async () => {
    const { api, user, router } = render({ [`PUT ${ONE}`]: { body: POSTGRES } });
    await screen.findByRole("heading", { name: "Details" });
    await fill(user, "Password", "new pass");
    await fill(user, /^Description/, "");
    await continueToReview(user);
    expect(screen.getByText("Entered (hidden)")).toBeDefined();
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe("/data-connection"));
    const body = api.to(`PUT ${ONE}`)[0]?.body as { description: string; connection_config: Record<string, unknown> };
    expect(body.connection_config.password).toBe("new pass");
    expect(body.description).toBe("");
  });

  it("removes a stored optional password when asked to", async () => {
    const { api, user, router } = render({ [`PUT ${ONE}`]: { body: { ...POSTGRES, secrets_set: [] } } });
    await screen.findByRole("heading", { name: "Details" });
    await user.click(screen.getByRole("checkbox", { name: "Remove the stored password" }));
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(screen.getByText("The stored password is removed when you save.")).toBeDefined();
    await continueToReview(user);
    expect(screen.getByText("Removed when saved")).toBeDefined();
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe("/data-connection"));
    expect((api.to(`PUT ${ONE}`)[0]?.body as { connection_config: unknown }).connection_config).toEqual({ ...POSTGRES.connection_config, password: null });
  });

  it("keeps a required stored secret when it is left empty (a hosted system)", async () => {
    const one = API.one(CONNECTION_IDS.xero);
    const { api, user, router } = render(
      { [`GET ${one}`]: { body: XERO_PAUSED }, [`PUT ${one}`]: { body: XERO_PAUSED } },
      CONNECTION_IDS.xero,
    );
    await screen.findByRole("heading", { name: "Details" });
    expect(screen.getByLabelText("Client secret").getAttribute("aria-required")).toBeNull();
    expect(screen.getByText(STORED_SECRET_HINT)).toBeDefined();
    // A required secret can be replaced, never removed.
    expect(screen.queryByRole("checkbox", { name: "Remove the stored client secret" })).toBeNull();
    await continueToReview(user);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe("/data-connection"));
    expect((api.to(`PUT ${one}`)[0]?.body as { connection_config: unknown }).connection_config).toEqual(XERO_PAUSED.connection_config);
  });

  it("tests with the stored secrets by naming the connection", async () => {
    const { api, user } = render({ [API.test]: { body: CONNECTED_RESULT } });
    await screen.findByRole("heading", { name: "Details" });
    await continueToReview(user);
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    expect(within(await screen.findByTestId("connection-test-result")).getByText("PostgreSQL 16.4")).toBeDefined();
    expect(api.to(API.test).map((request) => request.body)).toEqual([
      { data_source_id: "postgresql", connection_config: POSTGRES.connection_config, connection_id: CONNECTION_IDS.postgres },
    ]);
  });

  it("puts the server's field problems on their fields when saving fails", async () => {
    const { user } = render({
      [`PUT ${ONE}`]: validationFailure([{ path: "connection_config.database", message: "Database must be at most 63 characters" }]),
    });
    await screen.findByRole("heading", { name: "Details" });
    await continueToReview(user);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByRole("heading", { name: "Details" });
    const database = screen.getByLabelText(/^Database/);
    expect(database.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Database must be at most 63 characters")).toBeDefined();
    expect(document.activeElement).toBe(database);
    expect(toasts.error).toEqual([["Error", { description: "Failed to update data connection. Some fields are not valid" }]]);
  });

  it("shows the server's refusal to reuse a stored password on the password field", async () => {
    const message = "Type the password again: a stored password is only sent to the server it was entered for";
    const { api, user } = render({ [`PUT ${ONE}`]: validationFailure([{ path: "connection_config.password", message }]) });
    await screen.findByRole("heading", { name: "Details" });
    await fill(user, /^Host/, "db9.acme.example");
    await continueToReview(user);
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    await screen.findByRole("heading", { name: "Details" });
    const password = screen.getByLabelText("Password");
    expect(errorOf("Password")).toBe(message);
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(password);
    expect((api.to(`PUT ${ONE}`)[0]?.body as { connection_config: Record<string, unknown> }).connection_config).not.toHaveProperty("password");
  });

  it("says the update failed when the server fails", async () => {
    const { user, router } = render({ [`PUT ${ONE}`]: SERVER_FAILURE });
    await screen.findByRole("heading", { name: "Details" });
    await fill(user, /^Name/, "Warehouse replica");
    await continueToReview(user);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Something went wrong on our side.");
    expect(toasts.error).toEqual([["Error", { description: "Failed to update data connection. Something went wrong on our side." }]]);
    expect(currentUrl(router)).toBe(`/data-connection/setup?connection=${CONNECTION_IDS.postgres}`);
  });

  it("asks before edits are left behind, also when another connection is opened", async () => {
    const { user, router } = render();
    await screen.findByRole("heading", { name: "Details" });
    await fill(user, /^Host/, "db9.acme.example");
    await router.navigate("/data-connection/setup");
    const dialog = await screen.findByRole("alertdialog", { name: "Unsaved changes" });
    await user.click(within(dialog).getByRole("button", { name: "Keep Editing" }));
    expect(currentUrl(router)).toBe(`/data-connection/setup?connection=${CONNECTION_IDS.postgres}`);
    expect((screen.getByLabelText(/^Host/) as HTMLInputElement).value).toBe("db9.acme.example");
  });

  it("says when the connection cannot be found, and offers a new one", async () => {
    const missing = "99999999-9999-4999-8999-999999999999";
    render({ [`GET ${API.one(missing)}`]: { status: 404, body: { error: { code: "not_found", message: "Data connection not found" } } } }, missing);
    expect((await screen.findByRole("alert")).textContent).toContain("Data connection not found");
    expect(screen.getByRole("link", { name: "Add a new connection instead" }).getAttribute("href")).toBe("/data-connection/setup");
    expect(toasts.error).toEqual([["Error", { description: "Failed to load data connections" }]]);
  });
});
