import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { Navigate, RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Access } from "#common/contracts/access";
import { EMPLOYEE_ONLY_REASON, NDA_REQUIRED_REASON, NOT_AVAILABLE_REASON } from "#common/domain/access";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { clearSelectedOrganization } from "#web/lib/selected-organization.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { accessAnswerFor, MEMBER_ACCESS } from "#web/lib/testing/access-answers.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { RequireAccess } from "./require-access.tsx";


const SIGNED = accessAnswerFor({ ndaSigned: true });

/** The shell's routes as router.tsx nests them: the guard first, then the pages or not-found. */
function renderAt(path: string, queryClient: QueryClient, { strict = false } = {}) {
  queryClient.setQueryData(queryKeys.currentUser, ANA);
  const router = createMemoryRouter(
    [
      {
        element: <RequireAccess />,
        children: [
          { index: true, element: <Navigate to="/company" replace /> },
          { path: "/company", element: <h1>My Company</h1> },
          { path: "/team", element: <h1>Team</h1> },
          { path: "/nda", element: <h1>NDA</h1> },
          { path: "*", element: <h1>Page not found</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return router;
}

function clientWith(access?: Access): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (access) queryClient.setQueryData(queryKeys.access, access);
  return queryClient;
}

beforeEach(() => {
  clearSelectedOrganization();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// The guard raises its toast through lazyToast, which loads Sonner when raised: each check of the
// toasts first waits for that import.
describe("RequireAccess", () => {
  it("renders an allowed page", async () => {
    const router = renderAt("/team", clientWith(MEMBER_ACCESS));
    expect(await screen.findByRole("heading", { name: "Team" })).toBeDefined();
    expect(router.state.location.pathname).toBe("/team");
    await vi.dynamicImportSettled();

    expect(toasts.error).toEqual([]);
  });

  it("refuses the ERP tenant page without the NDA: toast with the reason, then /nda, before any not-found page", async () => {
    const router = renderAt("/acumatica-tenant", clientWith(MEMBER_ACCESS));
    expect(await screen.findByRole("heading", { name: "NDA" })).toBeDefined();
    expect(router.state.location.pathname).toBe("/nda");
    await vi.dynamicImportSettled();

    expect(toasts.error.at(-1)).toEqual(["Access Restricted", { id: "access-restricted", description: NDA_REQUIRED_REASON }]);
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("redirects under StrictMode too (effects run twice there)", async () => {
    const router = renderAt("/acumatica-tenant", clientWith(MEMBER_ACCESS), { strict: true });
    expect(await screen.findByRole("heading", { name: "NDA" })).toBeDefined();
    expect(router.state.location.pathname).toBe("/nda");
  });

  it("sends other refused pages home", async () => {
    const router = renderAt("/tasks", clientWith(MEMBER_ACCESS));
    expect(await screen.findByRole("heading", { name: "My Company" })).toBeDefined();
    expect(router.state.location.pathname).toBe("/company");
    await vi.dynamicImportSettled();

    expect(toasts.error.at(-1)).toEqual(["Access Restricted", { id: "access-restricted", description: NDA_REQUIRED_REASON }]);
  });

  it("refuses a member the employee-only pages", async () => {
    const router = renderAt("/etl-admin", clientWith(SIGNED));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/company"));
    await vi.dynamicImportSettled();

    expect(toasts.error.at(-1)?.[1]).toEqual({ id: "access-restricted", description: EMPLOYEE_ONLY_REASON });
  });

  it("decides by the answer's page verdict, not by the menu's state or its text", async () => {
    // The menu shows Team; the page verdict refuses it: the guard follows the verdict.
    const refusedTeam = { ...SIGNED, pages: { ...SIGNED.pages, team: { allowed: false as const, reason: NOT_AVAILABLE_REASON, redirect_to: "/nda" } } };
    const router = renderAt("/team", clientWith(refusedTeam));
    expect(await screen.findByRole("heading", { name: "NDA" })).toBeDefined();
    expect(router.state.location.pathname).toBe("/nda");
    await vi.dynamicImportSettled();

    expect(toasts.error.at(-1)?.[1]).toEqual({ id: "access-restricted", description: NOT_AVAILABLE_REASON });
  });

  it("opens a page the menu hides by a menu-only rule", async () => {
    const access = accessAnswerFor({ ndaSigned: true, menuVersion: "v1" });
    expect(access.items["action-log"]).toMatchObject({ state: "hidden" });
    renderAt("/action-log", clientWith(access));
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeDefined();
    await vi.dynamicImportSettled();

    expect(toasts.error).toEqual([]);
  });

  it("lets a guarded page without a page through to the not-found page when allowed", async () => {
    renderAt("/tasks", clientWith(SIGNED));
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeDefined();
    await vi.dynamicImportSettled();

    expect(toasts.error).toEqual([]);
  });

  it("waits for the access answer on guarded paths only", async () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>(() => {})));
    renderAt("/team", clientWith());
    expect(await screen.findByRole("status")).toBeDefined();
    expect(screen.getByText("Loading page...")).toBeDefined();
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("renders paths no item guards without waiting", async () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>(() => {})));
    renderAt("/nowhere/3", clientWith());
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeDefined();
  });

  it("asks the server and then decides", async () => {
    const api = installFakeApi({ "GET /api/access": { body: MEMBER_ACCESS } });
    const router = renderAt("/open-requests", clientWith());
    expect(await screen.findByRole("heading", { name: "My Company" })).toBeDefined();
    expect(router.state.location.pathname).toBe("/company");
    expect(api.to("GET /api/access")).toHaveLength(1);
  });

  it("shows a failed access answer with a retry", async () => {
    installFakeApi({ "GET /api/access": { status: 503, body: { error: { code: "unavailable", message: "Try later" } } } });
    renderAt("/team", clientWith());
    expect((await screen.findByRole("alert")).textContent).toContain("Try later");
    expect(screen.getByRole("button", { name: "Try again" })).toBeDefined();
  });

  it("stops, saying why, when the way home leads back to a refused page", async () => {
    const access = accessAnswerFor({ ndaSigned: true, menu: { excludeItems: ["company"], customPermissions: {} } });
    const router = renderAt("/team", clientWith(access));
    expect(await screen.findByRole("heading", { name: "Team" })).toBeDefined();
    await act(() => router.navigate("/company"));
    expect(await screen.findByRole("heading", { name: "Access Restricted" })).toBeDefined();
    expect(screen.getByRole("alert").textContent).toContain(NOT_AVAILABLE_REASON);
    expect(router.state.location.pathname).toBe("/company");
    // The user's own next move starts afresh.
    await act(() => router.navigate("/team"));
    expect(await screen.findByRole("heading", { name: "Team" })).toBeDefined();
  });

  it("follows a change of access on the page the user is on", async () => {
    const queryClient = clientWith(SIGNED);
    const router = renderAt("/tasks", queryClient);
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeDefined();
    act(() => queryClient.setQueryData(queryKeys.access, MEMBER_ACCESS));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/company"));
    await vi.dynamicImportSettled();

    expect(toasts.error.at(-1)?.[1]).toEqual({ id: "access-restricted", description: NDA_REQUIRED_REASON });
  });
});
