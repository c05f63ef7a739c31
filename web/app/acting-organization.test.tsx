import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getActingOrganizationRoute } from "#common/contracts/organizations";
import { callRoute } from "#web/lib/api-client.ts";
import {
  EMPLOYEE_SELECTED_ORG_KEY,
  clearSelectedOrganization,
  getSelectedOrganizationId,
  resolveEmployeeOrganization,
} from "#web/lib/selected-organization.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { ActingOrganization } from "./acting-organization.tsx";

class FakeEventSource {
  static urls: string[] = [];
  onopen = null;
  onerror = null;
  constructor(readonly url: string) {
    FakeEventSource.urls.push(url);
  }
  addEventListener(): void {}
  close(): void {}
}

const A = { id: "00000000-0000-4000-8000-00000000000a", organization_name: "Acme" };
const B = { id: "00000000-0000-4000-8000-00000000000b", organization_name: "Globex" };
const member = { id: "u1", email: "ana@acme.example", full_name: "Ana", company_role: null, role: "member_user", is_employee: false, organization_id: A.id };
const employee = { ...member, id: "e1", email: "eve@provider.example", is_employee: true, organization_id: null };

/** A page below the gate: it asks for organization data as soon as it renders. */
function Page() {
  const organization = useQuery({ queryKey: ["organization"], queryFn: () => callRoute(getActingOrganizationRoute) });
  return <p>Page for {organization.data?.display_name ?? "…"}</p>;
}

function renderGate() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ element: <ActingOrganization />, children: [{ index: true, element: <Page /> }] }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  clearSelectedOrganization();
  FakeEventSource.urls = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ActingOrganization", () => {
  it("lets a member through without a selection, even one left by an employee in this tab", async () => {
    resolveEmployeeOrganization([B]);
    const api = installFakeApi({ "GET /api/me": { body: member }, "GET /api/organization": { body: { ...A, display_name: "Acme" } } });
    renderGate();
    expect(await screen.findByText("Page for Acme")).toBeDefined();
    expect(getSelectedOrganizationId()).toBeNull();
    expect(api.to("GET /api/organization")[0]?.headers).not.toHaveProperty("x-organization-id");
    expect(api.to("GET /api/employee/organizations")).toEqual([]);
    await vi.waitFor(() => expect(FakeEventSource.urls).toEqual(["/api/events"]));
  });

  it("acts for the employee's saved organization when it is listed", async () => {
    window.localStorage.setItem(EMPLOYEE_SELECTED_ORG_KEY, B.id);
    const api = installFakeApi({
      "GET /api/me": { body: employee },
      "GET /api/employee/organizations": { body: [A, B] },
      "GET /api/organization": { body: { ...B, display_name: "Globex" } },
    });
    renderGate();
    expect(await screen.findByText("Page for Globex")).toBeDefined();
    expect(api.to("GET /api/organization").map((request) => request.headers["x-organization-id"])).toEqual([B.id]);
    await vi.waitFor(() => expect(FakeEventSource.urls).toEqual([`/api/events?org=${B.id}`]));
  });

  it("falls back to the first organization when the saved one is gone", async () => {
    window.localStorage.setItem(EMPLOYEE_SELECTED_ORG_KEY, "00000000-0000-4000-8000-0000000000ff");
    const api = installFakeApi({
      "GET /api/me": { body: employee },
      "GET /api/employee/organizations": { body: [A, B] },
      "GET /api/organization": { body: { ...A, display_name: "Acme" } },
    });
    renderGate();
    expect(await screen.findByText("Page for Acme")).toBeDefined();
    expect(api.to("GET /api/organization")[0]?.headers["x-organization-id"]).toBe(A.id);
    expect(window.localStorage.getItem(EMPLOYEE_SELECTED_ORG_KEY)).toBe(A.id);
  });

  it("opens the shell without a stream for an employee with no organization", async () => {
    installFakeApi({
      "GET /api/me": { body: employee },
      "GET /api/employee/organizations": { body: [] },
      "GET /api/organization": { status: 400, body: { error: { code: "bad_request", message: "Choose an organization" } } },
    });
    renderGate();
    expect(await screen.findByText(/Page for/)).toBeDefined();
    // The connection module is loaded, and still no stream opens.
    await import("#web/lib/realtime/realtime-connection.ts");
    expect(FakeEventSource.urls).toEqual([]);
  });

  it("offers a retry when the profile cannot be loaded", async () => {
    installFakeApi({ "GET /api/me": { status: 503, body: { error: { code: "unavailable", message: "The service is unavailable" } } } });
    renderGate();
    expect((await screen.findByRole("alert")).textContent).toContain("The service is unavailable");
    expect(screen.getByRole("button", { name: "Try again" })).toBeDefined();
  });
});
