import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Notification } from "#common/contracts/notifications";
import { clearSelectedOrganization, getSelectedOrganizationId, resolveEmployeeOrganization } from "#web/lib/selected-organization.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { NotificationBell } from "./notification-bell.tsx";
import { ACME, EMPLOYEE, GLOBEX, listOf, notification, renderWithRouter } from "./notifications-test-kit.tsx";


const LOAD = { timeout: 5000 };

/** A fake server holding `notifications`: marking read changes what the next list answers. */
function installNotifications(notifications: Notification[]) {
  let items = notifications;
  const api = installFakeApi({
    "GET /api/notifications": () => ({ body: listOf(items) }),
    "POST /api/notifications/read": (request) => {
      const body = request.body as { ids?: string[]; all?: true };
      items = items.map((item) => (body.all || body.ids?.includes(item.id) ? { ...item, read: true } : item));
      return { body: { unread_count: listOf(items).unread_count } };
    },
  });
  return api;
}

async function openPanel(user: ReturnType<typeof userEvent.setup>, name: string | RegExp = /^Notifications/) {
  await user.click(await screen.findByRole("button", { name }, LOAD));
  return screen.findByRole("dialog", { name: "Notifications" }, LOAD);
}

beforeEach(() => {
  window.localStorage.clear();
  clearSelectedOrganization();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("The notification centre", () => {
  it("lists the newest first, with unread ones marked, who, when, and no organization for a member", async () => {
    installNotifications([notification(1, { read: true }), notification(3), notification(2, { actor: null })]);
    renderWithRouter(<NotificationBell />);
    const panel = await openPanel(userEvent.setup(), "Notifications, 2 unread");
    const links = await within(panel).findAllByRole("link");
    expect(links.map((link) => link.querySelector(".font-semibold, .font-normal")?.textContent)).toEqual([
      "Task 3 assigned to you",
      "Task 2 assigned to you",
      "Task 1 assigned to you",
    ]);
    expect(links.map((link) => link.textContent?.startsWith("Unread: "))).toEqual([true, true, false]);
    expect(links[0]?.textContent).toContain("Bo assigned you TASK-3.");
    expect(links[0]?.textContent).toContain("Bo Chen · ");
    expect(links[0]?.textContent).not.toContain("Acme");
    expect(links[1]?.textContent).not.toContain("Bo Chen");
    expect(links[0]?.querySelector("time")?.getAttribute("dateTime")).toBe(notification(3).created_at);
  });

  it("marks an item read when it is clicked, and goes to what it is about", async () => {
    const user = userEvent.setup();
    const api = installNotifications([notification(1), notification(2)]);
    renderWithRouter(<NotificationBell />);
    const panel = await openPanel(user, "Notifications, 2 unread");
    await user.click(await within(panel).findByRole("link", { name: /Task 2 assigned/ }));
    expect(screen.getByTestId("location").textContent).toBe(notification(2).link);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to("POST /api/notifications/read").map((request) => request.body)).toEqual([{ ids: [notification(2).id] }]);
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    await waitFor(() => expect(document.activeElement).toBe(bell));
  });

  it("switches an employee to the notification's organization before going there", async () => {
    const user = userEvent.setup();
    resolveEmployeeOrganization([{ id: ACME.id }, { id: GLOBEX.id }]);
    const api = installNotifications([notification(1, { organization: GLOBEX, read: true })]);
    renderWithRouter(<NotificationBell />, EMPLOYEE);
    const panel = await openPanel(user);
    const link = await within(panel).findByRole("link", { name: /Task 1 assigned/ });
    expect(link.textContent).toContain("Globex · Bo Chen · ");
    await user.click(link);
    expect(getSelectedOrganizationId()).toBe(GLOBEX.id);
    expect(screen.getByTestId("location").textContent).toBe(notification(1).link);
    // Already read: nothing to mark.
    expect(api.to("POST /api/notifications/read")).toEqual([]);
  });

  it("marks everything read at once", async () => {
    const user = userEvent.setup();
    const api = installNotifications([notification(1), notification(2)]);
    renderWithRouter(<NotificationBell />);
    const panel = await openPanel(user, "Notifications, 2 unread");
    await within(panel).findAllByRole("link");
    await user.click(within(panel).getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(within(panel).queryByText("Unread:", { exact: false })).toBeNull());
    expect(api.to("POST /api/notifications/read").map((request) => request.body)).toEqual([{ all: true }]);
    expect((within(panel).getByRole("button", { name: "Mark all as read" }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(panel);
    expect(screen.getByRole("button", { name: "Notifications", hidden: true })).toBeDefined();
  });

  it("puts the items back and says so when marking fails", async () => {
    const user = userEvent.setup();
    const api = installNotifications([notification(1)]);
    api.answer("POST /api/notifications/read", { status: 503, body: { error: { code: "unavailable", message: "Down" } } });
    renderWithRouter(<NotificationBell />);
    const panel = await openPanel(user, "Notifications, 1 unread");
    await within(panel).findAllByRole("link");
    await user.click(within(panel).getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(toasts.error).toEqual([["Failed to mark notifications as read"]]));
    expect(within(panel).getByRole("link").textContent).toMatch(/^Unread: /);
  });

  it("says when there is nothing, and closes on Escape with the focus back on the bell", async () => {
    const user = userEvent.setup();
    installNotifications([]);
    renderWithRouter(<NotificationBell />);
    const panel = await openPanel(user);
    expect(await within(panel).findByText("You're all caught up.")).toBeDefined();
    expect((within(panel).getByRole("button", { name: "Mark all as read" }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Notifications" }));
  });

  it("shows a failed load with a retry", async () => {
    const user = userEvent.setup();
    const api = installFakeApi({ "GET /api/notifications": { status: 503, body: { error: { code: "unavailable", message: "The portal is busy." } } } });
    renderWithRouter(<NotificationBell />);
    const panel = await openPanel(user);
    expect((await within(panel).findByRole("alert")).textContent).toContain("The portal is busy.");
    api.answer("GET /api/notifications", { body: listOf([notification(4)]) });
    await user.click(within(panel).getByRole("button", { name: "Try again" }));
    expect(await within(panel).findByRole("link", { name: /Task 4 assigned/ })).toBeDefined();
  });

  it("links to the notification settings, and has no accessibility violations axe can find", async () => {
    const user = userEvent.setup();
    installNotifications([notification(1), notification(2, { read: true })]);
    renderWithRouter(<NotificationBell />);
    const panel = await openPanel(user, "Notifications, 1 unread");
    await within(panel).findAllByRole("link");
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false }, region: { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await user.click(within(panel).getByRole("button", { name: "Notification settings" }));
    expect(await screen.findByRole("dialog", { name: "Notification Settings" }, LOAD)).toBeDefined();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Notifications" })).toBeNull());
  });
});
