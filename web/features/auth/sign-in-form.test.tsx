import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SignInForm } from "./sign-in-form.tsx";

// The mock's answer is a plain function: a vi.fn returning a rejected promise is itself
// reported as an unhandled rejection.
const auth = vi.hoisted(() => ({ calls: [] as unknown[], answer: (): Promise<unknown> => Promise.resolve({ error: null }) }));
vi.mock("#web/lib/auth-client.ts", () => ({
  authClient: {
    signIn: {
      email: (values: unknown) => {
        auth.calls.push(values);
        return auth.answer();
      },
    },
  },
}));

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("SignInForm", () => {
  beforeEach(() => {
    auth.calls = [];
  });

  it("shows field errors and sends nothing when fields are empty or malformed", async () => {
    render(<SignInForm onSignedIn={vi.fn()} />);
    await fillAndSubmit("", "");
    expect(await screen.findByText("Email is required")).toBeDefined();
    expect(screen.getByText("Password is required")).toBeDefined();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(auth.calls).toEqual([]);
  });

  it("refuses an address that is not an email", async () => {
    render(<SignInForm onSignedIn={vi.fn()} />);
    await fillAndSubmit("not-an-email", "whatever-password");
    expect(await screen.findByText("Enter a valid email address")).toBeDefined();
    expect(auth.calls).toEqual([]);
  });

  it("signs in with the trimmed email and reports success", async () => {
    auth.answer = () => Promise.resolve({ data: { user: {} }, error: null });
    const onSignedIn = vi.fn();
    render(<SignInForm onSignedIn={onSignedIn} />);
    await fillAndSubmit("  ana@acme.example ", "correct-password");
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(auth.calls).toEqual([{ email: "ana@acme.example", password: "correct-password" }]);
  });

  it.each([
    [401, "Invalid email or password"],
    [429, "Too many sign-in attempts. Please wait a minute and try again."],
  ])("explains a %i answer in the form", async (status, message) => {
    auth.answer = () => Promise.resolve({ data: null, error: { status } });
    const onSignedIn = vi.fn();
    render(<SignInForm onSignedIn={onSignedIn} />);
    await fillAndSubmit("ana@acme.example", "wrong-password");
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("shows the server's own message for other refusals", async () => {
    auth.answer = () =>
      Promise.resolve({ data: null, error: { status: 400, error: { code: "invalid_email", message: "Invalid email" } } });
    render(<SignInForm onSignedIn={vi.fn()} />);
    await fillAndSubmit("ana@acme.example", "some-password");
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email");
  });

  it("says so when the server cannot be reached", async () => {
    auth.answer = () => Promise.reject(new TypeError("Failed to fetch"));
    render(<SignInForm onSignedIn={vi.fn()} />);
    await fillAndSubmit("ana@acme.example", "some-password");
    expect((await screen.findByRole("alert")).textContent).toMatch(/Cannot reach the server/);
  });
});
