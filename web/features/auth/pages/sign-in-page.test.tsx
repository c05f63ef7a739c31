import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInOptionsQuery } from "#web/features/auth/api/sign-in-options-api.ts";
import { currentUrl, renderAtRoute } from "#web/features/auth/auth-test-router.tsx";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { type FakeAnswer, installFakeApi } from "#web/lib/testing/fake-api.ts";
import { AUTH, authAnswers, authRefusal, authSession, unreachable } from "#web/lib/testing/fake-auth.ts";
import SignInPage from "./sign-in-page.tsx";

/**
 * Fakes fetch for a signed-out visitor: the portal's sign-in options answer `signInOptions`, and
 * Better Auth's real client gets the answers of its endpoints.
 */
function answerSignInOptions(signInOptions: FakeAnswer) {
  return installFakeApi({
    ...authAnswers(null),
    "GET /api/sign-in-options": signInOptions,
    // Better Auth answers a single sign-on start with the provider's address, and its client sends
    // the browser there. jsdom follows only a link within the page: the provider is at one.
    [AUTH.signInSocial]: () => ({ body: { url: new URL(PROVIDER, window.location.href).href, redirect: true } }),
  });
}

const PROVIDER = "#idp.example/authorize";
// Back to the page's own address after a test that went to the provider.
afterEach(() => window.history.replaceState(null, "", "/"));

const paths = (api: ReturnType<typeof installFakeApi>) => api.requests.map((request) => request.path);
const sent = (api: ReturnType<typeof installFakeApi>, route: string) => api.to(route).map((request) => request.body);

describe("SignInPage", () => {
  it("shows the form at once, then asks Better Auth (not /api/me) whether the visitor is signed in", async () => {
    const api = answerSignInOptions({ body: { sso: null } });
    const router = renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth?redirectTo=%2Fteam" });
    expect(screen.getByRole("button", { name: "Sign in" })).toBeDefined();
    await vi.waitFor(() => expect(api.to(AUTH.getSession)).toHaveLength(1));
    expect(paths(api)).toEqual(["/api/sign-in-options", "/api/auth/get-session"]);
    expect(currentUrl(router)).toBe("/auth?redirectTo=%2Fteam");
  });

  it("sends a visitor who is already signed in on to redirectTo", async () => {
    const api = answerSignInOptions({ body: { sso: null } });
    api.answer(AUTH.getSession, { body: authSession(ANA) });
    const router = renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth?redirectTo=%2Fteam" });
    await screen.findByTestId("landed-on");
    expect(currentUrl(router)).toBe("/team");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("offers no single sign-on when none is configured", async () => {
    const api = answerSignInOptions({ body: { sso: null } });
    const { queryClient } = renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth" });
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeDefined();
    await vi.waitFor(() => expect(queryClient.getQueryState(signInOptionsQuery.queryKey)?.status).toBe("success"));
    expect(paths(api).filter((path) => !path.startsWith("/api/auth/"))).toEqual(["/api/sign-in-options"]);
    expect(screen.getByRole("button", { name: "Email me a code" })).toBeDefined();
    expect(screen.queryByRole("button", { name: /SSO/ })).toBeNull();
  });

  it.each<[string, FakeAnswer]>([
    ["a server error", { status: 500, body: { error: { code: "internal", message: "Internal error" } } }],
    ["an unreachable server", unreachable],
  ])("keeps the password form and shows no SSO button after %s", async (_name, response) => {
    answerSignInOptions(response);
    const { queryClient } = renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth" });
    await vi.waitFor(() => expect(queryClient.getQueryState(signInOptionsQuery.queryKey)?.status).toBe("error"));
    expect(screen.getByRole("button", { name: "Sign in" })).toBeDefined();
    expect(screen.getByLabelText("Password")).toBeDefined();
    expect(screen.queryAllByRole("button").map((button) => button.textContent)).toEqual(["Sign in", "Email me a code"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the configured single sign-on and starts it with the callback addresses", async () => {
    const api = answerSignInOptions({ body: { sso: { providerId: "oidc", label: "Sign in with Acme ID" } } });
    const user = userEvent.setup();
    renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth?redirectTo=%2Fteam%3Ftab%3D2" });
    await user.click(await screen.findByRole("button", { name: "Sign in with Acme ID" }));
    await vi.waitFor(() => expect(api.to(AUTH.signInSocial)).toHaveLength(1));
    expect(sent(api, AUTH.signInSocial)).toEqual([
      { provider: "oidc", callbackURL: "/oauth/callback?redirectTo=%2Fteam%3Ftab%3D2", errorCallbackURL: "/oauth/callback" },
    ]);
    await vi.waitFor(() => expect(window.location.hash).toBe(PROVIDER));
  });

  it("uses the default label and the /MemberPortal base path", async () => {
    const api = answerSignInOptions({ body: { sso: { providerId: "oidc", label: "" } } });
    const user = userEvent.setup();
    renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth", basename: "/MemberPortal" });
    await user.click(await screen.findByRole("button", { name: "Sign in with SSO" }));
    await vi.waitFor(() => expect(api.to(AUTH.signInSocial)).toHaveLength(1));
    expect(sent(api, AUTH.signInSocial)).toEqual([
      { provider: "oidc", callbackURL: "/MemberPortal/oauth/callback", errorCallbackURL: "/MemberPortal/oauth/callback" },
    ]);
    await vi.waitFor(() => expect(window.location.hash).toBe(PROVIDER));
  });

  it("explains a single sign-on start that was refused", async () => {
    const api = answerSignInOptions({ body: { sso: { providerId: "oidc", label: "Sign in with SSO" } } });
    api.answer(AUTH.signInSocial, authRefusal(429, "rate_limited", "Too many requests. Please wait a minute and try again."));
    const user = userEvent.setup();
    renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth" });
    await user.click(await screen.findByRole("button", { name: "Sign in with SSO" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many requests. Please wait a moment and try again.");
    expect(api.to(AUTH.signInSocial)).toHaveLength(1);
    expect(window.location.hash).toBe("");
  });

  it("keeps a safe redirectTo when emailing a code", async () => {
    const api = answerSignInOptions({ body: { sso: null } });
    const user = userEvent.setup();
    const router = renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth?redirectTo=%2Fcompany" });
    await user.type(await screen.findByLabelText("Email"), "ana@acme.example");
    await user.click(screen.getByRole("button", { name: "Email me a code" }));
    await screen.findByTestId("landed-on");
    expect(sent(api, AUTH.sendVerificationOtp)).toEqual([{ email: "ana@acme.example", type: "sign-in" }]);
    expect(currentUrl(router)).toBe("/verify-otp?email=ana%40acme.example&redirectTo=%2Fcompany");
  });

  it("ignores an unsafe redirectTo", async () => {
    answerSignInOptions({ body: { sso: null } });
    const user = userEvent.setup();
    const router = renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth?redirectTo=https%3A%2F%2Fevil.example" });
    await user.type(await screen.findByLabelText("Email"), "ana@acme.example");
    await user.click(screen.getByRole("button", { name: "Email me a code" }));
    await screen.findByTestId("landed-on");
    expect(currentUrl(router)).toBe("/verify-otp?email=ana%40acme.example");
  });
});
