import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { EXISTING_ACCOUNT_MESSAGE } from "#common/contracts/team";
import { PROVIDER_STAFF_ADDRESS_MESSAGE } from "#common/domain/access";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { loadAuthClient } from "#web/lib/session.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { AUTH, authAnswers, resetSessionState } from "#web/lib/testing/fake-auth.ts";
import { toast } from "#web/lib/testing/toast-recorder.ts";
import ChangePasswordPage from "./change-password-page.tsx";

const TOKEN = "t0k3n_abcdefghijklmnopqrstuvwxyz012345";
const SIGNED_OUT = { status: 401, body: { error: { code: "unauthenticated", message: "Sign in first" } } };
const NEW_PASSWORD = "Correct-horse-42";

let api: ReturnType<typeof installFakeApi>;
const signedIn = () => api.answer("GET /api/me", { body: ANA });
/** Every request, in order: method, path and body. */
const calls = () => api.requests.map(({ method, path, body }) => ({ method, path, body }));

// Better Auth's real client calls a faked fetch; its code is there before any test fakes time.
beforeAll(() => loadAuthClient());
// A sign-out here must not reach the next file of the worker, nor one there reach these tests.
beforeEach(() => resetSessionState());
afterAll(() => resetSessionState());

beforeEach(() => {
  api = installFakeApi({
    ...authAnswers(),
    "POST /api/invitations/lookup": { body: { email: "new@acme.example", organization_name: "Acme Ltd", blocked_by: null } },
    "POST /api/invitations/accept": { body: { email: "new@acme.example" } },
    "GET /api/me": SIGNED_OUT,
  });
});

function renderPage(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/change-password", element: <ChangePasswordPage /> },
      { path: "/", element: <p>Portal home</p> },
      { path: "/auth", element: <p>Sign-in screen</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return Object.assign(router, { queryClient });
}

async function fillInvitation(name: string, password: string, confirm = password) {
  const user = userEvent.setup();
  if (name) await user.type(screen.getByLabelText("Full name"), name);
  if (password) await user.type(screen.getByLabelText("New password"), password);
  if (confirm) await user.type(screen.getByLabelText("Confirm password"), confirm);
  await user.click(screen.getByRole("button", { name: "Set password and continue" }));
}

describe("ChangePasswordPage with an invitation link", () => {
  it("shows who the invitation is for", async () => {
    renderPage(`/change-password?invitation=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "Join Acme Ltd" })).toBeDefined();
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect([email.value, email.readOnly]).toEqual(["new@acme.example", true]);
    expect(screen.getByRole("list", { name: "Password requirements" })).toBeDefined();
    expect(calls()).toEqual([{ method: "POST", path: "/api/invitations/lookup", body: { token: TOKEN } }]);
  });

  it("says when the link is no longer valid", async () => {
    api.answer("POST /api/invitations/lookup", {
      status: 404,
      body: { error: { code: "not_found", message: "This invitation is no longer valid" } },
    });
    renderPage(`/change-password?invitation=${TOKEN}`);
    expect(await screen.findByText("This invitation link is no longer valid. Ask for a new invitation.")).toBeDefined();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/auth");
  });

  it("tells someone whose email already has an account what to do instead of offering the form", async () => {
    api.answer("POST /api/invitations/lookup", {
      status: 200,
      body: { email: "ana@acme.example", organization_name: "Acme Ltd", blocked_by: "existing_account" },
    });
    renderPage(`/change-password?invitation=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "Join Acme Ltd" })).toBeDefined();
    expect(screen.getByText(EXISTING_ACCOUNT_MESSAGE)).toBeDefined();
    expect(screen.getByText("ana@acme.example")).toBeDefined();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/auth");
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/verify-otp?mode=reset");
    expect(screen.queryByLabelText("Full name")).toBeNull();
    expect(screen.queryByRole("button", { name: "Set password and continue" })).toBeNull();
  });

  it("tells someone invited at a provider staff address that it cannot join", async () => {
    api.answer("POST /api/invitations/lookup", {
      status: 200,
      body: { email: "sam@provider.example", organization_name: "Acme Ltd", blocked_by: "provider_staff_address" },
    });
    renderPage(`/change-password?invitation=${TOKEN}`);
    expect(await screen.findByText(`${PROVIDER_STAFF_ADDRESS_MESSAGE}.`, { exact: false })).toBeDefined();
    expect(screen.getByText("Ask Acme Ltd to invite another address.", { exact: false })).toBeDefined();
    expect(screen.queryByLabelText("Full name")).toBeNull();
  });

  it("checks the fields before sending", async () => {
    renderPage(`/change-password?invitation=${TOKEN}`);
    await screen.findByRole("heading", { name: "Join Acme Ltd" });
    await fillInvitation("", "short", "other");
    expect(await screen.findByText("Full name is required")).toBeDefined();
    expect(screen.getByText("Password must be at least 12 characters")).toBeDefined();
    expect(api.requests.map((request) => request.path)).toEqual(["/api/invitations/lookup"]);
  });

  it("accepts with the token, name and password, then enters the portal signed in", async () => {
    const router = renderPage(`/change-password?invitation=${TOKEN}`);
    await screen.findByRole("heading", { name: "Join Acme Ltd" });
    // Whoever was cached before must not be who the guard finds after.
    router.queryClient.setQueryData(queryKeys.currentUser, ANA);
    await fillInvitation("  Nina Novak ", NEW_PASSWORD);
    expect(await screen.findByText("Portal home")).toBeDefined();
    expect(calls()[1]).toEqual({
      method: "POST",
      path: "/api/invitations/accept",
      body: { token: TOKEN, full_name: "Nina Novak", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(router.queryClient.getQueryData(queryKeys.currentUser)).toBeUndefined();
    expect(router.state.location.pathname).toBe("/");
  });

  it("puts the server's field errors on the fields", async () => {
    api.answer("POST /api/invitations/accept", {
      status: 400,
      body: {
        error: {
          code: "validation_failed",
          message: "newPassword: This password is too common",
          details: [{ path: "newPassword", message: "This password is too common" }],
        },
      },
    });
    const router = renderPage(`/change-password?invitation=${TOKEN}`);
    await screen.findByRole("heading", { name: "Join Acme Ltd" });
    await fillInvitation("Nina Novak", "password1234");
    expect((await screen.findByText("This password is too common")).id).toBe("new-password-error");
    expect(router.state.location.pathname).toBe("/change-password");
  });

  it("shows the server's message on a conflict", async () => {
    api.answer("POST /api/invitations/accept", {
      status: 409,
      body: { error: { code: "conflict", message: "An account with this email already exists. Sign in instead." } },
    });
    renderPage(`/change-password?invitation=${TOKEN}`);
    await screen.findByRole("heading", { name: "Join Acme Ltd" });
    await fillInvitation("Nina Novak", NEW_PASSWORD);
    expect((await screen.findByRole("alert")).textContent).toBe("An account with this email already exists. Sign in instead.");
  });

  it("clears the server's message as soon as a field changes", async () => {
    api.answer("POST /api/invitations/accept", {
      status: 409,
      body: { error: { code: "conflict", message: "An account with this email already exists. Sign in instead." } },
    });
    renderPage(`/change-password?invitation=${TOKEN}`);
    await screen.findByRole("heading", { name: "Join Acme Ltd" });
    await fillInvitation("Nina Novak", NEW_PASSWORD);
    expect((await screen.findByRole("alert")).textContent).toBe("An account with this email already exists. Sign in instead.");

    await userEvent.setup().type(screen.getByLabelText("Full name"), "-Lee");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(api.to("POST /api/invitations/accept")).toHaveLength(1);
  });

  it("switches to the invalid-link message when the invitation went away meanwhile", async () => {
    api.answer("POST /api/invitations/accept", { status: 404, body: { error: { code: "not_found", message: "Not found" } } });
    renderPage(`/change-password?invitation=${TOKEN}`);
    await screen.findByRole("heading", { name: "Join Acme Ltd" });
    await fillInvitation("Nina Novak", NEW_PASSWORD);
    expect(await screen.findByText("This invitation link is no longer valid. Ask for a new invitation.")).toBeDefined();
  });
});

describe("ChangePasswordPage without an invitation", () => {
  it("points a signed-out visitor to sign-in and the reset screen", async () => {
    renderPage("/change-password");
    expect(await screen.findByRole("heading", { name: "Change Password" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/auth");
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/verify-otp?mode=reset");
    expect(screen.queryByLabelText("Current password")).toBeNull();
  });

  it("gives a signed-in user the form and a way back", async () => {
    signedIn();
    renderPage("/change-password");
    expect(await screen.findByLabelText("Current password")).toBeDefined();
    expect(screen.getByRole("link", { name: "Back to the portal" }).getAttribute("href")).toBe("/");
    await userEvent.setup().click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Current password is required")).toBeDefined();
  });

  it("shows a session check that failed otherwise with a retry, not the signed-out choices", async () => {
    api.answer("GET /api/me", { status: 503, body: { error: { code: "unavailable", message: "The portal is busy" } } });
    renderPage("/change-password");
    expect((await screen.findByRole("alert", {}, { timeout: 3000 })).textContent).toContain("The portal is busy");
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
    signedIn();
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("Current password")).toBeDefined();
  });

  it("signs out 2 seconds after a change and lands on the sign-in screen", async () => {
    signedIn();
    const router = renderPage("/change-password");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Current password"), "old-password-1");
    await user.type(screen.getByLabelText("New password"), NEW_PASSWORD);
    await user.type(screen.getByLabelText("Confirm password"), NEW_PASSWORD);
    vi.useFakeTimers();
    try {
      // user-event's wrapper waits on a real timer; the submit goes through the form instead.
      act(() => (screen.getByRole("button", { name: "Change password" }) as HTMLButtonElement).form?.requestSubmit());
      for (let round = 0; round < 50 && toast.success.mock.calls.length === 0; round += 1) {
        await act(() => vi.advanceTimersByTimeAsync(0));
      }
      expect(api.to(AUTH.changePassword).map((request) => request.body)).toEqual([
        { currentPassword: "old-password-1", newPassword: NEW_PASSWORD, revokeOtherSessions: true },
      ]);
      expect(api.to(AUTH.signOut)).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(api.to(AUTH.signOut)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
  });
});
