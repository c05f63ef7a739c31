import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NotificationPreference } from "#common/contracts/notifications";
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from "#common/domain/notifications";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { NotificationSettingsDialog } from "./notification-settings-dialog.tsx";


const ALL_ON: NotificationPreference[] = NOTIFICATION_KINDS.map((kind) => ({ kind, in_app: true, email: true }));

/** A fake server keeping the person's choices. */
function installPreferences(preferences: NotificationPreference[] = ALL_ON) {
  let stored = preferences;
  return installFakeApi({
    "GET /api/notification-preferences": () => ({ body: { preferences: stored } }),
    "PUT /api/notification-preferences": (request) => {
      const change = request.body as NotificationPreference;
      stored = stored.map((item) => (item.kind === change.kind ? change : item));
      return { body: { preferences: stored } };
    },
  });
}

function renderSettings() {
  renderWithCurrentUser(<NotificationSettingsDialog open onOpenChange={() => {}} />);
  return screen.getByRole("dialog", { name: "Notification Settings" });
}

const groupOf = (kind: (typeof NOTIFICATION_KINDS)[number]) => screen.getByRole("group", { name: NOTIFICATION_KIND_LABELS[kind] });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Notification settings", () => {
  it("shows every kind the server answers, in its order, with its two choices, the digest, and the unsubscribe link", async () => {
    installPreferences(ALL_ON.map((preference) => (preference.kind === "assigned" ? { ...preference, email: false } : preference)));
    const dialog = renderSettings();
    await within(dialog).findAllByRole("group");
    expect(within(dialog).getAllByRole("group").map((group) => group.querySelector("legend")?.textContent)).toEqual(
      NOTIFICATION_KINDS.map((kind) => NOTIFICATION_KIND_LABELS[kind]),
    );
    const assigned = groupOf("assigned");
    expect((within(assigned).getByRole("checkbox", { name: "In the portal" }) as HTMLInputElement).checked).toBe(true);
    expect((within(assigned).getByRole("checkbox", { name: "By email" }) as HTMLInputElement).checked).toBe(false);
    expect(within(groupOf("overdue")).getByRole("checkbox", { name: "By email (daily digest)" })).toBeDefined();
    expect(within(groupOf("due_tomorrow")).getByRole("checkbox", { name: "By email (daily digest)" })).toBeDefined();
    expect(within(dialog).getByText(/Every email has a one-click unsubscribe link/)).toBeDefined();
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it("saves a change at once", async () => {
    const user = userEvent.setup();
    const api = installPreferences();
    renderSettings();
    await screen.findAllByRole("group");
    const email = within(groupOf("comment")).getByRole("checkbox", { name: "By email" }) as HTMLInputElement;
    await user.click(email);
    expect(email.checked).toBe(false);
    await waitFor(() => expect(api.to("PUT /api/notification-preferences")).toHaveLength(1));
    expect(api.to("PUT /api/notification-preferences")[0]?.body).toEqual({ kind: "comment", in_app: true, email: false });

    const inApp = within(groupOf("comment")).getByRole("checkbox", { name: "In the portal" }) as HTMLInputElement;
    await user.click(inApp);
    await waitFor(() => expect(api.to("PUT /api/notification-preferences")).toHaveLength(2));
    expect(api.to("PUT /api/notification-preferences")[1]?.body).toEqual({ kind: "comment", in_app: false, email: false });
    expect([inApp.checked, email.checked]).toEqual([false, false]);
    expect(toasts.error).toEqual([]);
  });

  it("puts a choice back and says so when saving fails", async () => {
    const user = userEvent.setup();
    const api = installPreferences();
    api.answer("PUT /api/notification-preferences", { status: 503, body: { error: { code: "unavailable", message: "Down" } } });
    renderSettings();
    await screen.findAllByRole("group");
    const inApp = within(groupOf("overdue")).getByRole("checkbox", { name: "In the portal" }) as HTMLInputElement;
    await user.click(inApp);
    await waitFor(() => expect(toasts.error).toEqual([["Failed to update notification settings"]]));
    await waitFor(() => expect(inApp.checked).toBe(true));
    expect(api.to("PUT /api/notification-preferences")[0]?.body).toEqual({ kind: "overdue", in_app: false, email: true });
  });

  it("shows a failed load with a retry", async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ "GET /api/notification-preferences": { status: 503, body: { error: { code: "unavailable", message: "The portal is busy." } } } });
    renderSettings();
    expect((await screen.findByRole("alert")).textContent).toContain("The portal is busy.");
    api.answer("GET /api/notification-preferences", { body: { preferences: ALL_ON } });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findAllByRole("group")).toHaveLength(NOTIFICATION_KINDS.length);
  });
});
