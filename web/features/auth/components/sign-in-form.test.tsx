import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { currentUrl, renderAtRoute } from "#web/features/auth/auth-test-router.tsx";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { AUTH, authAnswers, authRefusal, unreachable } from "#web/lib/testing/fake-auth.ts";
import { SignInForm } from "./sign-in-form.tsx";

// Better Auth's real client runs; fetch answers as the portal would.
let api: ReturnType<typeof installFakeApi>;
beforeEach(() => {
  api = installFakeApi(authAnswers(null));
});
/** The bodies sent to a Better Auth endpoint, in order. */
const sent = (route: string) => api.to(route).map((request) => request.body);

function renderForm(onSignedIn = vi.fn(), redirectTarget = "/") {
  return renderAtRoute(<SignInForm redirectTarget={redirectTarget} onSignedIn={onSignedIn} />, { path: "/auth", url: "/auth" });
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("SignInForm", () => {
  it("shows field errors and sends nothing when fields are empty or malformed", async () => {
    renderForm();
    await fillAndSubmit("", "");
    expect(await screen.findByText("Email is required")).toBeDefined();
    expect(screen.getByText("Password is required")).toBeDefined();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(api.requests).toEqual([]);
  });

  it("refuses an address that is not an email", async () => {
    renderForm();
    await fillAndSubmit("not-an-email", "whatever-password");
    expect(await screen.findByText("Enter a valid email address")).toBeDefined();
    expect(api.requests).toEqual([]);
  });

  it("signs in with the trimmed email and reports success", async () => {
    const onSignedIn = vi.fn();
    renderForm(onSignedIn);
    await fillAndSubmit("  ana@acme.example ", "correct-password");
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(sent(AUTH.signInEmail)).toEqual([{ email: "ana@acme.example", password: "correct-password" }]);
  });

  it("drops the cached current user before reporting success, so the guard reads the new one", async () => {
    const seen: unknown[] = [];
    const onSignedIn = vi.fn();
    const { queryClient } = renderForm(onSignedIn);
    queryClient.setQueryData(queryKeys.currentUser, ANA);
    onSignedIn.mockImplementation(() => seen.push(queryClient.getQueryData(queryKeys.currentUser)));
    await fillAndSubmit("ana@acme.example", "correct-password");
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(seen).toEqual([undefined]);
  });

  it.each([
    [401, "invalid_email_or_password", "Invalid email or password", "Invalid email or password"],
    [429, "rate_limited", "Too many requests. Please wait a minute and try again.", "Too many sign-in attempts. Please wait a minute and try again."],
  ])("explains a %i answer in the form", async (status, code, serverMessage, message) => {
    api.answer(AUTH.signInEmail, authRefusal(status, code, serverMessage));
    const onSignedIn = vi.fn();
    renderForm(onSignedIn);
    await fillAndSubmit("ana@acme.example", "wrong-password");
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it.each([
    [401, "invalid_email_or_password", "Invalid email or password"],
    [429, "rate_limited", "Too many sign-in attempts. Please wait a minute and try again."],
  ])("clears a %i refusal as soon as a field changes, and says it again if the next attempt is refused too", async (status, code, message) => {
    api.answer(AUTH.signInEmail, authRefusal(status, code));
    renderForm();
    await fillAndSubmit("ana@acme.example", "wrong-password");
    expect((await screen.findByRole("alert")).textContent).toBe(message);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Password"), "!");
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(sent(AUTH.signInEmail)).toHaveLength(2);
  });

  it("says which address to use when the portal refuses the one the page was opened at, never that the password is wrong", async () => {
    const refusal = "This portal does not accept requests from http://10.0.0.5:3000. Open it at http://localhost:3000, or ask the operator to add http://10.0.0.5:3000 to TRUSTED_ORIGINS (or set PUBLIC_URL).";
    api.answer(AUTH.signInEmail, authRefusal(403, "forbidden", refusal));
    renderForm();
    await fillAndSubmit("ana@acme.example", "correct-password");
    expect((await screen.findByRole("alert")).textContent).toBe(refusal);
  });

  it("shows the server's own message for other refusals", async () => {
    api.answer(AUTH.signInEmail, authRefusal(400, "invalid_email", "Invalid email"));
    renderForm();
    await fillAndSubmit("ana@acme.example", "some-password");
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email");
  });

  it("says so when the server cannot be reached", async () => {
    api.answer(AUTH.signInEmail, unreachable);
    renderForm();
    await fillAndSubmit("ana@acme.example", "some-password");
    expect((await screen.findByRole("alert")).textContent).toMatch(/Cannot reach the server/);
  });
});

describe("SignInForm: Email me a code", () => {
  it.each([
    ["", "Email is required"],
    ["not-an-email", "Enter a valid email address"],
  ])("checks the email field (%j) before sending a code", async (email, message) => {
    const user = userEvent.setup();
    const router = renderForm();
    if (email) await user.type(screen.getByLabelText("Email"), email);
    await user.click(screen.getByRole("button", { name: "Email me a code" }));
    expect(await screen.findByText(message)).toBeDefined();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("Password is required")).toBeNull();
    expect(api.requests).toEqual([]);
    expect(currentUrl(router)).toBe("/auth");
  });

  it("sends a sign-in code and opens the code screen, keeping redirectTo", async () => {
    const user = userEvent.setup();
    const router = renderForm(vi.fn(), "/team?tab=members");
    await user.type(screen.getByLabelText("Email"), " ana@acme.example ");
    await user.click(screen.getByRole("button", { name: "Email me a code" }));
    expect(await screen.findByTestId("landed-on")).toBeDefined();
    expect(sent(AUTH.sendVerificationOtp)).toEqual([{ email: "ana@acme.example", type: "sign-in" }]);
    expect(currentUrl(router)).toBe("/verify-otp?email=ana%40acme.example&redirectTo=%2Fteam%3Ftab%3Dmembers");
  });

  it("leaves redirectTo out when it is the default", async () => {
    const user = userEvent.setup();
    const router = renderForm();
    await user.type(screen.getByLabelText("Email"), "ana@acme.example");
    await user.click(screen.getByRole("button", { name: "Email me a code" }));
    await screen.findByTestId("landed-on");
    expect(currentUrl(router)).toBe("/verify-otp?email=ana%40acme.example");
  });

  it("stays on the form and explains a refused request", async () => {
    api.answer(AUTH.sendVerificationOtp, authRefusal(429, "rate_limited", "Too many requests. Please wait a minute and try again."));
    const user = userEvent.setup();
    const router = renderForm();
    await user.type(screen.getByLabelText("Email"), "ana@acme.example");
    await user.click(screen.getByRole("button", { name: "Email me a code" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many requests. Please wait a moment and try again.");
    expect(currentUrl(router)).toBe("/auth");
  });

  it("links Forgot password? to the reset screen with the typed email and redirectTo", async () => {
    const user = userEvent.setup();
    renderForm(vi.fn(), "/team");
    const link = screen.getByRole("link", { name: "Forgot password?" });
    expect(link.getAttribute("href")).toBe("/verify-otp?mode=reset&redirectTo=%2Fteam");
    await user.type(screen.getByLabelText("Email"), "ana@acme.example");
    expect(link.getAttribute("href")).toBe("/verify-otp?mode=reset&email=ana%40acme.example&redirectTo=%2Fteam");
  });
});
