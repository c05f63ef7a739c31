import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "#web/lib/testing/toast-recorder.ts";
import { ChangePasswordForm } from "./change-password-form.tsx";

const auth = vi.hoisted(() => ({ calls: [] as unknown[], answer: (): Promise<unknown> => Promise.resolve({ data: {}, error: null }) }));
vi.mock("#web/lib/auth-client.ts", () => ({
  authClient: {
    changePassword: (values: unknown) => {
      auth.calls.push(values);
      return auth.answer();
    },
  },
}));

const NEW_PASSWORD = "Correct-horse-42";

/** Lets pending promises settle without moving fake time. */
async function flushUntil(done: () => boolean) {
  for (let round = 0; round < 50 && !done(); round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
  expect(done()).toBe(true);
}

async function fill(values: { current?: string; next?: string; confirm?: string }, user = userEvent.setup()) {
  if (values.current) await user.type(screen.getByLabelText("Current password"), values.current);
  if (values.next) await user.type(screen.getByLabelText("New password"), values.next);
  if (values.confirm) await user.type(screen.getByLabelText("Confirm password"), values.confirm);
  await user.click(screen.getByRole("button", { name: "Change password" }));
}

/** The portal's error body as Better Auth's client hands it over. */
function refusal(status: number, code: string, message: string) {
  return () => Promise.resolve({ data: null, error: { status, statusText: "", error: { code, message } } });
}

describe("ChangePasswordForm", () => {
  beforeEach(() => {
    auth.calls = [];
    auth.answer = () => Promise.resolve({ data: {}, error: null });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("requires every field, with the spec's messages", async () => {
    render(<ChangePasswordForm onSignOut={vi.fn()} />);
    await fill({});
    expect(await screen.findByText("Current password is required")).toBeDefined();
    expect(screen.getByText("Password must be at least 12 characters")).toBeDefined();
    expect(screen.getByText("Please confirm your password")).toBeDefined();
    expect(screen.getByLabelText("Current password").getAttribute("aria-invalid")).toBe("true");
    expect(auth.calls).toEqual([]);
  });

  it("refuses a short new password", async () => {
    render(<ChangePasswordForm onSignOut={vi.fn()} />);
    await fill({ current: "old-password-1", next: "short", confirm: "short" });
    expect(await screen.findByText("Password must be at least 12 characters")).toBeDefined();
    expect(auth.calls).toEqual([]);
  });

  it("says so on the confirmation when the passwords differ", async () => {
    render(<ChangePasswordForm onSignOut={vi.fn()} />);
    await fill({ current: "old-password-1", next: NEW_PASSWORD, confirm: `${NEW_PASSWORD}x` });
    const message = await screen.findByText("Passwords don't match");
    expect(message.id).toBe("confirm-password-error");
    expect(auth.calls).toEqual([]);
  });

  it("lists the requirements and ticks those the new password meets", async () => {
    render(<ChangePasswordForm onSignOut={vi.fn()} />);
    const list = screen.getByRole("list", { name: "Password requirements" });
    const items = () => [...list.querySelectorAll("li")].map((item) => item.getAttribute("data-met"));
    expect(list.textContent).toContain("At least 12 characters");
    expect(items()).toEqual(["false", "false", "false", "false"]);
    await userEvent.setup().type(screen.getByLabelText("New password"), "abcdefghijkl1");
    expect(items()).toEqual(["true", "false", "true", "false"]);
  });

  it("marks a wrong current password on its field and in a toast", async () => {
    auth.answer = refusal(400, "invalid_password", "Invalid password");
    const onSignOut = vi.fn();
    render(<ChangePasswordForm onSignOut={onSignOut} />);
    await fill({ current: "wrong-password", next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(await screen.findByText("Current password is incorrect")).toBeDefined();
    expect(toast.error).toHaveBeenCalledWith("Current password is incorrect");
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it("puts the common-password refusal on the new password", async () => {
    auth.answer = refusal(400, "password_too_common", "This password is too common. Choose one that is harder to guess");
    render(<ChangePasswordForm onSignOut={vi.fn()} />);
    await fill({ current: "old-password-1", next: "password1234", confirm: "password1234" });
    const message = await screen.findByText("This password is too common. Choose one that is harder to guess");
    expect(message.id).toBe("new-password-error");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it.each([
    ["a refusal", refusal(429, "rate_limited", "Too many requests. Please wait a minute and try again.")],
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("reports %s as Password change failed", async (_, answer) => {
    auth.answer = answer;
    render(<ChangePasswordForm onSignOut={vi.fn()} />);
    await fill({ current: "old-password-1", next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledOnce());
    expect(toast.error.mock.calls[0]?.[0]).toBe("Password change failed");
    expect(screen.getByRole("button", { name: "Change password" })).toBeDefined();
  });

  it("changes the password, revoking other sessions, and signs out 2 seconds later", async () => {
    const onSignOut = vi.fn();
    render(<ChangePasswordForm onSignOut={onSignOut} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Current password"), "old-password-1");
    await user.type(screen.getByLabelText("New password"), NEW_PASSWORD);
    await user.type(screen.getByLabelText("Confirm password"), NEW_PASSWORD);
    // Fake time from here: it moves only when the test says so. (user-event's wrapper waits on a
    // real timer, so the click goes through fireEvent.)
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    await flushUntil(() => toast.success.mock.calls.length > 0);
    expect(auth.calls).toEqual([{ currentPassword: "old-password-1", newPassword: NEW_PASSWORD, revokeOtherSessions: true }]);
    expect(toast.success).toHaveBeenCalledWith("Password changed", {
      description: "You will be signed out in 2 seconds. Sign in again with your new password.",
    });
    expect(screen.getByLabelText("New password").matches(":disabled")).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(onSignOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
