import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDateAndHour } from "#common/domain/notifications";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization } from "#tests/factories";
import { outboxTo, seedEntry, setTimeZone } from "#tests/notifications-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { runDueJobs } from "./notification-jobs.service.ts";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const AUCKLAND = "Pacific/Auckland";
const LOS_ANGELES = "America/Los_Angeles";
/** 09:00 on the 10th in Los Angeles, 05:00 on the 11th in Auckland. */
const FIRST = new Date("2031-03-10T16:00:00Z");
/** 13:00 on the 10th in Los Angeles, 09:00 on the 11th in Auckland. */
const SECOND = new Date("2031-03-10T20:00:00Z");

async function organizationIn(timeZone: string) {
  const { organization, member } = await buildMemberOrganization(runtime);
  await setTimeZone(runtime, organization.id, timeZone);
  const due = (title: string, dueDate: string) => seedEntry(runtime, organization.id, { title, dueDate, assignedTo: member.id });
  return { organization, member, due };
}

describe("the daily digest across time zones", () => {
  it("goes out at each organization's own hour, with its own today and tomorrow", async () => {
    expect([localDateAndHour(FIRST, LOS_ANGELES), localDateAndHour(FIRST, AUCKLAND)]).toEqual([
      { date: "2031-03-10", hour: 9 },
      { date: "2031-03-11", hour: 5 },
    ]);
    expect(localDateAndHour(SECOND, AUCKLAND)).toEqual({ date: "2031-03-11", hour: 9 });
    const la = await organizationIn(LOS_ANGELES);
    const laTomorrow = await la.due("Due on the 11th in LA", "2031-03-11");
    const laOverdue = await la.due("Due on the 9th in LA", "2031-03-09");
    await la.due("Due on the 10th in LA", "2031-03-10");
    const akl = await organizationIn(AUCKLAND);
    await akl.due("Due on the 11th in Auckland", "2031-03-11");
    const aklTomorrow = await akl.due("Due on the 12th in Auckland", "2031-03-12");
    const aklOverdue = await akl.due("Due on the 10th in Auckland", "2031-03-10");
    const scope = { organizationIds: [la.organization.id, akl.organization.id] };

    // Los Angeles is past 8:00, Auckland not yet.
    expect(await runDueJobs(runtime.notifications, FIRST, scope)).toEqual([`${la.organization.id}:2031-03-10`]);
    const [laDigest] = await outboxTo(runtime, la.member.email, ["notification-digest"]);
    expect(laDigest?.subject).toBe("Your reminders: 1 due tomorrow, 1 overdue");
    expect(laDigest?.textBody).toContain(`Due tomorrow:\n${laTomorrow.reference} Due on the 11th in LA`);
    expect(laDigest?.textBody).toContain(`Overdue:\n${laOverdue.reference} Due on the 9th in LA`);
    expect(await outboxTo(runtime, akl.member.email)).toEqual([]);

    // Four hours later Auckland's morning of the 11th has come; Los Angeles has had its digest today.
    expect(await runDueJobs(runtime.notifications, SECOND, scope)).toEqual([`${akl.organization.id}:2031-03-11`]);
    const [aklDigest, ...more] = await outboxTo(runtime, akl.member.email, ["notification-digest"]);
    expect(more).toEqual([]);
    expect(aklDigest?.subject).toBe("Your reminders: 1 due tomorrow, 1 overdue");
    expect(aklDigest?.textBody).toContain(`Due tomorrow:\n${aklTomorrow.reference} Due on the 12th in Auckland`);
    expect(aklDigest?.textBody).toContain(`Overdue:\n${aklOverdue.reference} Due on the 10th in Auckland`);
    expect(aklDigest?.textBody).not.toContain("Due on the 11th in Auckland");
    expect(await outboxTo(runtime, la.member.email, ["notification-digest"])).toHaveLength(1);
  });
});
