import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { clearSelectedOrganization, resolveEmployeeOrganization } from "#web/lib/selected-organization.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { estimate } from "#web/features/pricing-estimates/pricing-summary-test-kit.ts";
import { AppHeader } from "./app-header.tsx";

const ACME = { id: "00000000-0000-4000-8000-00000000000a", organization_name: "Acme" };
const GLOBEX = { id: "00000000-0000-4000-8000-00000000000b", organization_name: "Globex" };
const user = { id: "u1", email: "x@example.com", full_name: null, company_role: null, role: "member_user", organization_id: null };

function renderHeader(isEmployee: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(queryKeys.currentUser, { ...user, is_employee: isEmployee });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AppHeader email="x@example.com" onOpenNavigation={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  clearSelectedOrganization();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AppHeader", () => {
  it("shows a member their organization's name, with no switcher", async () => {
    const api = installFakeApi({
      "GET /api/organization": { body: { ...ACME, display_name: "Acme" } },
      "GET /api/pricing/primary": { body: { estimate: null } },
    });
    renderHeader(false);
    await vi.waitFor(() => expect(screen.getByTestId("organization-name").textContent).toBe("Acme"));
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(api.to("GET /api/employee/organizations")).toEqual([]);
    // The real user menu sits at the end of the header, named by the email when there is no full name.
    expect(screen.getByRole("button", { name: "User menu for x@example.com" })).toBeDefined();
  });

  it("shows an employee the switcher on the selected organization, preferring its own fresher name", async () => {
    resolveEmployeeOrganization([ACME, GLOBEX]);
    installFakeApi({
      "GET /api/employee/organizations": { body: [ACME, GLOBEX] },
      "GET /api/organization": { body: { ...ACME, display_name: "Acme Renamed" } },
      "GET /api/pricing/primary": { body: { estimate: null } },
    });
    renderHeader(true);
    // The switcher is a lazy chunk: its first import in a busy worker may take a while.
    const button = await screen.findByRole("combobox", { name: /^Organization: / }, { timeout: 5000 });
    await vi.waitFor(() => expect(button.getAttribute("aria-label")).toBe("Organization: Acme Renamed"));
    expect(screen.getByTestId("organization-name").textContent).toBe("Acme Renamed");
  });

  it("names the listed organization while its own answer is not there", async () => {
    resolveEmployeeOrganization([ACME, GLOBEX]);
    installFakeApi({
      "GET /api/employee/organizations": { body: [ACME, GLOBEX] },
      "GET /api/organization": { status: 503, body: { error: { code: "unavailable", message: "Down" } } },
      "GET /api/pricing/primary": { body: { estimate: null } },
    });
    renderHeader(true);
    await vi.waitFor(() => expect(screen.getByTestId("organization-name").textContent).toBe("Acme"));
    expect(await screen.findByRole("combobox", { name: "Organization: Acme" }, { timeout: 5000 })).toBeDefined();
  });

  it("shows the primary estimate's monthly total on the price button", async () => {
    installFakeApi({
      "GET /api/organization": { body: { ...ACME, display_name: "Acme" } },
      "GET /api/pricing/primary": { body: { estimate: estimate({ total_monthly_price_cents: 1_234_550, lines: [] }) } },
    });
    renderHeader(false);
    await vi.waitFor(() => expect(screen.getByTestId("price-button").textContent).toBe("$12,346/mo"));
    expect(screen.getByRole("button", { name: "Subscription price: $12,346/mo" })).toBeDefined();
  });

  it("shows no price button to an employee with no organization selected, and asks for no price", async () => {
    const api = installFakeApi({ "GET /api/employee/organizations": { body: [] } });
    renderHeader(true);
    await vi.waitFor(() => expect(api.to("GET /api/employee/organizations")).toHaveLength(1));
    expect(screen.queryByTestId("price-button")).toBeNull();
    expect(api.to("GET /api/pricing/primary")).toEqual([]);
  });
});
