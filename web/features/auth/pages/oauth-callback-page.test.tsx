import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { currentUrl, renderAtRoute } from "#web/features/auth/auth-test-router.tsx";
import OAuthCallbackPage from "./oauth-callback-page.tsx";

const session = vi.hoisted(() => ({ value: { data: null as unknown, isPending: true } }));
vi.mock("#web/lib/auth-client.ts", () => ({ authClient: { useSession: () => session.value } }));

const signedIn = { data: { user: { id: "u1", email: "ana@acme.example", name: "Ana" } }, isPending: false };

function renderCallback(url: string) {
  return renderAtRoute(<OAuthCallbackPage />, { path: "/oauth/callback", url });
}

describe("OAuthCallbackPage", () => {
  beforeEach(() => {
    session.value = { data: null, isPending: true };
  });

  it.each([
    ["signup_disabled", "No account uses this email. Ask your organization's administrator for an invitation."],
    [
      "account_not_linked",
      "Your identity provider did not confirm this email address, so it can't be matched to an account. Ask your administrator for help.",
    ],
    [
      "unable_to_link_account",
      "Your identity provider did not confirm this email address, so it can't be matched to an account. Ask your administrator for help.",
    ],
    ["state_not_found", "Single sign-on failed. Please try again."],
    ["access_denied", "Single sign-on failed. Please try again."],
  ])("explains ?error=%s", (code, message) => {
    // Even with a session (a user already signed in), an error is shown rather than skipped.
    session.value = signedIn;
    const router = renderCallback(`/oauth/callback?error=${code}&error_description=ignored`);
    expect(screen.getByRole("heading", { level: 1, name: "Member Portal" })).toBeDefined();
    expect(screen.getByRole("heading", { level: 2, name: "Single sign-on" })).toBeDefined();
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/auth");
    expect(currentUrl(router)).toBe(`/oauth/callback?error=${code}&error_description=ignored`);
  });

  it("shows Signing you in… while the session is checked", () => {
    renderCallback("/oauth/callback?redirectTo=%2Fteam");
    expect(screen.getByRole("status").textContent).toBe("Signing you in…");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("goes to redirectTo once signed in, replacing the callback in history", async () => {
    session.value = signedIn;
    const router = renderCallback("/oauth/callback?redirectTo=%2Fteam%3Ftab%3D2");
    await screen.findByTestId("landed-on");
    expect(currentUrl(router)).toBe("/team?tab=2");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("goes to / when redirectTo is missing or unsafe", async () => {
    session.value = signedIn;
    const router = renderCallback("/oauth/callback?redirectTo=https%3A%2F%2Fevil.example");
    await screen.findByTestId("landed-on");
    expect(currentUrl(router)).toBe("/");
  });

  it("reports a failure when no session appears", () => {
    session.value = { data: null, isPending: false };
    renderCallback("/oauth/callback?redirectTo=%2Fteam");
    expect(screen.getByRole("alert").textContent).toBe("Single sign-on failed. Please try again.");
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/auth?redirectTo=%2Fteam");
  });
});
