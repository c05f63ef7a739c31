import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { notificationKindsFor } from "#common/domain/notifications";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { clearSelectedOrganization, selectEmployeeOrganization } from "#web/lib/selected-organization.ts";
import { loadAuthClient } from "#web/lib/session.ts";
import { EMPLOYEE_ACCESS, MEMBER_ACCESS, accessAnswerFor } from "#web/lib/testing/access-answers.ts";
import { ANA, renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { AUTH, authAnswers, resetSessionState } from "#web/lib/testing/fake-auth.ts";
import { toast } from "#web/lib/testing/toast-recorder.ts";
import { consumeDeliberateSignOut } from "#web/features/auth/use-session.ts";
import { UserMenu } from "./user-menu.tsx";

// Better Auth's real client calls a faked fetch; its code is there before any test fakes time.
beforeAll(() => loadAuthClient());
// The files of a worker share web/lib/session.ts and use-session.ts: each test starts from a tab
// that never kept the session fresh nor signed out (signOutUser's flag for the guard included),
// and the sign-outs here do not reach the next file.
async function forgetSignOut() {
  consumeDeliberateSignOut();
  await resetSessionState();
}
beforeEach(forgetSignOut);
afterAll(forgetSignOut);

let api: ReturnType<typeof installFakeApi>;
beforeEach(() => {
  api = installFakeApi({
    ...authAnswers(),
    // My Profile saves through the portal, which answers with the updated profile.
    "PATCH /api/me/profile": (request) => ({ body: { ...ANA, ...(request.body as object) } }),
    "GET /api/notification-preferences": { body: { preferences: MEMBER_PREFERENCES } },
    "GET /api/access": { body: MEMBER_ACCESS },
  });
});
afterEach(() => {
  vi.useRealTimers();
  clearSelectedOrganization();
});

function renderMenu() {
  // The menu links to /support: it needs a router, as in the shell.
  return renderWithCurrentUser(
    <MemoryRouter>
      <UserMenu email={ANA.email} />
    </MemoryRouter>,
  );
}

// The menu is a lazy chunk: its first import in a busy worker may take a while.
const MENU_LOAD = { timeout: 5000 };

/** A member's settings as the server answers them: every kind they receive, both channels on. */
const MEMBER_PREFERENCES = notificationKindsFor({ isEmployee: false }).map((kind) => ({ kind, in_app: true, email: true }));

async function choose(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(screen.getByRole("button", { name: /^User menu for / }));
  await user.click(await screen.findByRole("menuitem", { name: item }, MENU_LOAD));
}

describe("UserMenu", () => {
  it("offers Profile, Change Password, Support and Sign Out, in that order", async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole("button", { name: "User menu for Ana Lima" }));
    const items = await screen.findAllByRole("menuitem", {}, MENU_LOAD);
    expect(items.map((item) => item.textContent)).toEqual(["Profile", "Change Password", "Support", "Sign Out"]);
  });

  it("opens My Profile, and the menu shows the saved name at once", async () => {
    const user = userEvent.setup();
    renderMenu();
    await choose(user, "Profile");
    const dialog = await screen.findByRole("dialog", { name: "My Profile" });
    await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.clear(screen.getByLabelText("Full name"));
    await user.type(screen.getByLabelText("Full name"), "Ana Souza");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const trigger = await screen.findByRole("button", { name: "User menu for Ana Souza" });
    expect(api.to("PATCH /api/me/profile").map((request) => request.body)).toEqual([expect.objectContaining({ full_name: "Ana Souza" })]);
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Focus goes back to the menu button, not to the body.
    await vi.waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it("keeps the notification settings in My Profile", async () => {
    const user = userEvent.setup();
    renderMenu();
    await choose(user, "Profile");
    const dialog = await screen.findByRole("dialog", { name: "My Profile" });
    const section = await within(dialog).findByRole("region", { name: "Notifications" }, { timeout: 5000 });
    expect(await within(section).findAllByRole("group")).toHaveLength(MEMBER_PREFERENCES.length);
  });

  it("opens Change Password, and signs out 2 seconds after a change", async () => {
    const user = userEvent.setup();
    renderMenu();
    await choose(user, "Change Password");
    expect(await screen.findByRole("dialog", { name: "Change Password" })).toBeDefined();
    await user.type(screen.getByLabelText("Current password"), "old-password-1");
    await user.type(screen.getByLabelText("New password"), "Correct-horse-42");
    await user.type(screen.getByLabelText("Confirm password"), "Correct-horse-42");
    vi.useFakeTimers();
    // user-event's wrapper waits on a real timer; the submit goes through the form instead.
    act(() => {
      (screen.getByRole("button", { name: "Change password" }) as HTMLButtonElement).form?.requestSubmit();
    });
    for (let round = 0; round < 50 && toast.success.mock.calls.length === 0; round += 1) {
      await act(() => vi.advanceTimersByTimeAsync(0));
    }
    expect(toast.success).toHaveBeenCalledOnce();
    expect(api.to(AUTH.changePassword).map((request) => request.body)).toEqual([
      { currentPassword: "old-password-1", newPassword: "Correct-horse-42", revokeOtherSessions: true },
    ]);
    expect(api.to(AUTH.signOut)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.to(AUTH.signOut)).toHaveLength(1);
  });

  /** An employee acting for Acme, in a router with stand-ins for the pages the menu links to. */
  async function openEmployeeMenu(user: ReturnType<typeof userEvent.setup>, email: string) {
    selectEmployeeOrganization(ANA.organization_id!);
    renderWithCurrentUser(
      <MemoryRouter initialEntries={["/dashboard"]}>
        <Routes>
          <Route path="/help-inbox" element={<p>Inbox page</p>} />
          <Route path="/administration" element={<p>Administration page</p>} />
          <Route path="*" element={<UserMenu email={email} />} />
        </Routes>
      </MemoryRouter>,
      { ...ANA, email, is_employee: true },
    );
    // The access answer (the menu's verdicts) is in before the menu opens.
    await vi.waitFor(() => expect(api.to("GET /api/access")).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "User menu for Ana Lima" }));
  }

  it("offers employees their help inbox, and no Administration unless the server allows it", async () => {
    const user = userEvent.setup();
    api.answer("GET /api/access", { body: EMPLOYEE_ACCESS });
    await openEmployeeMenu(user, "eve@provider.example");
    const items = await screen.findAllByRole("menuitem", {}, MENU_LOAD);
    expect(items.map((item) => item.textContent)).toEqual(["Profile", "Change Password", "Support", "Help inbox", "Sign Out"]);
    await user.click(screen.getByRole("menuitem", { name: "Help inbox" }));
    expect(await screen.findByText("Inbox page")).toBeDefined();
  });

  it("offers the provider administrator Administration, which opens /administration", async () => {
    const user = userEvent.setup();
    const admin = accessAnswerFor({ isEmployee: true, email: "boss@provider.example", ndaSigned: true, launchpadPercent: 100 });
    expect(admin.pages["administration-page"].allowed).toBe(true);
    api.answer("GET /api/access", { body: admin });
    await openEmployeeMenu(user, "boss@provider.example");
    const items = await screen.findAllByRole("menuitem", {}, MENU_LOAD);
    expect(items.map((item) => item.textContent)).toEqual(["Profile", "Change Password", "Support", "Help inbox", "Administration", "Sign Out"]);
    await user.click(screen.getByRole("menuitem", { name: "Administration" }));
    expect(await screen.findByText("Administration page")).toBeDefined();
  });

  it("signs out", async () => {
    const user = userEvent.setup();
    const queryClient = renderMenu();
    await choose(user, "Sign Out");
    await vi.waitFor(() => expect(api.to(AUTH.signOut)).toHaveLength(1));
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.currentUser)).toBeUndefined());
  });
});
