import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser } from "#tests/factories";
import { activityOf, notificationRowsOf, outboxTo, seedEntry } from "#tests/notifications-test-kit";
import { createTestRuntime, testEngine } from "#tests/test-runtime";
import { createActivityNotifier } from "./activity-notifier.service.ts";
import { sendLeftoverImmediateEmails } from "./notification-delivery.service.ts";
import { runDueJobs } from "./notification-jobs.service.ts";

/**
 * Two app instances on one PostgreSQL database, as behind a load balancer: each runs the same jobs
 * at the same instant: PostgreSQL's own locking decides between them, so this runs on PostgreSQL
 * (an embedded PGlite belongs to one process).
 */
const onPostgres = testEngine() === "postgres";

let first: Runtime;
let second: Runtime;
beforeAll(async () => {
  if (!onPostgres) return;
  [first, second] = await Promise.all([createTestRuntime(), createTestRuntime()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

const NOW = new Date("2031-03-10T09:00:00Z");

/** An organization whose members each have an entry due tomorrow and one overdue. */
async function organizationOfFive() {
  const { organization, member } = await buildMemberOrganization(first);
  const members: TestUser[] = [member];
  for (let index = 0; index < 4; index += 1) members.push(await buildUser(first, { organizationId: organization.id }));
  for (const person of members) {
    await seedEntry(first, organization.id, { assignedTo: person.id, dueDate: "2031-03-11" });
    await seedEntry(first, organization.id, { assignedTo: person.id, dueDate: "2031-03-02" });
  }
  return { organization, members };
}

describe.skipIf(!onPostgres)("two instances on one database", () => {
  it("run each organization's digest once and mail each person once, started at the same instant", async () => {
    const organizations = await Promise.all([organizationOfFive(), organizationOfFive(), organizationOfFive()]);
    const scope = { organizationIds: organizations.map((entry) => entry.organization.id) };
    expect(first.notifications.instanceId).not.toBe(second.notifications.instanceId);

    const [ranByFirst, ranBySecond] = await Promise.all([runDueJobs(first.notifications, NOW, scope), runDueJobs(second.notifications, NOW, scope)]);
    expect([...ranByFirst, ...ranBySecond].sort()).toEqual(scope.organizationIds.map((id) => `${id}:2031-03-10`).sort());
    for (const person of organizations.flatMap((entry) => entry.members)) {
      expect(await outboxTo(first, person.email, ["notification-digest"]), person.email).toHaveLength(1);
      expect(await notificationRowsOf(first, person.id)).toHaveLength(2);
    }
    const again = await Promise.all([runDueJobs(first.notifications, NOW, scope), runDueJobs(second.notifications, NOW, scope)]);
    expect(again).toEqual([[], []]);
  });

  it("mail each immediate notification once when both sweep and send at the same instant", async () => {
    const { organization, members } = await organizationOfFive();
    const [author] = members;
    const notifierOfFirst = createActivityNotifier(first.notifications);
    const notifierOfSecond = createActivityNotifier(second.notifications);
    for (const person of members.slice(1)) {
      const entry = await seedEntry(first, organization.id, { assignedTo: person.id });
      await first.database.db.transaction((tx) => notifierOfFirst.entryAssigned(tx, activityOf(entry, author?.id ?? null)));
    }
    await first.database.db.update(notifications).set({ createdAt: sql`now() - interval '2 minutes'` }).where(eq(notifications.organizationId, organization.id));

    const sent = await Promise.all([
      sendLeftoverImmediateEmails(first.notifications, [organization.id]),
      sendLeftoverImmediateEmails(second.notifications, [organization.id]),
      notifierOfFirst.afterCommit(),
      notifierOfSecond.afterCommit(),
    ]);
    expect((sent[0] ?? 0) + (sent[1] ?? 0)).toBeLessThanOrEqual(members.length - 1);
    for (const person of members.slice(1)) expect(await outboxTo(first, person.email, ["notification-assigned"]), person.email).toHaveLength(1);
  });
});
