import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signInOptionsQuery } from "#web/features/auth/api/sign-in-options-api.ts";
import { currentUrl, renderAtRoute } from "#web/features/auth/auth-test-router.tsx";
import SignInPage from "./sign-in-page.tsx";

const auth = vi.hoisted(() => ({
  socialCalls: [] as unknown[],
  codeRequests: [] as unknown[],
  sessionChecks: 0,
  session: null as unknown,
  socialAnswer: (): Promise<unknown> => Promise.resolve({ data: { url: "https://idp.example/authorize", redirect: true }, error: null }),
}));
vi.mock("#web/lib/auth-client.ts", () => ({
  authClient: {
    getSession: () => {
      auth.sessionChecks += 1;
      return Promise.resolve({ data: auth.session, error: null });
    },
    signIn: {
      email: () => Promise.resolve({ error: null }),
      social: (values: unknown) => {
        auth.socialCalls.push(values);
        return auth.socialAnswer();
      },
    },
    emailOtp: {
      sendVerificationOtp: (values: unknown) => {
        auth.codeRequests.push(values);
        return Promise.resolve({ data: { success: true }, error: null });
      },
    },
  },
}));

function answerSignInOptions(response: () => Promise<Response>) {
  const fetchMock = vi.fn((_input: unknown) => response());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

describe("SignInPage", () => {
  beforeEach(() => {
    auth.socialCalls = [];
    auth.codeRequests = [];
    auth.sessionChecks = 0;
    auth.session = null;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the form at once, then asks Better Auth (not /api/me) whether the visitor is signed in", async () => {
    const fetchMock = answerSignInOptions(() => json({ sso: null }));
    const router = renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth?redirectTo=%2Fteam" });
    expect(screen.getByRole("button", { name: "Sign in" })).toBeDefined();
    await vi.waitFor(() => expect(auth.sessionChecks).toBe(1));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/sign-in-options"]);
    expect(currentUrl(router)).toBe("/auth?redirectTo=%2Fteam");
  });

  it("sends a visitor who is already signed in on to redirectTo", async () => {
    answerSignInOptions(() => json({ sso: null }));
    auth.session = { session: { id: "s1" }, user: { id: "u1", email: "ana@acme.example" } };
    const router = renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth?redirectTo=%2Fteam" });
    await screen.findByTestId("landed-on");
    expect(currentUrl(router)).toBe("/team");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("offers no single sign-on when none is configured", async () => {
    const fetchMock = answerSignInOptions(() => json({ sso: null }));
    const { queryClient } = renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth" });
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeDefined();
    await vi.waitFor(() => expect(queryClient.getQueryState(signInOptionsQuery.queryKey)?.status).toBe("success"));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/sign-in-options");
    expect(screen.getByRole("button", { name: "Email me a code" })).toBeDefined();
    expect(screen.queryByRole("button", { name: /SSO/ })).toBeNull();
  });

  it.each([
    ["a server error", () => json({ error: { code: "internal", message: "Internal error" } }, 500)],
    ["an unreachable server", () => Promise.reject(new TypeError("Failed to fetch"))],
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
    answerSignInOptions(() => json({ sso: { providerId: "oidc", label: "Sign in with Acme ID" } }));
    const user = userEvent.setup();
    renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth?redirectTo=%2Fteam%3Ftab%3D2" });
    await user.click(await screen.findByRole("button", { name: "Sign in with Acme ID" }));
    expect(auth.socialCalls).toEqual([
      { provider: "oidc", callbackURL: "/oauth/callback?redirectTo=%2Fteam%3Ftab%3D2", errorCallbackURL: "/oauth/callback" },
    ]);
  });

  it("uses the default label and the /MemberPortal base path", async () => {
    answerSignInOptions(() => json({ sso: { providerId: "oidc", label: "" } }));
    const user = userEvent.setup();
    renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth", basename: "/MemberPortal" });
    await user.click(await screen.findByRole("button", { name: "Sign in with SSO" }));
    expect(auth.socialCalls).toEqual([
      { provider: "oidc", callbackURL: "/MemberPortal/oauth/callback", errorCallbackURL: "/MemberPortal/oauth/callback" },
    ]);
  });

  it("explains a single sign-on start that was refused", async () => {
    answerSignInOptions(() => json({ sso: { providerId: "oidc", label: "Sign in with SSO" } }));
    auth.socialAnswer = () => Promise.resolve({ data: null, error: { status: 429, error: { code: "rate_limited", message: "x" } } });
    const user = userEvent.setup();
    renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth" });
    await user.click(await screen.findByRole("button", { name: "Sign in with SSO" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many requests. Please wait a moment and try again.");
  });

  it("keeps a safe redirectTo when emailing a code", async () => {
    answerSignInOptions(() => json({ sso: null }));
    const user = userEvent.setup();
    const router = renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth?redirectTo=%2Fcompany" });
    await user.type(await screen.findByLabelText("Email"), "ana@acme.example");
    await user.click(screen.getByRole("button", { name: "Email me a code" }));
    await screen.findByTestId("landed-on");
    expect(auth.codeRequests).toEqual([{ email: "ana@acme.example", type: "sign-in" }]);
    expect(currentUrl(router)).toBe("/verify-otp?email=ana%40acme.example&redirectTo=%2Fcompany");
  });

  it("ignores an unsafe redirectTo", async () => {
    answerSignInOptions(() => json({ sso: null }));
    const user = userEvent.setup();
    const router = renderAtRoute(<SignInPage />, { path: "/auth", url: "/auth?redirectTo=https%3A%2F%2Fevil.example" });
    await user.type(await screen.findByLabelText("Email"), "ana@acme.example");
    await user.click(screen.getByRole("button", { name: "Email me a code" }));
    await screen.findByTestId("landed-on");
    expect(currentUrl(router)).toBe("/verify-otp?email=ana%40acme.example");
  });
});
