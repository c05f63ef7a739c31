import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { MenuVersionsSection } from "./menu-versions-section.tsx";
import { LEGACY, V2 } from "./menu-test-answers.ts";


function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MenuVersionsSection />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("MenuVersionsSection", () => {
  it("lists the versions with readable items and permissions", async () => {
    installFakeApi({ "GET /api/admin/menu-versions": { body: [LEGACY, V2] } });
    renderSection();
    expect(screen.getByRole("heading", { name: "Menu versions" })).toBeDefined();
    expect(screen.getByText("Loading menu versions...")).toBeDefined();
    const v2Row = (await screen.findByText("v2")).closest("tr");
    if (!v2Row) throw new Error("no row for v2");
    expect(within(v2Row).getByText("Active")).toBeDefined();
    expect(within(v2Row).getByText("Tools (whole section)")).toBeDefined();
    expect(within(v2Row).getByText("Files")).toBeDefined();
    expect(within(v2Row).getByText("Extensions: always visible")).toBeDefined();
    expect(within(v2Row).getByText("2")).toBeDefined();
    expect(within(v2Row).getByRole("button", { name: "Edit v2" })).toBeDefined();

    const legacyRow = screen.getByText("legacy").closest("tr");
    if (!legacyRow) throw new Error("no row for legacy");
    expect(within(legacyRow).getByText("Inactive")).toBeDefined();
    expect(within(legacyRow).getAllByText("None")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "New menu version" })).toBeDefined();
  });

  it("says when there is no version yet", async () => {
    installFakeApi({ "GET /api/admin/menu-versions": { body: [] } });
    renderSection();
    expect(await screen.findByText("No menu versions yet.")).toBeDefined();
  });

  it("shows the server's refusal with a retry", async () => {
    installFakeApi({
      "GET /api/admin/menu-versions": {
        status: 403,
        body: { error: { code: "forbidden", message: "Only the provider administrator can manage menu versions" } },
      },
    });
    renderSection();
    expect((await screen.findByRole("alert")).textContent).toContain("Only the provider administrator can manage menu versions");
    expect(screen.getByRole("button", { name: "Try again" })).toBeDefined();
  });

  it("creates a version with the chosen name, state, exclusions and permission", async () => {
    const api = installFakeApi({
      "GET /api/admin/menu-versions": { body: [] },
      "POST /api/admin/menu-versions": { status: 201, body: V2 },
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New menu version" }));
    const dialog = await screen.findByRole("dialog", { name: "New menu version" });
    expect((within(dialog).getByLabelText("Active") as HTMLInputElement).checked).toBe(true);
    await user.type(within(dialog).getByLabelText("Version name"), "  v3 ");
    await user.click(within(dialog).getByLabelText("Active"));
    await user.click(within(dialog).getByLabelText("Extensions always visible"));
    // Checked out of order; sent in the navigation's order.
    await user.click(within(dialog).getByLabelText("Files"));
    await user.click(within(dialog).getByLabelText("Dashboard"));
    await user.click(within(dialog).getByLabelText("Guided Walkthrough"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to("POST /api/admin/menu-versions").map((request) => request.body)).toEqual([
      {
        version_name: "v3",
        is_active: false,
        menu_config: { excludeItems: ["dashboard", "content", "guided-walkthrough"], customPermissions: { extensions: "always_visible" } },
      },
    ]);
    expect(toasts.success).toEqual([["Menu version saved", { description: "v3 is saved." }]]);
    await vi.waitFor(() => expect(api.to("GET /api/admin/menu-versions")).toHaveLength(2));
  });

  it("edits a version starting from its values", async () => {
    const api = installFakeApi({
      "GET /api/admin/menu-versions": { body: [V2] },
      [`PATCH /api/admin/menu-versions/${V2.id}`]: { body: { ...V2, version_name: "v2b" } },
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit v2" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit menu version" });
    const name = within(dialog).getByLabelText("Version name") as HTMLInputElement;
    expect(name.value).toBe("v2");
    expect((within(dialog).getByLabelText("Tools (whole section)") as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText("Files") as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText("Extensions always visible") as HTMLInputElement).checked).toBe(true);

    await user.clear(name);
    await user.type(name, "v2b");
    await user.click(within(dialog).getByLabelText("Tools (whole section)"));
    await user.click(within(dialog).getByLabelText("Extensions always visible"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to(`PATCH /api/admin/menu-versions/${V2.id}`).map((request) => request.body)).toEqual([
      { version_name: "v2b", is_active: true, menu_config: { excludeItems: ["content"], customPermissions: {} } },
    ]);
    expect(toasts.success.map(([title]) => title)).toEqual(["Menu version saved"]);
  });

  it("shows a duplicate name on the name field and keeps the dialog open", async () => {
    const message = "A menu version with this name already exists";
    installFakeApi({
      "GET /api/admin/menu-versions": { body: [V2] },
      "POST /api/admin/menu-versions": { status: 409, body: { error: { code: "conflict", message, details: [{ path: "version_name", message }] } } },
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New menu version" }));
    const dialog = await screen.findByRole("dialog", { name: "New menu version" });
    await user.type(within(dialog).getByLabelText("Version name"), "V2");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await within(dialog).findByText(message)).toBeDefined();
    expect(within(dialog).getByLabelText("Version name").getAttribute("aria-invalid")).toBe("true");
    expect(toasts.error).toEqual([]);
    expect(toasts.success).toEqual([]);
  });

  it("checks the name before sending anything", async () => {
    const api = installFakeApi({ "GET /api/admin/menu-versions": { body: [] } });
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New menu version" }));
    const dialog = await screen.findByRole("dialog", { name: "New menu version" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Version name is required")).toBeDefined();
    expect(api.requests.filter((request) => request.method !== "GET")).toEqual([]);
  });

  it("toasts the server's message for other failures", async () => {
    installFakeApi({
      "GET /api/admin/menu-versions": { body: [] },
      "POST /api/admin/menu-versions": { status: 403, body: { error: { code: "forbidden", message: "Only the provider administrator can manage menu versions" } } },
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New menu version" }));
    const dialog = await screen.findByRole("dialog", { name: "New menu version" });
    await user.type(within(dialog).getByLabelText("Version name"), "v4");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await vi.waitFor(() =>
      expect(toasts.error).toEqual([["Error", { description: "Only the provider administrator can manage menu versions" }]]),
    );
    expect(screen.getByRole("dialog", { name: "New menu version" })).toBeDefined();
  });
});
