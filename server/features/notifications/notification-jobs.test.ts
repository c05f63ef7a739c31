import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationPreferences, notifications, scheduledJobRuns } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser } from "#tests/factories";
import { notificationRowsOf, outboxTo, seedEntry } from "#tests/notifications-test-kit";
import { eventsAfter, loggedEventIds } from "#tests/realtime-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { DAILY_DIGEST_JOB, runDueJobs } from "./notification-jobs.service.ts";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

/** 09:30 in UTC (the zone of a new organization), past the digest hour (8). */
const NOW = new Date("2031-03-10T09:30:00Z");
const TODAY = "2031-03-10";
const TOMORROW = "2031-03-11";
const MINUTE = 60_000;

const runFor = (organizationId: string, now = NOW) => runDueJobs(runtime.notifications, now, { organizationIds: [organizationId] });
const digestsTo = (person: TestUser) => outboxTo(runtime, person.email, ["notification-digest"]);

/** An organization whose member and employee have entries due tomorrow, overdue, and neither. */
async function organizationWithDueEntries() {
  const { organization, member } = await buildMemberOrganization(runtime);
  const employee = await buildUser(runtime, { isEmployee: true });
  const seed = (title: string, dueDate: string | null, assignedTo: string | null, status = "Open") =>
    seedEntry(runtime, organization.id, { title, dueDate, assignedTo, status });
  const entries = {
    dueTomorrow: await seed("Book the training room", TOMORROW, member.id),
    overdue: await seed("Send the chart of accounts", "2031-03-01", member.id),
    employeeOverdue: await seed("Review the tax setup", "2031-03-09", employee.id),
  };
  await seed("Due today", TODAY, member.id);
  await seed("Resolved already", TOMORROW, member.id, "Resolved");
  await seed("Closed long ago", "2031-01-01", member.id, "Closed");
  await seed("Nobody's", TOMORROW, null);
  await seed("Later", "2031-04-01", member.id);
  return { organization, member, employee, entries };
}

describe("the daily digest", () => {
  it("reminds each assignee of entries due tomorrow and overdue, in one email per person", async () => {
    const { organization, member, employee, entries } = await organizationWithDueEntries();
    const lastEvent = (await loggedEventIds(runtime, organization.id)).at(-1) ?? 0;
    expect(await runFor(organization.id)).toEqual([`${organization.id}:${TODAY}`]);

    const rows = await notificationRowsOf(runtime, member.id);
    expect(rows.map((row) => [row.kind, row.actionLogId, row.dedupeKey, row.title]).sort()).toEqual([
      ["due_tomorrow", entries.dueTomorrow.id, `due_tomorrow:${entries.dueTomorrow.id}:${TODAY}`, `${entries.dueTomorrow.reference} is due tomorrow`],
      ["overdue", entries.overdue.id, `overdue:${entries.overdue.id}:${TODAY}`, `${entries.overdue.reference} is overdue`],
    ]);
    expect(rows.every((row) => row.emailedAt !== null && row.readAt === null)).toBe(true);
    expect((await notificationRowsOf(runtime, employee.id)).map((row) => row.kind)).toEqual(["overdue"]);

    const [digest, ...more] = await digestsTo(member);
    expect(more).toEqual([]);
    expect(digest?.subject).toBe("Your reminders: 1 due tomorrow, 1 overdue");
    expect(digest?.textBody).toContain(
      `Due tomorrow:\n${entries.dueTomorrow.reference} Book the training room — due ${TOMORROW} (${organization.organization_name})\n  http://portal.test/action-log?entry=${entries.dueTomorrow.id}`,
    );
    expect(digest?.textBody).toContain(`Overdue:\n${entries.overdue.reference} Send the chart of accounts — due 2031-03-01`);
    expect(digest?.htmlBody).toContain(`<a href="http://portal.test/action-log?entry=${entries.overdue.id}">${entries.overdue.reference}</a>`);
    expect(digest?.details).toMatchObject({ headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } });
    expect(await digestsTo(employee)).toHaveLength(1);
    const events = await eventsAfter(runtime, organization.id, lastEvent);
    expect(events).toHaveLength(2);
    expect(events).toContainEqual({ type: "notificationsChanged", organizationId: organization.id, userId: member.id });
  });

  it("runs once a local day: again later that day, or after its record is lost, nothing is written or sent twice", async () => {
    const { organization, member } = await organizationWithDueEntries();
    await runFor(organization.id);
    expect(await runFor(organization.id, new Date(NOW.getTime() + 120 * MINUTE))).toEqual([]);
    await runtime.database.db.delete(scheduledJobRuns).where(eq(scheduledJobRuns.runKey, `${organization.id}:${TODAY}`));
    expect(await runFor(organization.id)).toHaveLength(1);
    expect(await notificationRowsOf(runtime, member.id)).toHaveLength(2);
    expect(await digestsTo(member)).toHaveLength(1);

    // The next day the overdue entry is reminded of again, and yesterday's "due today" joins it;
    // the one due tomorrow is due today, so neither.
    expect(await runFor(organization.id, new Date(NOW.getTime() + 24 * 60 * MINUTE))).toEqual([`${organization.id}:${TOMORROW}`]);
    const [latest] = await digestsTo(member);
    expect(latest?.subject).toBe("Your reminders: 2 overdue");
    expect(await digestsTo(member)).toHaveLength(2);
  });

  it("waits for the digest hour", async () => {
    const { organization, member } = await organizationWithDueEntries();
    expect(await runFor(organization.id, new Date("2031-03-10T07:59:00Z"))).toEqual([]);
    expect(await notificationRowsOf(runtime, member.id)).toEqual([]);
    expect(await runtime.database.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.runKey, `${organization.id}:${TODAY}`))).toEqual([]);
  });

  it("takes over a run whose instance stopped (its lease ran out) and sends only what is left", async () => {
    const { organization, member, employee, entries } = await organizationWithDueEntries();
    const runKey = `${organization.id}:${TODAY}`;
    await runtime.database.db
      .insert(scheduledJobRuns)
      .values({ job: DAILY_DIGEST_JOB, runKey, lockedBy: "stopped-instance", leaseUntil: new Date(NOW.getTime() - MINUTE) });
    // The stopped run had written and mailed the member's reminder of tomorrow's entry.
    await runtime.database.db.insert(notifications).values({
      userId: member.id,
      organizationId: organization.id,
      kind: "due_tomorrow",
      actionLogId: entries.dueTomorrow.id,
      title: `${entries.dueTomorrow.reference} is due tomorrow`,
      link: `/action-log?entry=${entries.dueTomorrow.id}`,
      dedupeKey: `due_tomorrow:${entries.dueTomorrow.id}:${TODAY}`,
      emailedAt: new Date(),
    });

    expect(await runFor(organization.id)).toEqual([runKey]);
    const [digest, ...more] = await digestsTo(member);
    expect(more).toEqual([]);
    expect(digest?.subject).toBe("Your reminders: 1 overdue");
    expect(await digestsTo(employee)).toHaveLength(1);
    expect(await notificationRowsOf(runtime, member.id)).toHaveLength(2);
    const [run] = await runtime.database.db.select().from(scheduledJobRuns).where(and(eq(scheduledJobRuns.job, DAILY_DIGEST_JOB), eq(scheduledJobRuns.runKey, runKey)));
    expect(run).toMatchObject({ lockedBy: runtime.notifications.instanceId, attempts: 2, completedAt: expect.any(Date) });
  });

  it("leaves alone a run another instance holds", async () => {
    const { organization, member } = await organizationWithDueEntries();
    const runKey = `${organization.id}:${TODAY}`;
    await runtime.database.db.insert(scheduledJobRuns).values({ job: DAILY_DIGEST_JOB, runKey, lockedBy: "busy-instance", leaseUntil: new Date(NOW.getTime() + 4 * MINUTE) });
    expect(await runFor(organization.id)).toEqual([]);
    expect(await notificationRowsOf(runtime, member.id)).toEqual([]);
  });

  it("follows each person's choices", async () => {
    const { organization, member, employee } = await organizationWithDueEntries();
    const choose = (userId: string, kind: string, inApp: boolean, email: boolean) =>
      runtime.database.db.insert(notificationPreferences).values({ userId, kind, inApp, email });
    await choose(member.id, "due_tomorrow", true, false);
    await choose(member.id, "overdue", false, false);
    await choose(employee.id, "overdue", false, true);
    await runFor(organization.id);
    expect((await notificationRowsOf(runtime, member.id)).map((row) => row.kind)).toEqual(["due_tomorrow"]);
    expect(await digestsTo(member)).toEqual([]);
    expect((await digestsTo(employee))[0]?.subject).toBe("Your reminders: 1 overdue");
  });
});
