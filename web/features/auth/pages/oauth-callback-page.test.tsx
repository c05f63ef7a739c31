import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentUrl, renderAtRoute } from "#web/features/auth/auth-test-router.tsx";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { type FakeAnswer, installFakeApi } from "#web/lib/testing/fake-api.ts";
import OAuthCallbackPage from "./oauth-callback-page.tsx";

// No session appears: the portal's own session read answers 401.
const signedOut: FakeAnswer = { status: 401, body: { error: { code: "unauthenticated", message: "Sign in first" } } };

function renderCallback(url: string, me: FakeAnswer = { body: ANA }) {
  const api = installFakeApi({ "GET /api/me": me });
  return Object.assign(renderAtRoute(<OAuthCallbackPage />, { path: "/oauth/callback", url }), { api });
}

describe("OAuthCallbackPage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
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
    const router = renderCallback(`/oauth/callback?error=${code}&error_description=ignored`);
    expect(screen.getByRole("heading", { level: 1, name: "Member Portal" })).toBeDefined();
    expect(screen.getByRole("heading", { level: 2, name: "Single sign-on" })).toBeDefined();
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/auth");
    expect(currentUrl(router)).toBe(`/oauth/callback?error=${code}&error_description=ignored`);
    // With an error there is no session to look for.
    expect(router.api.requests).toEqual([]);
  });

  it("shows Signing you in… while the session is checked", () => {
    renderCallback("/oauth/callback?redirectTo=%2Fteam", () => new Promise(() => undefined));
    expect(screen.getByRole("status").textContent).toBe("Signing you in…");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("goes to redirectTo once signed in, replacing the callback in history", async () => {
    const router = renderCallback("/oauth/callback?redirectTo=%2Fteam%3Ftab%3D2");
    await screen.findByTestId("landed-on");
    expect(currentUrl(router)).toBe("/team?tab=2");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("goes to / when redirectTo is missing or unsafe", async () => {
    const router = renderCallback("/oauth/callback?redirectTo=https%3A%2F%2Fevil.example");
    await screen.findByTestId("landed-on");
    expect(currentUrl(router)).toBe("/");
  });

  it("reports a failure when no session appears, without asking twice", async () => {
    const router = renderCallback("/oauth/callback?redirectTo=%2Fteam", signedOut);
    expect((await screen.findByRole("alert")).textContent).toBe("Single sign-on failed. Please try again.");
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/auth?redirectTo=%2Fteam");
    expect(router.api.to("GET /api/me")).toHaveLength(1);
  });

  it("shows a session check that failed otherwise with a retry, and goes on once it answers", async () => {
    const router = renderCallback("/oauth/callback?redirectTo=%2Fteam", {
      status: 429,
      headers: { "retry-after": "60" },
      body: { error: { code: "rate_limited", message: "Too many requests." } },
    });
    expect((await screen.findByRole("alert", {}, { timeout: 3000 })).textContent).toContain("Too many requests. Try again in 60 s.");
    expect(screen.queryByText("Single sign-on failed. Please try again.")).toBeNull();
    router.api.answer("GET /api/me", { body: ANA });
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByTestId("landed-on");
    expect(currentUrl(router)).toBe("/team");
  });
});
