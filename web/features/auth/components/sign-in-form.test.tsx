import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { currentUrl, renderAtRoute } from "#web/features/auth/auth-test-router.tsx";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { SignInForm } from "./sign-in-form.tsx";

// The mock's answers are plain functions: a vi.fn returning a rejected promise is itself
// reported as an unhandled rejection.
const auth = vi.hoisted(() => ({
  calls: [] as unknown[],
  codeRequests: [] as unknown[],
  answer: (): Promise<unknown> => Promise.resolve({ error: null }),
  codeAnswer: (): Promise<unknown> => Promise.resolve({ data: { success: true }, error: null }),
}));
vi.mock("#web/lib/auth-client.ts", () => ({
  authClient: {
    signIn: {
      email: (values: unknown) => {
        auth.calls.push(values);
        return auth.answer();
      },
    },
    emailOtp: {
      sendVerificationOtp: (values: unknown) => {
        auth.codeRequests.push(values);
        return auth.codeAnswer();
      },
    },
  },
}));

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
  beforeEach(() => {
    auth.calls = [];
    auth.codeRequests = [];
    auth.codeAnswer = () => Promise.resolve({ data: { success: true }, error: null });
  });

  it("shows field errors and sends nothing when fields are empty or malformed", async () => {
    renderForm();
    await fillAndSubmit("", "");
    expect(await screen.findByText("Email is required")).toBeDefined();
    expect(screen.getByText("Password is required")).toBeDefined();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(auth.calls).toEqual([]);
  });

  it("refuses an address that is not an email", async () => {
    renderForm();
    await fillAndSubmit("not-an-email", "whatever-password");
    expect(await screen.findByText("Enter a valid email address")).toBeDefined();
    expect(auth.calls).toEqual([]);
  });

  it("signs in with the trimmed email and reports success", async () => {
    auth.answer = () => Promise.resolve({ data: { user: {} }, error: null });
    const onSignedIn = vi.fn();
    renderForm(onSignedIn);
    await fillAndSubmit("  ana@acme.example ", "correct-password");
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(auth.calls).toEqual([{ email: "ana@acme.example", password: "correct-password" }]);
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
    [401, "Invalid email or password"],
    [429, "Too many sign-in attempts. Please wait a minute and try again."],
  ])("explains a %i answer in the form", async (status, message) => {
    auth.answer = () => Promise.resolve({ data: null, error: { status } });
    const onSignedIn = vi.fn();
    renderForm(onSignedIn);
    await fillAndSubmit("ana@acme.example", "wrong-password");
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("says which address to use when the portal refuses the one the page was opened at, never that the password is wrong", async () => {
    const refusal = "This portal does not accept requests from http://10.0.0.5:3000. Open it at http://localhost:3000, or ask the operator to add http://10.0.0.5:3000 to TRUSTED_ORIGINS (or set PUBLIC_URL).";
    auth.answer = () => Promise.resolve({ data: null, error: { status: 403, error: { code: "forbidden", message: refusal } } });
    renderForm();
    await fillAndSubmit("ana@acme.example", "correct-password");
    expect((await screen.findByRole("alert")).textContent).toBe(refusal);
  });

  it("shows the server's own message for other refusals", async () => {
    auth.answer = () =>
      Promise.resolve({ data: null, error: { status: 400, error: { code: "invalid_email", message: "Invalid email" } } });
    renderForm();
    await fillAndSubmit("ana@acme.example", "some-password");
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email");
  });

  it("says so when the server cannot be reached", async () => {
    auth.answer = () => Promise.reject(new TypeError("Failed to fetch"));
    renderForm();
    await fillAndSubmit("ana@acme.example", "some-password");
    expect((await screen.findByRole("alert")).textContent).toMatch(/Cannot reach the server/);
  });
});

describe("SignInForm: Email me a code", () => {
  beforeEach(() => {
    auth.calls = [];
    auth.codeRequests = [];
    auth.codeAnswer = () => Promise.resolve({ data: { success: true }, error: null });
  });

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
    expect(auth.codeRequests).toEqual([]);
    expect(currentUrl(router)).toBe("/auth");
  });

  it("sends a sign-in code and opens the code screen, keeping redirectTo", async () => {
    const user = userEvent.setup();
    const router = renderForm(vi.fn(), "/team?tab=members");
    await user.type(screen.getByLabelText("Email"), " ana@acme.example ");
    await user.click(screen.getByRole("button", { name: "Email me a code" }));
    expect(await screen.findByTestId("landed-on")).toBeDefined();
    expect(auth.codeRequests).toEqual([{ email: "ana@acme.example", type: "sign-in" }]);
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
    auth.codeAnswer = () => Promise.resolve({ data: null, error: { status: 429, error: { code: "rate_limited", message: "x" } } });
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
