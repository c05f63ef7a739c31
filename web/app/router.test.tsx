import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NDA_REQUIRED_REASON } from "#common/domain/access";
import { clearSelectedOrganization } from "#web/lib/selected-organization.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { FakeEventSource } from "#web/lib/testing/fake-event-source.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { createAppRouter } from "./router.tsx";
import { MEMBER_ACCESS } from "#web/lib/testing/access-answers.ts";

vi.mock("sonner", () => import("#web/lib/testing/toast-recorder.ts"));
vi.mock("#web/lib/auth-client.ts", () => ({
  authClient: { useSession: () => ({ data: { user: { id: ANA.id, email: ANA.email, name: "Ana Lima" } }, isPending: false }) },
}));
vi.mock("./shell/user-menu.tsx", () => ({ UserMenu: () => null }));

const ACME = { id: ANA.organization_id, organization_name: "Acme", display_name: "Acme" };

function renderApp(path: string) {
  installFakeApi({
    "GET /api/me": { body: ANA },
    "GET /api/organization": { body: ACME },
    "GET /api/access": { body: MEMBER_ACCESS },
    "GET /api/team": { body: { members: [], invitations: [], can_manage: false } },
  });
  window.history.replaceState(null, "", path);
  const router = createAppRouter("");
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  clearSelectedOrganization();
  FakeEventSource.created = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the app's routes", () => {
  it("opens a page inside the shell with the navigation of the pages that exist", async () => {
    renderApp("/team");
    expect(await screen.findByRole("heading", { name: "Team", level: 1 }, { timeout: 5000 })).toBeDefined();
    const nav = screen.getAllByRole("navigation", { name: "Main" })[0];
    if (!nav) throw new Error("no navigation");
    expect(within(nav).getByRole("button", { name: "Launch Plan" }).getAttribute("aria-disabled")).toBe("true");
    expect(within(nav).getByRole("button", { name: "Administration" }).getAttribute("aria-expanded")).toBe("true");
    expect(within(nav).getByRole("link", { name: "My Company" }).getAttribute("href")).toBe("/company");
    expect(within(nav).getByRole("link", { name: "Team" }).getAttribute("aria-current")).toBe("page");
  });

  it("refuses a guarded path, page or not, and sends the user home", async () => {
    const router = renderApp("/open-requests");
    expect(await screen.findByRole("heading", { name: "My Company", level: 1 }, { timeout: 5000 })).toBeDefined();
    expect(router.state.location.pathname).toBe("/company");
    expect(toasts.error).toContainEqual(["Access Restricted", { id: "access-restricted", description: NDA_REQUIRED_REASON }]);
  });
});
