import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATION_PAGE_SIZE, notificationKindsFor } from "#common/domain/notifications";
import { profiles } from "#server/db/schema/index";
import type { ActivityNotifier } from "#server/lib/activity-notifier";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { activityOf, choose, listNotificationsOk, reportActivity, seedEntry } from "#tests/notifications-test-kit";
import { eventsAfter, loggedEventIds } from "#tests/realtime-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { createActivityNotifier } from "./activity-notifier.service.ts";

let runtime: Runtime;
let notifier: ActivityNotifier;
beforeAll(async () => {
  runtime = await createTestRuntime();
  notifier = createActivityNotifier(runtime.notifications);
});
afterAll(async () => {
  await runtime.close();
});

/** Assigns `count` new entries of the organization to `assignee`, by `actor`. */
async function assignEntries(organizationId: string, assignee: TestUser, actor: TestUser, count: number) {
  const entries = [];
  for (let index = 0; index < count; index += 1) {
    const entry = await seedEntry(runtime, organizationId, { title: `Entry ${index + 1}`, assignedTo: assignee.id });
    await reportActivity(runtime, notifier, (tx) => notifier.entryAssigned(tx, activityOf(entry, actor.id)));
    entries.push(entry);
  }
  return entries;
}

const markRead = (as: TestUser, body: unknown) => call(runtime, "/api/notifications/read", { method: "POST", as, body });

describe("GET /api/notifications", () => {
  it("lists the caller's own, newest first, with the organization, the actor and the unread count", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const actor = await buildUser(runtime, { organizationId: organization.id, fullName: "Carl Colleague" });
    const [first, second] = await assignEntries(organization.id, member, actor, 2);
    await assignEntries(organization.id, actor, member, 1);

    const list = await listNotificationsOk(runtime, member);
    expect(list.unread_count).toBe(2);
    expect(list.notifications).toEqual([
      {
        id: expect.any(String),
        kind: "assigned",
        title: `${second?.reference} assigned to you`,
        body: "Entry 2",
        link: `/action-log?entry=${second?.id}`,
        organization: { id: organization.id, name: organization.organization_name },
        actor: { id: actor.id, name: "Carl Colleague" },
        read: false,
        created_at: expect.any(String),
      },
      expect.objectContaining({ title: `${first?.reference} assigned to you` }),
    ]);
  });

  it("answers the latest page only, and an employee's notifications of every organization", async () => {
    const a = await buildMemberOrganization(runtime);
    const b = await buildMemberOrganization(runtime);
    const employee = await buildUser(runtime, { isEmployee: true });
    await assignEntries(a.organization.id, employee, a.member, NOTIFICATION_PAGE_SIZE);
    await assignEntries(b.organization.id, employee, b.member, 1);

    const list = await listNotificationsOk(runtime, employee);
    expect(list.notifications).toHaveLength(NOTIFICATION_PAGE_SIZE);
    expect(list.unread_count).toBe(NOTIFICATION_PAGE_SIZE + 1);
    expect(list.notifications[0]?.organization.name).toBe(b.organization.organization_name);
  });

  it("no longer shows a member what an organization they left told them", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const actor = await buildUser(runtime, { organizationId: organization.id });
    await assignEntries(organization.id, member, actor, 1);
    const elsewhere = await buildMemberOrganization(runtime);
    await runtime.database.db.update(profiles).set({ organizationId: elsewhere.organization.id }).where(eq(profiles.id, member.id));
    expect(await listNotificationsOk(runtime, member)).toEqual({ notifications: [], unread_count: 0 });
  });
});

describe("POST /api/notifications/read", () => {
  it("marks the caller's own by id, ignores anyone else's, and tells the caller's other tabs", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    await assignEntries(organization.id, member, colleague, 2);
    await assignEntries(organization.id, colleague, member, 1);
    const [mine, other] = (await listNotificationsOk(runtime, member)).notifications;
    const [theirs] = (await listNotificationsOk(runtime, colleague)).notifications;
    const lastEvent = (await loggedEventIds(runtime, organization.id)).at(-1) ?? 0;

    const response = await markRead(member, { ids: [mine?.id, theirs?.id] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ unread_count: 1 });
    const after = await listNotificationsOk(runtime, member);
    expect(after.notifications.map((item) => [item.id, item.read])).toEqual([
      [mine?.id, true],
      [other?.id, false],
    ]);
    expect((await listNotificationsOk(runtime, colleague)).unread_count).toBe(1);
    expect(await eventsAfter(runtime, organization.id, lastEvent)).toEqual([{ type: "notificationsChanged", organizationId: organization.id, userId: member.id }]);
  });

  it("marks all of the caller's, and only theirs", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    await assignEntries(organization.id, member, colleague, 3);
    await assignEntries(organization.id, colleague, member, 1);
    expect(await (await markRead(member, { all: true })).json()).toEqual({ unread_count: 0 });
    expect((await listNotificationsOk(runtime, member)).notifications.every((item) => item.read)).toBe(true);
    expect((await listNotificationsOk(runtime, colleague)).unread_count).toBe(1);
  });

  it.each([[{}], [{ ids: [] }], [{ ids: ["not-an-id"] }], [{ all: false }]])("refuses %j", async (body) => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await markRead(member, body);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("validation_failed");
  });
});

describe("notification preferences", () => {
  it("answers every kind on by default, then each person's own choice", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    const read = async (as: TestUser) => (await (await call(runtime, "/api/notification-preferences", { as })).json()).preferences;
    expect(await read(member)).toEqual(notificationKindsFor({ isEmployee: false }).map((kind) => ({ kind, in_app: true, email: true })));

    const response = await call(runtime, "/api/notification-preferences", { method: "PUT", as: member, body: { kind: "overdue", in_app: true, email: false } });
    expect(response.status).toBe(200);
    expect((await response.json()).preferences).toContainEqual({ kind: "overdue", in_app: true, email: false });
    await choose(runtime, member, "overdue", { in_app: false, email: true });
    expect(await read(member)).toContainEqual({ kind: "overdue", in_app: false, email: true });
    expect(await read(colleague)).toContainEqual({ kind: "overdue", in_app: true, email: true });
  });

  it("hides a kind turned off in the portal from the list and the count", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    await assignEntries(organization.id, member, colleague, 1);
    await choose(runtime, member, "assigned", { in_app: false, email: true });
    expect(await listNotificationsOk(runtime, member)).toEqual({ notifications: [], unread_count: 0 });
  });

  it.each([[{ kind: "sometimes", in_app: true, email: true }], [{ kind: "overdue", in_app: "yes", email: true }], [{ kind: "overdue" }]])(
    "refuses %j",
    async (body) => {
      const { member } = await buildMemberOrganization(runtime);
      const response = await call(runtime, "/api/notification-preferences", { method: "PUT", as: member, body });
      expect(response.status).toBe(400);
    },
  );
});
