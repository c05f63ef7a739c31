import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityNotifier } from "#server/lib/activity-notifier";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization, buildUser } from "#tests/factories";
import { activityOf, choose, notificationRowsOf, outboxTo, reportActivity, seedEntry } from "#tests/notifications-test-kit";
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

async function team() {
  const { organization, member: creator } = await buildMemberOrganization(runtime);
  const assignee = await buildUser(runtime, { organizationId: organization.id, fullName: "Ada Assignee" });
  const actor = await buildUser(runtime, { organizationId: organization.id, fullName: "Carl Colleague" });
  return { organization, creator, assignee, actor };
}

describe("the notifier", () => {
  it("tells the assignee of an assignment, announces it to their centre, and mails it after commit", async () => {
    const { organization, creator, assignee, actor } = await team();
    const entry = await seedEntry(runtime, organization.id, { title: "Load the opening balances", creator: creator.id, assignedTo: assignee.id });
    const lastEvent = (await loggedEventIds(runtime, organization.id)).at(-1) ?? 0;
    await reportActivity(runtime, notifier, (tx) => notifier.entryAssigned(tx, activityOf(entry, actor.id)));

    const [row] = await notificationRowsOf(runtime, assignee.id);
    expect(row).toMatchObject({
      kind: "assigned",
      organizationId: organization.id,
      actionLogId: entry.id,
      actor: actor.id,
      title: `${entry.reference} assigned to you`,
      body: "Load the opening balances",
      link: `/action-log?entry=${entry.id}`,
      readAt: null,
    });
    expect(row?.emailedAt).not.toBeNull();
    expect(await eventsAfter(runtime, organization.id, lastEvent)).toEqual([{ type: "notificationsChanged", organizationId: organization.id, userId: assignee.id }]);
    const [mail] = await outboxTo(runtime, assignee.email);
    expect(mail).toMatchObject({ kind: "notification-assigned", subject: `${entry.reference} was assigned to you: Load the opening balances` });
    expect(mail?.textBody).toContain(`Carl Colleague assigned ${entry.reference} to you in ${organization.organization_name}.`);
    expect(mail?.textBody).toContain(`http://portal.test/action-log?entry=${entry.id}`);
    expect(await notificationRowsOf(runtime, creator.id)).toEqual([]);
  });

  it("tells nobody when someone assigns an entry to themselves", async () => {
    const { organization, assignee } = await team();
    const entry = await seedEntry(runtime, organization.id, { assignedTo: assignee.id });
    await reportActivity(runtime, notifier, (tx) => notifier.entryAssigned(tx, activityOf(entry, assignee.id)));
    expect(await notificationRowsOf(runtime, assignee.id)).toEqual([]);
    expect(await outboxTo(runtime, assignee.email)).toEqual([]);
  });

  it("tells the creator and the assignee of a comment, not its author, and each once", async () => {
    const { organization, creator, assignee, actor } = await team();
    const entry = await seedEntry(runtime, organization.id, { creator: creator.id, assignedTo: assignee.id });
    const comment = `${"The import failed on row 12. ".repeat(10)}tail`;
    await reportActivity(runtime, notifier, (tx) => notifier.commentAdded(tx, activityOf(entry, actor.id), comment));

    for (const person of [creator, assignee]) {
      const rows = await notificationRowsOf(runtime, person.id);
      expect(rows.map((row) => [row.kind, row.title])).toEqual([["comment", `New comment on ${entry.reference}`]]);
      expect(rows[0]?.body).toBe(`${comment.slice(0, 200)}…`);
      const [mail] = await outboxTo(runtime, person.email, ["notification-comment"]);
      expect(mail?.textBody).toContain(`Carl Colleague commented on ${entry.reference}`);
    }
    expect(await notificationRowsOf(runtime, actor.id)).toEqual([]);

    const own = await seedEntry(runtime, organization.id, { creator: creator.id, assignedTo: creator.id });
    await reportActivity(runtime, notifier, (tx) => notifier.commentAdded(tx, activityOf(own, actor.id), "Short"));
    expect((await notificationRowsOf(runtime, creator.id)).filter((row) => row.actionLogId === own.id)).toHaveLength(1);
    await reportActivity(runtime, notifier, (tx) => notifier.commentAdded(tx, activityOf(own, creator.id), "My own note"));
    expect((await notificationRowsOf(runtime, creator.id)).filter((row) => row.actionLogId === own.id)).toHaveLength(1);
  });

  it("tells the creator of a help request that its status changed, unless they changed it", async () => {
    const { organization, creator } = await team();
    const employee = await buildUser(runtime, { isEmployee: true, fullName: "Eve Expert" });
    const entry = await seedEntry(runtime, organization.id, { type: "Question / Request for Help", title: "How do we close a period?", creator: creator.id });
    await reportActivity(runtime, notifier, (tx) => notifier.helpStatusChanged(tx, activityOf(entry, employee.id), "In Progress"));
    await reportActivity(runtime, notifier, (tx) => notifier.helpStatusChanged(tx, activityOf(entry, creator.id), "Closed"));

    const rows = await notificationRowsOf(runtime, creator.id);
    expect(rows.map((row) => [row.kind, row.title, row.body])).toEqual([
      ["help_status", `Your help request ${entry.reference} is now In Progress`, "How do we close a period?"],
    ]);
    const [mail] = await outboxTo(runtime, creator.email);
    expect(mail).toMatchObject({ kind: "notification-help-status", subject: `Your help request ${entry.reference} is now In Progress` });
  });

  it("follows each person's choices: no row with both off, a row without its email, an email without the centre", async () => {
    const { organization, creator, assignee, actor } = await team();
    await choose(runtime, creator, "comment", { in_app: false, email: false });
    await choose(runtime, assignee, "comment", { in_app: true, email: false });
    await choose(runtime, actor, "comment", { in_app: false, email: true });
    const entry = await seedEntry(runtime, organization.id, { creator: creator.id, assignedTo: assignee.id });
    const third = await buildUser(runtime, { organizationId: organization.id });
    const lastEvent = (await loggedEventIds(runtime, organization.id)).at(-1) ?? 0;
    await reportActivity(runtime, notifier, (tx) => notifier.commentAdded(tx, activityOf(entry, third.id), "Please check"));
    await reportActivity(runtime, notifier, (tx) => notifier.commentAdded(tx, activityOf({ ...entry, assignedTo: actor.id }, third.id), "And you"));

    expect(await notificationRowsOf(runtime, creator.id)).toEqual([]);
    expect(await notificationRowsOf(runtime, assignee.id)).toHaveLength(1);
    expect(await outboxTo(runtime, assignee.email)).toEqual([]);
    // Written read, for its email alone: the centre neither shows nor counts it.
    const [hidden] = await notificationRowsOf(runtime, actor.id);
    expect(hidden?.readAt).not.toBeNull();
    expect(await outboxTo(runtime, actor.email, ["notification-comment"])).toHaveLength(1);
    expect(await eventsAfter(runtime, organization.id, lastEvent)).toEqual([{ type: "notificationsChanged", organizationId: organization.id, userId: assignee.id }]);
  });

  it("tells nobody who no longer belongs to the organization, and nothing when the change rolls back", async () => {
    const { organization, creator, assignee, actor } = await team();
    const outsider = await buildMemberOrganization(runtime);
    const entry = await seedEntry(runtime, organization.id, { creator: outsider.member.id, assignedTo: assignee.id });
    await reportActivity(runtime, notifier, (tx) => notifier.commentAdded(tx, activityOf(entry, actor.id), "Hello"));
    expect(await notificationRowsOf(runtime, outsider.member.id)).toEqual([]);
    expect(await notificationRowsOf(runtime, assignee.id)).toHaveLength(1);

    const other = await seedEntry(runtime, organization.id, { assignedTo: creator.id });
    const rolledBack = runtime.database.db.transaction(async (tx) => {
      await notifier.entryAssigned(tx, activityOf(other, actor.id));
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow();
    await notifier.afterCommit();
    expect(await notificationRowsOf(runtime, creator.id)).toEqual([]);
    expect(await outboxTo(runtime, creator.email)).toEqual([]);
  });
});
