import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import {
  API,
  DEFERRED_RESULT,
  FAILED_RESULT,
  XERO_PAUSED,
  chooseSource,
  errorOf,
  fill,
  fillPostgres,
  renderDataSetup,
} from "#web/features/data-connections/data-connections-test-kit.tsx";
import { toasts } from "#web/lib/testing/toast-recorder.ts";


function render(answers: Record<string, { status?: number; body?: unknown }> = {}) {
  const api = installFakeApi({ [API.list]: { body: { connections: [] } }, ...answers });
  const rendered = renderDataSetup("/data-connection/setup");
  return { api, user: userEvent.setup(), ...rendered };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What "Test connection" tells for each kind of source, before anything is saved. */
describe("testing new connection details", () => {
  it("shows a failed database test as an alert and still lets the details be saved", async () => {
    const { user } = render({ [API.test]: { body: FAILED_RESULT } });
    await chooseSource(user, "MySQL database");
    expect((screen.getByLabelText(/^Port/) as HTMLInputElement).value).toBe("3306");
    await fillPostgres(user);
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Could not connect")).toBeDefined();
    expect(within(alert).getByText(FAILED_RESULT.message)).toBeDefined();
    expect((screen.getByRole("button", { name: "Save connection" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("tells a hosted system's test as not verified until the first sync, never connected", async () => {
    const { api, user } = render({ [API.test]: { body: DEFERRED_RESULT } });
    await chooseSource(user, "Xero");
    await fill(user, /^Tenant ID/, "not-a-uuid");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await vi.waitFor(() => expect(errorOf(/^Tenant ID/)).toBe("Tenant ID must be the organisation's ID from Xero (a UUID)"));
    expect(errorOf(/^Client secret/)).toBe("Client secret is required");

    await fill(user, /^Tenant ID/, String(XERO_PAUSED.connection_config.tenant_id));
    await fill(user, /^Client ID/, "xero-client");
    await fill(user, /^Client secret/, "xero-secret");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(/The portal cannot reach Xero from here/)).toBeDefined();
    await user.click(screen.getByRole("button", { name: "Test connection" }));

    const result = await screen.findByTestId("connection-test-result");
    expect(within(result).getByText("Not verified yet")).toBeDefined();
    expect(within(result).getByText(DEFERRED_RESULT.message)).toBeDefined();
    expect(screen.queryByText("Connected")).toBeNull();
    expect(api.to(API.test)[0]?.body).toEqual({
      data_source_id: "xero",
      connection_config: { tenant_id: XERO_PAUSED.connection_config.tenant_id, client_id: "xero-client", client_secret: "xero-secret" },
    });
  });

  it("needs no test for files", async () => {
    const { user } = render();
    await chooseSource(user, "CSV / Excel files");
    expect(screen.getAllByText(/Files need no connection/)).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Test and save" });
    expect(screen.queryByRole("button", { name: "Test connection" })).toBeNull();
    expect(screen.getByText(/Files need no connection/)).toBeDefined();
  });

  it("says why when the test could not run at all, without calling anything connected", async () => {
    const { user } = render({ [API.test]: { status: 503, body: { error: { code: "unavailable", message: "Testing is unavailable right now." } } } });
    await chooseSource(user, "PostgreSQL database");
    await fillPostgres(user);
    await user.click(screen.getByRole("button", { name: "Test connection" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The test could not run: Testing is unavailable right now.");
    expect(screen.queryByTestId("connection-test-result")).toBeNull();
    expect(toasts.error).toEqual([]);
  });
});

// Issue 26: long text is kept, counted and refused, never cut.
describe("a connection description over its limit", () => {
  it("keeps a pasted 60,000-character description whole, counts it and refuses to continue", async () => {
    const { api, user } = render();
    await chooseSource(user, "PostgreSQL database");
    const description = screen.getByLabelText("Description (optional)") as HTMLTextAreaElement;
    expect(description.hasAttribute("maxlength")).toBe(false);
    await user.click(description);
    await user.paste("x".repeat(60_000));

    expect(description.value).toHaveLength(60_000);
    expect(description.getAttribute("aria-describedby")).toContain(screen.getByText("60,000 / 500").id);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Description must be at most 500 characters")).toBeDefined();
    expect(errorOf("Description (optional)")).toBe("Description must be at most 500 characters");
    expect(screen.queryByRole("heading", { name: "Test and save", level: 2 })).toBeNull();
    expect(description.value).toHaveLength(60_000);
    expect(api.to(API.test)).toEqual([]);
  });
});
