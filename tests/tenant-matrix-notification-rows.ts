import { expect } from "vitest";
import type { NotificationList, NotificationPreference } from "#common/contracts/notifications";
import { notificationKindsFor } from "#common/domain/notifications";
import { createActivityNotifier } from "#server/features/notifications/activity-notifier.service";
import { buildUnsubscribeUrl } from "#server/features/notifications/notification-delivery.service";
import type { Runtime } from "#server/runtime";
import { type TestUser, call } from "#tests/factories";
import { activityOf, reportActivity, seedEntry } from "#tests/notifications-test-kit";
import { fixture } from "#tests/tenant-matrix-fixture";
import type { Expected, MatrixEntry, World } from "#tests/tenant-matrix-rows";

/**
 * Tenant-matrix rows of the notification centre, the choices and the unsubscribe link, merged into
 * the matrix by tests/tenant-matrix-rows.ts. Member A is assigned entries of A by the employee; their
 * titles are A's data. Each signed-in caller reads and changes only their own; the unsubscribe
 * link's token is its whole credential, whoever holds it.
 */

const PUBLIC: Expected = { anonymous: 200, memberA: 200, employeeNamingA: 200, memberBNamingA: 200 };
const AUTHENTICATED: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 200 };

export function notificationMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  async function listOf(person: TestUser): Promise<NotificationList> {
    const response = await call(runtime(), "/api/notifications", { as: person });
    expect(response.status).toBe(200);
    return response.json();
  }

  async function choicesOf(person: TestUser): Promise<NotificationPreference[]> {
    const response = await call(runtime(), "/api/notification-preferences", { as: person });
    expect(response.status).toBe(200);
    return (await response.json()).preferences;
  }

  /** Two entries of A assigned to member A by the employee: two notifications, first and second. */
  async function notificationsOfA(world: World): Promise<void> {
    const notifier = createActivityNotifier(runtime().notifications);
    for (const which of ["first", "second"]) {
      const title = `Entry ${which} ${world.tag}`;
      world.secretsOfA.push(title);
      const entry = await seedEntry(runtime(), world.orgA.id, { title, assignedTo: world.memberA.id });
      await reportActivity(runtime(), notifier, (tx) => notifier.entryAssigned(tx, activityOf(entry, world.employee.id)));
    }
    const [second, first] = (await listOf(world.memberA)).notifications;
    if (!first || !second) throw new Error("member A was not notified");
    world.fixtures.first = first.id;
    world.fixtures.second = second.id;
  }

  /** Member A's link to stop assignment emails. */
  async function unsubscribeLinkOfA(world: World): Promise<void> {
    world.fixtures.unsubscribePath = buildUnsubscribeUrl(runtime().notifications, world.memberA.id, ["assigned"]).replace(/^https?:\/\/[^/]+/, "");
  }

  const assignedEmailOfA = async (world: World) => (await choicesOf(world.memberA)).find((choice) => choice.kind === "assigned")?.email;

  return {
    listNotifications: {
      setup: notificationsOfA,
      call: () => ({ method: "GET", path: "/api/notifications" }),
      expect: AUTHENTICATED,
      check: (caller, body, world) => {
        const ids = (body as NotificationList).notifications.map((item) => item.id);
        expect(ids).toEqual(caller === "memberA" ? [fixture(world, "second"), fixture(world, "first")] : []);
      },
    },
    markNotificationsRead: {
      // Member A marks the first read; everyone else names member A's second, which stays unread.
      setup: notificationsOfA,
      call: (caller, world) => ({ method: "POST", path: "/api/notifications/read", body: { ids: [fixture(world, caller === "memberA" ? "first" : "second")] } }),
      expect: AUTHENTICATED,
      check: (caller, body) => expect(body).toEqual({ unread_count: caller === "memberA" ? 1 : 0 }),
      verify: async (world) => {
        const list = await listOf(world.memberA);
        expect(list.notifications.map((item) => [item.id, item.read])).toEqual([
          [fixture(world, "second"), false],
          [fixture(world, "first"), true],
        ]);
      },
    },
    getNotificationPreferences: {
      call: () => ({ method: "GET", path: "/api/notification-preferences" }),
      expect: AUTHENTICATED,
      // Every kind the caller receives: an employee's include new help requests.
      check: (caller, body) =>
        expect((body as { preferences: NotificationPreference[] }).preferences.map((choice) => choice.kind)).toEqual(
          notificationKindsFor({ isEmployee: caller === "employeeNamingA" }),
        ),
    },
    updateNotificationPreference: {
      call: (caller) => ({ method: "PUT", path: "/api/notification-preferences", body: { kind: "overdue", in_app: caller !== "memberA", email: false } }),
      expect: AUTHENTICATED,
      check: (caller, body) =>
        expect((body as { preferences: NotificationPreference[] }).preferences).toContainEqual({ kind: "overdue", in_app: caller !== "memberA", email: false }),
      verify: async (world) => {
        expect(await choicesOf(world.memberA)).toContainEqual({ kind: "overdue", in_app: false, email: false });
        expect(await choicesOf(world.employee)).toContainEqual({ kind: "overdue", in_app: true, email: false });
      },
    },
    showUnsubscribe: {
      setup: unsubscribeLinkOfA,
      call: (_caller, world) => ({ method: "GET", path: fixture(world, "unsubscribePath") }),
      expect: PUBLIC,
      verify: async (world) => expect(await assignedEmailOfA(world)).toBe(true),
    },
    unsubscribe: {
      setup: unsubscribeLinkOfA,
      call: (_caller, world) => ({ method: "POST", path: fixture(world, "unsubscribePath") }),
      expect: PUBLIC,
      verify: async (world) => expect(await assignedEmailOfA(world)).toBe(false),
    },
  };
}
