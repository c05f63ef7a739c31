import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentUrl, renderAtRoute } from "#web/features/auth/auth-test-router.tsx";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { type FakeAnswer, installFakeApi } from "#web/lib/testing/fake-api.ts";
import { AUTH, authAnswers, authCalls, authRefusal, unreachable } from "#web/lib/testing/fake-auth.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import VerifyCodePage from "./verify-code-page.tsx";

// Better Auth's real client runs; fetch answers as the portal would.
let api: ReturnType<typeof installFakeApi>;
/** The calls made to Better Auth, in order: [route, body]. */
const calls = () => authCalls(api.requests);

function renderPage(url: string, path = "/verify-otp") {
  return renderAtRoute(<VerifyCodePage />, { path, url });
}

async function enterCode(code: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Code"), code);
  await user.click(screen.getByRole("button", { name: "Verify" }));
}

beforeEach(() => {
  api = installFakeApi(authAnswers(null));
});

describe("VerifyCodePage: sign in with a code", () => {
  it("asks for the code sent to the email in the address", () => {
    renderPage("/verify-otp?email=ana%40acme.example&redirectTo=%2Fteam");
    expect(screen.getByRole("heading", { level: 1, name: "Member Portal" })).toBeDefined();
    expect(screen.getByRole("heading", { level: 2, name: "Sign in with a code" })).toBeDefined();
    expect(screen.getByText("Enter the code we sent to ana@acme.example")).toBeDefined();
    expect(screen.getByRole("status").textContent).toBe("If an account uses this email, a code is on its way.");
    const code = screen.getByLabelText("Code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(code.getAttribute("maxlength")).toBe("6");
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/auth?redirectTo=%2Fteam");
    expect(api.requests).toEqual([]);
  });

  it("checks the code's shape before sending it", async () => {
    renderPage("/verify-otp?email=ana%40acme.example");
    await enterCode("12a");
    expect(await screen.findByText("Enter the 6-digit code from the email")).toBeDefined();
    expect(screen.getByLabelText("Code").getAttribute("aria-invalid")).toBe("true");
    expect(api.requests).toEqual([]);
  });

  it("signs in and goes to redirectTo, with the cached current user dropped for the guard", async () => {
    const router = renderPage("/verify-otp?email=ana%40acme.example&redirectTo=%2Fteam%3Ftab%3D2");
    router.queryClient.setQueryData(queryKeys.currentUser, ANA);
    await enterCode("123456");
    await screen.findByTestId("landed-on");
    expect(calls()).toEqual([[AUTH.signInEmailOtp, { email: "ana@acme.example", otp: "123456" }]]);
    expect(currentUrl(router)).toBe("/team?tab=2");
    expect(router.queryClient.getQueryData(queryKeys.currentUser)).toBeUndefined();
  });

  it("goes to / without a redirectTo, also from /verify", async () => {
    const router = renderPage("/verify?email=ana%40acme.example&redirectTo=%2F%2Fevil.example", "/verify");
    await enterCode("123456");
    await screen.findByTestId("landed-on");
    expect(currentUrl(router)).toBe("/");
  });

  it.each<[string, FakeAnswer, string]>([
    ["a wrong code", authRefusal(400, "invalid_otp", "Invalid OTP"), "That code is not correct. Check the email and try again."],
    ["an expired code", authRefusal(400, "otp_expired", "OTP expired"), "That code has expired. Send a new one."],
    ["too many attempts", authRefusal(403, "too_many_attempts", "Too many attempts"), "Too many wrong attempts. Send a new code."],
    ["Better Auth's own upper-case code", authRefusal(400, "INVALID_OTP"), "That code is not correct. Check the email and try again."],
    // Better Auth's body as it is without the portal's rewrite: { code, message } at the top.
    ["Better Auth's own body", { status: 400, body: { code: "INVALID_OTP", message: "Invalid OTP" } }, "That code is not correct. Check the email and try again."],
  ])("explains %s on the code", async (_name, answer, message) => {
    api.answer(AUTH.signInEmailOtp, answer);
    const router = renderPage("/verify-otp?email=ana%40acme.example");
    await enterCode("123456");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(message);
    const code = screen.getByLabelText("Code");
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect(code.getAttribute("aria-describedby")).toBe(alert.id);
    expect(currentUrl(router)).toBe("/verify-otp?email=ana%40acme.example");
  });

  it.each<[string, FakeAnswer, string]>([
    ["a rate limit", authRefusal(429, "rate_limited"), "Too many requests. Please wait a moment and try again."],
    ["an unreachable server", unreachable, "Cannot reach the server. Check your connection and try again."],
  ])("explains %s for the whole form", async (_name, answer, message) => {
    api.answer(AUTH.signInEmailOtp, answer);
    renderPage("/verify-otp?email=ana%40acme.example");
    await enterCode("123456");
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(screen.getByLabelText("Code").getAttribute("aria-invalid")).toBeNull();
  });

  it("asks for the email first when the address has none, then sends a sign-in code", async () => {
    const user = userEvent.setup();
    renderPage("/verify-otp");
    expect(screen.queryByLabelText("Code")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Email is required")).toBeDefined();
    await user.type(screen.getByLabelText("Email"), "ana@acme.example");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Enter the code we sent to ana@acme.example")).toBeDefined();
    expect(screen.getByRole("status").textContent).toBe("If an account uses this email, a code is on its way.");
    expect(calls()).toEqual([[AUTH.sendVerificationOtp, { email: "ana@acme.example", type: "sign-in" }]]);
  });

  it("clears a refused request for a code as soon as the email changes", async () => {
    api.answer(AUTH.sendVerificationOtp, authRefusal(429, "rate_limited", "Too many requests"));
    const user = userEvent.setup();
    renderPage("/verify-otp");
    await user.type(screen.getByLabelText("Email"), "ana@acme.example");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many requests. Please wait a moment and try again.");

    await user.clear(screen.getByLabelText("Email"));
    expect(screen.queryByRole("alert")).toBeNull();
    // Asked again, the refusal is said again while it holds.
    await user.type(screen.getByLabelText("Email"), "bo@acme.example");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many requests. Please wait a moment and try again.");
    expect(api.to(AUTH.sendVerificationOtp)).toHaveLength(2);
  });

  it("goes back to the email step with Use a different email", async () => {
    const user = userEvent.setup();
    renderPage("/verify-otp?email=ana%40acme.example");
    await user.click(screen.getByRole("button", { name: "Use a different email" }));
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("ana@acme.example");
    expect(screen.getByRole("button", { name: "Send code" })).toBeDefined();
  });
});

describe("VerifyCodePage: resend", () => {
  // Only the countdown's clock and interval are faked: Testing Library and user-event wait on
  // real timeouts.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits 30 seconds after each send before offering another code", async () => {
    const user = userEvent.setup();
    renderPage("/verify-otp?email=ana%40acme.example");
    const resend = () => screen.getByRole("button", { name: /^Resend code/ }) as HTMLButtonElement;
    expect(resend().textContent).toBe("Resend code in 30 s");
    expect(resend().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(3000));
    expect(resend().textContent).toBe("Resend code in 27 s");
    expect(resend().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(27_000));
    expect(resend().textContent).toBe("Resend code");
    expect(resend().disabled).toBe(false);

    await user.click(resend());
    await vi.waitFor(() => expect(resend().textContent).toBe("Resend code in 30 s"));
    expect(resend().disabled).toBe(true);
    expect(calls()).toEqual([[AUTH.sendVerificationOtp, { email: "ana@acme.example", type: "sign-in" }]]);
    expect(screen.getByRole("status").textContent).toBe("If an account uses this email, a new code is on its way.");
  });

  it("keeps the button available and explains a refused resend", async () => {
    api.answer(AUTH.sendVerificationOtp, authRefusal(429, "rate_limited"));
    const user = userEvent.setup();
    renderPage("/verify-otp?email=ana%40acme.example");
    act(() => vi.advanceTimersByTime(30_000));
    await user.click(screen.getByRole("button", { name: "Resend code" }));
    await vi.waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Too many requests. Please wait a moment and try again."));
    expect((screen.getByRole("button", { name: "Resend code" }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("VerifyCodePage: reset a forgotten password", () => {
  async function requestResetCode(url = "/verify-otp?mode=reset&email=ana%40acme.example&redirectTo=%2Fteam") {
    const user = userEvent.setup();
    const router = renderPage(url);
    expect(screen.getByRole("heading", { level: 2, name: "Reset your password" })).toBeDefined();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("ana@acme.example");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await screen.findByText("Enter the code we sent to ana@acme.example");
    return { user, router };
  }

  async function fillReset(user: ReturnType<typeof userEvent.setup>, code: string, password: string, confirmation: string) {
    await user.type(screen.getByLabelText("Code"), code);
    await user.type(screen.getByLabelText("New password"), password);
    await user.type(screen.getByLabelText("Confirm password"), confirmation);
    await user.click(screen.getByRole("button", { name: "Reset password" }));
  }

  it("sends a reset code and lists the password requirements", async () => {
    await requestResetCode();
    expect(calls()).toEqual([[AUTH.requestPasswordReset, { email: "ana@acme.example" }]]);
    for (const rule of ["At least 12 characters", "Upper and lower case letters", "At least one number", "At least one special character"]) {
      expect(screen.getByText(rule)).toBeDefined();
    }
    expect(screen.getByLabelText("New password").getAttribute("aria-describedby")).toBe("newPassword-requirements");
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/auth?redirectTo=%2Fteam");
  });

  it("checks the password rules before sending", async () => {
    const { user } = await requestResetCode();
    await fillReset(user, "123456", "short", "other");
    expect(await screen.findByText("Password must be at least 12 characters")).toBeDefined();
    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "a-long-enough-password");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Passwords don't match")).toBeDefined();
    expect(calls().map(([route]) => route)).toEqual([AUTH.requestPasswordReset]);
  });

  it("resets the password, signs in with it and goes to redirectTo", async () => {
    const { user, router } = await requestResetCode();
    router.queryClient.setQueryData(queryKeys.currentUser, ANA);
    await fillReset(user, "654321", "a-long-enough-password", "a-long-enough-password");
    await screen.findByTestId("landed-on");
    expect(calls().slice(1)).toEqual([
      [AUTH.resetPassword, { email: "ana@acme.example", otp: "654321", password: "a-long-enough-password" }],
      [AUTH.signInEmail, { email: "ana@acme.example", password: "a-long-enough-password" }],
    ]);
    expect(toasts.success).toEqual([["Password updated"]]);
    expect(currentUrl(router)).toBe("/team");
    expect(router.queryClient.getQueryData(queryKeys.currentUser)).toBeUndefined();
  });

  it("sends the user to sign in when the sign-in after the reset fails", async () => {
    api.answer(AUTH.signInEmail, authRefusal(429, "rate_limited"));
    const { user, router } = await requestResetCode();
    await fillReset(user, "654321", "a-long-enough-password", "a-long-enough-password");
    await screen.findByTestId("landed-on");
    expect(toasts.success).toEqual([["Password updated"]]);
    expect(currentUrl(router)).toBe("/auth?redirectTo=%2Fteam");
  });

  it("shows a too-common password on the new password field", async () => {
    api.answer(AUTH.resetPassword, authRefusal(400, "password_too_common", "This password is too common. Choose one that is harder to guess"));
    const { user } = await requestResetCode();
    await fillReset(user, "654321", "password1234", "password1234");
    expect(await screen.findByText("This password is too common. Choose one that is harder to guess")).toBeDefined();
    const field = screen.getByLabelText("New password");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBe("newPassword-requirements newPassword-error");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(toasts.success).toEqual([]);
  });

  it("explains an expired reset code", async () => {
    api.answer(AUTH.resetPassword, authRefusal(400, "otp_expired"));
    const { user } = await requestResetCode();
    await fillReset(user, "654321", "a-long-enough-password", "a-long-enough-password");
    expect((await screen.findByRole("alert")).textContent).toBe("That code has expired. Send a new one.");
  });

  it("starts on the email step even with an email in the address", () => {
    renderPage("/verify-otp?mode=reset&email=ana%40acme.example");
    expect(screen.queryByLabelText("Code")).toBeNull();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("ana@acme.example");
    expect(api.requests).toEqual([]);
  });
});
