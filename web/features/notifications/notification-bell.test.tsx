import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RealtimeProvider } from "#web/lib/realtime/realtime-provider.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { FakeEventSource } from "#web/lib/testing/fake-event-source.ts";
import { NotificationBell } from "./notification-bell.tsx";
import { ACME, listOf, notification, renderWithRouter } from "./notifications-test-kit.tsx";

// The real bell is a lazy chunk: its first import in a busy worker may take a while.
const LOAD = { timeout: 5000 };

beforeEach(() => {
  FakeEventSource.created = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("NotificationBell", () => {
  it("stands in without a count, then shows the unread count on the badge and in its name", async () => {
    installFakeApi({ "GET /api/notifications": { body: listOf([notification(1), notification(2), notification(3, { read: true })]) } });
    renderWithRouter(<NotificationBell />);
    const standIn = screen.getByRole("button", { name: "Notifications" });
    expect(standIn.getAttribute("aria-haspopup")).toBe("dialog");
    const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" }, LOAD);
    expect(bell.textContent).toBe("2");
    expect(bell.getAttribute("aria-expanded")).toBe("false");
  });

  it("shows no badge when everything is read, and 99+ past 99", async () => {
    const api = installFakeApi({ "GET /api/notifications": { body: listOf([notification(1, { read: true })]) } });
    const queryClient = renderWithRouter(<NotificationBell />);
    const bell = await screen.findByRole("button", { name: "Notifications" }, LOAD);
    await vi.waitFor(() => expect(api.to("GET /api/notifications")).toHaveLength(1));
    expect(bell.textContent).toBe("");

    api.answer("GET /api/notifications", { body: { notifications: [], unread_count: 120 } });
    await act(() => queryClient.invalidateQueries());
    expect((await screen.findByRole("button", { name: "Notifications, 120 unread" })).textContent).toBe("99+");
  });

  it("refreshes the count when a notificationsChanged event arrives, without a reload", async () => {
    const api = installFakeApi({ "GET /api/notifications": { body: listOf([]) } });
    renderWithRouter(<NotificationBell />, undefined, (children) => <RealtimeProvider enabled>{children}</RealtimeProvider>);
    await screen.findByRole("button", { name: "Notifications" }, LOAD);
    await vi.waitFor(() => expect(api.to("GET /api/notifications")).toHaveLength(1));
    const source = FakeEventSource.created.at(-1);
    act(() => source?.fireOpen());

    api.answer("GET /api/notifications", { body: listOf([notification(7)]) });
    act(() => source?.fireMessage("change", JSON.stringify({ type: "notificationsChanged", organizationId: ACME.id, userId: "user-1" }), "12"));
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeDefined();
    expect(api.to("GET /api/notifications")).toHaveLength(2);
  });

  it("opens the panel once the code arrives when the stand-in was clicked", async () => {
    installFakeApi({ "GET /api/notifications": { body: listOf([notification(1)]) } });
    renderWithRouter(<NotificationBell />);
    act(() => screen.getByRole("button", { name: "Notifications" }).click());
    expect(await screen.findByRole("dialog", { name: "Notifications" }, LOAD)).toBeDefined();
    expect(await screen.findByRole("link", { name: /Task 1 assigned to you/ }, LOAD)).toBeDefined();
  });
});
