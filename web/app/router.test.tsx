import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NDA_REQUIRED_REASON } from "#common/domain/access";
import { clearSelectedOrganization } from "#web/lib/selected-organization.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { FakeEventSource } from "#web/lib/testing/fake-event-source.ts";
import { type FakeAnswer, installFakeApi } from "#web/lib/testing/fake-api.ts";
import { AUTH, authAnswers, resetSessionState } from "#web/lib/testing/fake-auth.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { consumeDeliberateSignOut, signOutUser } from "#web/features/auth/use-session.ts";
import { createAppRouter } from "./router.tsx";
import { MEMBER_ACCESS, accessAnswerFor } from "#web/lib/testing/access-answers.ts";
import type { Access } from "#common/contracts/access";
import type { CurrentUser } from "#common/contracts/account";
import { plan } from "#web/features/launch-plan/components/plan-test-kit.tsx";

const ACME = { id: ANA.organization_id, organization_name: "Acme", display_name: "Acme" };

/** Opens the app at `path`; `session` is who Better Auth says is signed in (its get-session). */
function renderApp(path: string, me: FakeAnswer = { body: ANA }, access: Access = MEMBER_ACCESS, session: CurrentUser | null = ANA) {
  const api = installFakeApi({
    ...authAnswers(session),
    "GET /api/me": me,
    "GET /api/sign-in-options": { body: { sso: null } },
    "GET /api/organization": { body: ACME },
    "GET /api/access": { body: access },
    "GET /api/launch-plan": { body: plan() },
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
  return Object.assign(router, { api });
}

// The files of a worker share web/lib/session.ts and use-session.ts: each test starts from a tab
// that never kept the session fresh nor signed out (signOutUser's flag for the guard included),
// and the sign-outs here do not reach the next file.
async function forgetSignOut() {
  consumeDeliberateSignOut();
  await resetSessionState();
}
beforeEach(forgetSignOut);
afterAll(forgetSignOut);

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
    // The shell's header carries the signed-in user's menu.
    expect(screen.getByRole("button", { name: "User menu for Ana Lima" })).toBeDefined();
  });

  it("refuses a guarded path, page or not, and sends the user home: the dashboard", async () => {
    const router = renderApp("/open-requests");
    expect(await screen.findByRole("heading", { name: "Dashboard", level: 1 }, { timeout: 5000 })).toBeDefined();
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(toasts.error).toContainEqual(["Access Restricted", { id: "access-restricted", description: NDA_REQUIRED_REASON }]);
  });
});

describe("the portal's home", () => {
  it("opens the Launch Plan once it is open to the user", async () => {
    const router = renderApp("/", { body: ANA }, accessAnswerFor({ ndaSigned: true, launchpadPercent: 100 }));
    expect(await screen.findByRole("heading", { name: "Launch Plan", level: 1 }, { timeout: 5000 })).toBeDefined();
    expect(router.state.location.pathname).toBe("/system-refinement");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(toasts.error).toEqual([]);
  });

  it("opens the dashboard while the Launch Plan is locked, with no Access Restricted on the way", async () => {
    const router = renderApp("/");
    expect(await screen.findByRole("heading", { name: "Dashboard", level: 1 }, { timeout: 5000 })).toBeDefined();
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(toasts.error).toEqual([]);
    expect(router.api.to("GET /api/launch-plan")).toEqual([]);
  });
});

describe("the session guard", () => {
  it("reads the session from /api/me; Better Auth is asked once, when idle, to renew it", async () => {
    const first = renderApp("/team");
    expect(await screen.findByRole("heading", { name: "Team", level: 1 }, { timeout: 5000 })).toBeDefined();
    await vi.waitFor(() => expect(first.api.to(AUTH.getSession)).toHaveLength(1));
    expect(first.api.to("GET /api/me").length).toBeGreaterThan(0);
    // The app opened again in the same tab: /api/me is read again, Better Auth is not asked again.
    cleanup();
    const second = renderApp("/team");
    expect(await screen.findByRole("heading", { name: "Team", level: 1 }, { timeout: 5000 })).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(second.api.to(AUTH.getSession)).toEqual([]);
    expect(second.api.to("GET /api/me").length).toBeGreaterThan(0);
  });

  it("sends a signed-out visitor (401) to /auth, remembering the page", async () => {
    const router = renderApp("/team?tab=2", { status: 401, body: { error: { code: "unauthenticated", message: "Sign in first" } } }, MEMBER_ACCESS, null);
    expect(await screen.findByRole("button", { name: "Sign in" }, { timeout: 5000 })).toBeDefined();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/auth?redirectTo=%2Fteam%3Ftab%3D2");
    expect(router.api.to("GET /api/me")).toHaveLength(1);
  });

  it("shows another failure with the server's message and a retry, never sending the user to sign in", async () => {
    const router = renderApp("/team", { status: 429, headers: { "retry-after": "42" }, body: { error: { code: "rate_limited", message: "Too many requests." } } });
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toContain("Too many requests. Try again in 42 s.");
    expect(router.state.location.pathname).toBe("/team");
    router.api.answer("GET /api/me", { body: ANA });
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Team", level: 1 }, { timeout: 5000 })).toBeDefined();
  });

  it("sends the user to plain /auth after Sign Out, though the profile is still cached", async () => {
    const router = renderApp("/team");
    expect(await screen.findByRole("heading", { name: "Team", level: 1 }, { timeout: 5000 })).toBeDefined();
    // Signed out, Better Auth has no session for the sign-in screen to find.
    router.api.answer(AUTH.getSession, { body: null });
    await act(async () => {
      expect(await signOutUser()).toBe(true);
    });
    expect(router.api.to(AUTH.signOut)).toHaveLength(1);
    expect(await screen.findByRole("button", { name: "Sign in" }, { timeout: 5000 })).toBeDefined();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/auth");
  });
});
