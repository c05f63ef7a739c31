import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { ACME_ID, GLOBEX_ID, LEGACY, V2, organizationMenu } from "./menu-test-answers.ts";
import { type AdministeredOrganization, OrganizationMenusSection } from "./organization-menus-section.tsx";


const ORGANIZATIONS: AdministeredOrganization[] = [
  { id: ACME_ID, organization_name: "Acme" },
  { id: GLOBEX_ID, organization_name: "Globex" },
];

function renderSection(props: Partial<Parameters<typeof OrganizationMenusSection>[0]> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <OrganizationMenusSection organizations={ORGANIZATIONS} isPending={false} error={null} onRetry={() => {}} {...props} />
    </QueryClientProvider>,
  );
}

const answers = {
  "GET /api/admin/menu-versions": { body: [LEGACY, V2] },
  [`GET /api/admin/organizations/${ACME_ID}/menu-version`]: { body: organizationMenu(ACME_ID, null) },
  [`GET /api/admin/organizations/${GLOBEX_ID}/menu-version`]: { body: organizationMenu(GLOBEX_ID, "legacy", { effective_version: "v1" }) },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("OrganizationMenusSection", () => {
  it("shows each organization's menu version and the one in force", async () => {
    installFakeApi(answers);
    renderSection();
    expect(screen.getByRole("heading", { name: "Organizations" })).toBeDefined();
    const acme = await screen.findByRole("combobox", { name: "Menu version for Acme" });
    expect(acme.textContent).toContain("Default (v1)");
    const globex = await screen.findByRole("combobox", { name: "Menu version for Globex" });
    expect(globex.textContent).toContain("legacy (inactive)");
    const globexRow = globex.closest("tr");
    if (!globexRow) throw new Error("no row for Globex");
    expect(within(globexRow).getByText("In force: v1")).toBeDefined();
  });

  it("assigns a version by name and back to the default", async () => {
    let acmeVersion: string | null = null;
    const api = installFakeApi({
      ...answers,
      [`GET /api/admin/organizations/${ACME_ID}/menu-version`]: () => ({ body: organizationMenu(ACME_ID, acmeVersion) }),
      [`PUT /api/admin/organizations/${ACME_ID}/menu-version`]: (request) => {
        acmeVersion = (request.body as { menu_version: string | null }).menu_version;
        return { body: organizationMenu(ACME_ID, acmeVersion) };
      },
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("combobox", { name: "Menu version for Acme" }));
    await user.click(await screen.findByRole("option", { name: "v2" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Menu version assigned", { description: "Acme now uses v2." }]]));
    expect(screen.getByRole("combobox", { name: "Menu version for Acme" }).textContent).toContain("v2");

    await user.click(screen.getByRole("combobox", { name: "Menu version for Acme" }));
    await user.click(await screen.findByRole("option", { name: "Default (v1)" }));
    await vi.waitFor(() => expect(toasts.success).toHaveLength(2));
    expect(api.to(`PUT /api/admin/organizations/${ACME_ID}/menu-version`).map((request) => request.body)).toEqual([
      { menu_version: "v2" },
      { menu_version: null },
    ]);
    expect(toasts.success[1]).toEqual(["Menu version assigned", { description: "Acme now uses Default (v1)." }]);
  });

  it("toasts the server's message when an assignment fails", async () => {
    installFakeApi({
      ...answers,
      [`PUT /api/admin/organizations/${GLOBEX_ID}/menu-version`]: {
        status: 404,
        body: { error: { code: "not_found", message: "Organization not found" } },
      },
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("combobox", { name: "Menu version for Globex" }));
    await user.click(await screen.findByRole("option", { name: "v2" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Error", { description: "Organization not found" }]]));
    expect(toasts.success).toEqual([]);
  });

  it("filters organizations by name", async () => {
    installFakeApi(answers);
    renderSection();
    const user = userEvent.setup();
    await screen.findByRole("combobox", { name: "Menu version for Acme" });
    await user.type(screen.getByLabelText("Filter organizations"), "glo");
    expect(screen.queryByText("Acme")).toBeNull();
    expect(screen.getByText("Globex")).toBeDefined();
    await user.type(screen.getByLabelText("Filter organizations"), "zzz");
    expect(screen.getByText("No organization matches “glozzz”.")).toBeDefined();
  });

  it("shows loading, empty and error states", async () => {
    installFakeApi(answers);
    const onRetry = vi.fn();
    renderSection({ organizations: undefined, isPending: true });
    expect(screen.getByText("Loading organizations...")).toBeDefined();
    document.body.innerHTML = "";

    renderSection({ organizations: [] });
    expect(await screen.findByText("No organizations yet.")).toBeDefined();
    document.body.innerHTML = "";

    renderSection({ organizations: undefined, error: new Error("boom"), onRetry });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
