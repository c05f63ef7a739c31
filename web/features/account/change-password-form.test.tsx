import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAuthClient } from "#web/lib/session.ts";
import { type FakeAnswer, installFakeApi } from "#web/lib/testing/fake-api.ts";
import { AUTH, authAnswers, authRefusal, unreachable } from "#web/lib/testing/fake-auth.ts";
import { toast } from "#web/lib/testing/toast-recorder.ts";
import { ChangePasswordForm } from "./change-password-form.tsx";

// Better Auth's real client calls a faked fetch; its code is there before any test fakes time.
beforeAll(() => loadAuthClient());

let api: ReturnType<typeof installFakeApi>;
/** The bodies sent to Better Auth's change-password, in order. */
const changes = () => api.to(AUTH.changePassword).map((request) => request.body);

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

describe("ChangePasswordForm", () => {
  beforeEach(() => {
    api = installFakeApi(authAnswers());
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
    expect(api.requests).toEqual([]);
  });

  it("refuses a short new password", async () => {
    render(<ChangePasswordForm onSignOut={vi.fn()} />);
    await fill({ current: "old-password-1", next: "short", confirm: "short" });
    expect(await screen.findByText("Password must be at least 12 characters")).toBeDefined();
    expect(api.requests).toEqual([]);
  });

  it("says so on the confirmation when the passwords differ", async () => {
    render(<ChangePasswordForm onSignOut={vi.fn()} />);
    await fill({ current: "old-password-1", next: NEW_PASSWORD, confirm: `${NEW_PASSWORD}x` });
    const message = await screen.findByText("Passwords don't match");
    expect(message.id).toBe("confirm-password-error");
    expect(api.requests).toEqual([]);
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
    api.answer(AUTH.changePassword, authRefusal(400, "invalid_password", "Invalid password"));
    const onSignOut = vi.fn();
    render(<ChangePasswordForm onSignOut={onSignOut} />);
    await fill({ current: "wrong-password", next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(await screen.findByText("Current password is incorrect")).toBeDefined();
    expect(toast.error).toHaveBeenCalledWith("Current password is incorrect");
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it("puts the common-password refusal on the new password", async () => {
    api.answer(AUTH.changePassword, authRefusal(400, "password_too_common", "This password is too common. Choose one that is harder to guess"));
    render(<ChangePasswordForm onSignOut={vi.fn()} />);
    await fill({ current: "old-password-1", next: "password1234", confirm: "password1234" });
    const message = await screen.findByText("This password is too common. Choose one that is harder to guess");
    expect(message.id).toBe("new-password-error");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it.each<[string, FakeAnswer, unknown[]]>([
    [
      "a refusal",
      authRefusal(429, "rate_limited", "Too many requests. Please wait a minute and try again."),
      ["Password change failed", { description: "Too many requests. Please wait a minute and try again." }],
    ],
    ["a network failure", unreachable, ["Password change failed", undefined]],
  ])("reports %s as Password change failed", async (_, answer, toastCall) => {
    api.answer(AUTH.changePassword, answer);
    render(<ChangePasswordForm onSignOut={vi.fn()} />);
    await fill({ current: "old-password-1", next: NEW_PASSWORD, confirm: NEW_PASSWORD });
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledOnce());
    expect(toast.error.mock.calls[0]?.[0]).toBe("Password change failed");
    expect(toast.error.mock.calls[0]).toEqual(toastCall);
    expect(changes()).toHaveLength(1);
    // The toast comes before the form leaves its busy state: the button reads "Change password" again once it has.
    expect(await screen.findByRole("button", { name: "Change password" })).toBeDefined();
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
    expect(changes()).toEqual([{ currentPassword: "old-password-1", newPassword: NEW_PASSWORD, revokeOtherSessions: true }]);
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
