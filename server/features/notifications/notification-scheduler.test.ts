import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { localDateAndHour, nextDate } from "#common/domain/notifications";
import { notifications } from "#server/db/schema/index";
import { parseEnv } from "#server/env";
import { createLogger } from "#server/lib/logger";
import type { Mailer, MailMessage } from "#server/mail/mailer";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization, buildUser } from "#tests/factories";
import { activityOf, notificationRowsOf, outboxTo, reportActivity, seedEntry, setTimeZone } from "#tests/notifications-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { createActivityNotifier } from "./activity-notifier.service.ts";
import { sendLeftoverImmediateEmails } from "./notification-delivery.service.ts";
import { runDueJobs } from "./notification-jobs.service.ts";
import { startNotificationScheduler } from "./notification-scheduler.ts";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

/** A zone where the digest hour has passed today and the day is not over, whatever the clock says. */
function zonePastDigestHour(now: Date): string {
  const zone = Intl.supportedValuesOf("timeZone").find((candidate) => {
    const { hour } = localDateAndHour(now, candidate);
    return hour >= 9 && hour <= 22;
  });
  if (!zone) throw new Error("no time zone is between 9:00 and 22:00 now");
  return zone;
}

/** An entry assigned by a colleague, written as the action log does but never mailed by its request. */
async function assignWithoutSending(organizationId: string, assignee: { id: string }, actorId: string) {
  const entry = await seedEntry(runtime, organizationId, { assignedTo: assignee.id });
  const notifier = createActivityNotifier(runtime.notifications);
  await runtime.database.db.transaction((tx) => notifier.entryAssigned(tx, activityOf(entry, actorId)));
  return entry;
}

describe("the notification scheduler", () => {
  it("ticks on its own: an organization past its digest hour gets its digest, then it stops", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const zone = zonePastDigestHour(new Date(Date.now() + 60_000));
    await setTimeZone(runtime, organization.id, zone);
    const tomorrow = nextDate(localDateAndHour(new Date(), zone).date);
    await seedEntry(runtime, organization.id, { title: "Prepare the go-live checklist", dueDate: tomorrow, assignedTo: member.id });

    const scheduler = startNotificationScheduler(runtime.notifications, { intervalMs: 20, scope: { organizationIds: [organization.id] } });
    try {
      await vi.waitFor(async () => expect(await outboxTo(runtime, member.email, ["notification-digest"])).toHaveLength(1), { timeout: 20_000, interval: 50 });
    } finally {
      await scheduler.stop();
    }
    expect((await outboxTo(runtime, member.email, ["notification-digest"]))[0]?.textBody).toContain("Prepare the go-live checklist");
  });

  it("sweeps immediate emails a request left unsent past a minute, and leaves fresh ones to their request", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    await assignWithoutSending(organization.id, member, colleague.id);
    expect(await sendLeftoverImmediateEmails(runtime.notifications, [organization.id])).toBe(0);

    await runtime.database.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(notifications.userId, member.id));
    expect(await sendLeftoverImmediateEmails(runtime.notifications, [organization.id])).toBe(1);
    expect(await outboxTo(runtime, member.email, ["notification-assigned"])).toHaveLength(1);
    expect(await sendLeftoverImmediateEmails(runtime.notifications, [organization.id])).toBe(0);
  });
});

describe("a failed send", () => {
  const attempts: MailMessage[] = [];
  const lines: string[] = [];
  let failing: Runtime;
  beforeAll(async () => {
    const mailer: Mailer = {
      driver: "smtp",
      send: async (message) => {
        attempts.push(message);
        throw new Error("550 mailbox unavailable");
      },
      close: async () => {},
    };
    failing = await createTestRuntime({}, { mailer, logger: createLogger("info", { write: (line: string) => lines.push(line) }) });
  });
  afterAll(async () => {
    await failing.close();
  });

  it("is logged and not retried, and the digest run still completes", async () => {
    const { organization, member } = await buildMemberOrganization(failing);
    const colleague = await buildUser(failing, { organizationId: organization.id });
    const notifier = createActivityNotifier(failing.notifications);
    const entry = await seedEntry(failing, organization.id, { assignedTo: member.id, dueDate: "2031-03-11" });
    await reportActivity(failing, notifier, (tx) => notifier.entryAssigned(tx, activityOf(entry, colleague.id)));
    await failing.database.db.update(notifications).set({ createdAt: sql`now() - interval '2 minutes'` }).where(eq(notifications.userId, member.id));
    expect(await sendLeftoverImmediateEmails(failing.notifications, [organization.id])).toBe(0);

    const now = new Date("2031-03-10T12:00:00Z");
    expect(await runDueJobs(failing.notifications, now, { organizationIds: [organization.id] })).toHaveLength(1);
    expect(await runDueJobs(failing.notifications, now, { organizationIds: [organization.id] })).toEqual([]);
    expect(attempts.filter((message) => message.to === member.email).map((message) => message.kind)).toEqual(["notification-assigned", "notification-digest"]);
    expect(lines.filter((line) => line.includes("an email could not be sent"))).toHaveLength(2);
    expect((await notificationRowsOf(failing, member.id)).every((row) => row.emailedAt !== null)).toBe(true);
  });
});

describe("NOTIFICATION_DIGEST_HOUR", () => {
  it("is 8 by default, takes a whole hour from 0 to 23, and refuses anything else by name", () => {
    expect(parseEnv({}).NOTIFICATION_DIGEST_HOUR).toBe(8);
    expect(parseEnv({ NOTIFICATION_DIGEST_HOUR: "17" }).NOTIFICATION_DIGEST_HOUR).toBe(17);
    for (const value of ["24", "-1", "7.5", "noon"]) {
      expect(() => parseEnv({ NOTIFICATION_DIGEST_HOUR: value }), value).toThrow(/NOTIFICATION_DIGEST_HOUR must be a whole hour from 0 to 23/);
    }
  });
});
