import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionLogComment } from "#common/contracts/action-log";
import type { Runtime } from "#server/runtime";
import { callerOf } from "#tests/access-test-kit";
import {
  actionLogEventsAfter,
  buildActionLogOrganization,
  createEntry,
  createEntryOk,
  createHelpRequest,
  createRecordingNotifier,
  entryPath,
  getEntryOk,
  updateEntry,
  updateEntryOk,
} from "#tests/action-log-test-kit";
import { firstMilestoneIds } from "#tests/content-test-kit";
import { type TestUser, buildUser, call } from "#tests/factories";
import { lastEventId } from "#tests/onboarding-test-kit";
import { errorOf } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { addActionLogComment, createActionLog } from "./action-log-entries.service.ts";
import { updateActionLog } from "./action-log-update.service.ts";

/** The status flow, resolution notes, history, comments and what the notifier is told. */

let runtime: Runtime;
let milestones: [string, string];
beforeAll(async () => {
  runtime = await createTestRuntime();
  milestones = await firstMilestoneIds(runtime);
});
afterAll(async () => {
  await runtime.close();
});

describe("status flow", () => {
  it("refuses a move the flow does not allow (409, the rule's text) and allows reopening", async () => {
    const { member } = await buildActionLogOrganization(runtime);
    const entry = await createEntryOk(runtime, member, { title: "Flow", status: "Blocked" });
    const refused = await updateEntry(runtime, member, entry.id, { status: "Resolved" });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({
      code: "conflict",
      message: "An entry that is Blocked cannot move to Resolved",
      details: [{ path: "status", message: "An entry that is Blocked cannot move to Resolved" }],
    });
    await updateEntryOk(runtime, member, entry.id, { status: "Closed" });
    expect((await errorOf(await updateEntry(runtime, member, entry.id, { status: "In Progress" }))).message).toBe(
      "An entry that is Closed cannot move to In Progress",
    );
    expect((await updateEntryOk(runtime, member, entry.id, { status: "Open" })).status).toBe("Open");
  });

  it("stamps resolved_at on resolving or closing, keeps it from Resolved to Closed and clears it on reopening", async () => {
    const { member } = await buildActionLogOrganization(runtime);
    const entry = await createEntryOk(runtime, member, { title: "Stamped" });
    const resolved = await updateEntryOk(runtime, member, entry.id, { status: "Resolved" });
    expect(resolved.resolved_at).toEqual(expect.any(String));
    expect(Date.parse(resolved.updated_at)).toBeGreaterThan(Date.parse(entry.updated_at));
    expect((await updateEntryOk(runtime, member, entry.id, { status: "Closed" })).resolved_at).toBe(resolved.resolved_at);
    expect((await updateEntryOk(runtime, member, entry.id, { status: "Open" })).resolved_at).toBeNull();
    expect((await createEntryOk(runtime, member, { title: "Born closed", status: "Closed" })).resolved_at).toEqual(expect.any(String));
  });
});

describe("resolution notes", () => {
  const cases = [
    ["Issue", "A resolution note is required to resolve an issue"],
    ["Error/Bug", "A resolution note is required to resolve an issue"],
    ["Risk", "A resolution note is required to resolve a risk"],
    ["Decision", "Record the decision to mark it resolved"],
  ] as const;

  it.each(cases)("needs one to resolve a %s (sent along, or stored before)", async (type, message) => {
    const { member } = await buildActionLogOrganization(runtime);
    const entry = await createEntryOk(runtime, member, { title: `A ${type}`, action_log_type: type });
    for (const body of [{ status: "Resolved" }, { status: "Resolved", resolution_notes: "   " }]) {
      const refused = await updateEntry(runtime, member, entry.id, body);
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toEqual({ code: "validation_failed", message, details: [{ path: "resolution_notes", message }] });
    }
    expect((await createEntry(runtime, member, { title: "Resolved at birth", action_log_type: type, status: "Resolved" })).status).toBe(400);
    await updateEntryOk(runtime, member, entry.id, { resolution_notes: "Fixed the mapping" });
    const resolved = await updateEntryOk(runtime, member, entry.id, { status: "Resolved" });
    expect(resolved).toMatchObject({ status: "Resolved", resolution_notes: "Fixed the mapping" });
    expect((await updateEntry(runtime, member, entry.id, { resolution_notes: "" })).status, "a resolved one keeps its note").toBe(400);
    const withNote = await createEntryOk(runtime, member, { title: "Resolved with its note", action_log_type: type, status: "Resolved", resolution_notes: "Done" });
    expect(withNote.status).toBe("Resolved");
  });

  it("needs none to resolve a task or an open request", async () => {
    const { member } = await buildActionLogOrganization(runtime);
    for (const type of ["Task", "Open Request"]) {
      const entry = await createEntryOk(runtime, member, { title: `A ${type}`, action_log_type: type });
      expect((await updateEntryOk(runtime, member, entry.id, { status: "Resolved" })).resolution_notes).toBeNull();
    }
  });

  it("applies to the type an entry becomes: a resolved task turned into an issue needs its note", async () => {
    const { member } = await buildActionLogOrganization(runtime);
    const entry = await createEntryOk(runtime, member, { title: "Resolved task", status: "Resolved" });
    expect((await updateEntry(runtime, member, entry.id, { action_log_type: "Issue" })).status).toBe(400);
    const issue = await updateEntryOk(runtime, member, entry.id, { action_log_type: "Issue", resolution_notes: "It was an issue" });
    expect(issue.reference).toBe(`ISSUE-${entry.number}`);
  });
});

describe("history", () => {
  it("records each save's changes as text (people by name, the phase by title); a save that changes nothing writes nothing", async () => {
    const { organizationId, member } = await buildActionLogOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId, fullName: "Cora Colleague" });
    const entry = await createEntryOk(runtime, member, { title: "Tracked", action_log_phase: milestones[0], assigned_to: member.id });
    const phases = await getEntryOk(runtime, member, entry.id);
    const firstTitle = phases.entry.action_log_phase?.title;
    const changed = await updateEntryOk(runtime, member, entry.id, {
      title: "Tracked closely",
      assigned_to: colleague.id,
      action_log_phase: milestones[1],
      due_date: "2031-01-31",
      priority: "Medium",
      description: "",
    });
    const secondTitle = changed.action_log_phase?.title;
    const last = await updateEntryOk(runtime, member, entry.id, { assigned_to: null, action_log_phase: null, status: "In Progress" });

    const before = await lastEventId(runtime, organizationId);
    const unchanged = await updateEntryOk(runtime, member, entry.id, { title: "Tracked closely", priority: "Medium", description: null, status: "In Progress" });
    expect(unchanged.updated_at, "nothing changed, nothing written").toBe(last.updated_at);
    expect(await actionLogEventsAfter(runtime, organizationId, before)).toEqual([]);

    const { history } = await getEntryOk(runtime, member, entry.id);
    expect(history.map((row) => row.event)).toEqual(["created", "updated", "updated"]);
    expect(history[1]).toMatchObject({ actor: { id: member.id } });
    expect(history[1]?.changes).toEqual([
      { field: "title", from: "Tracked", to: "Tracked closely" },
      { field: "assigned_to", from: member.email, to: "Cora Colleague" },
      { field: "due_date", from: null, to: "2031-01-31" },
      { field: "action_log_phase", from: firstTitle, to: secondTitle },
    ]);
    expect(history[2]?.changes).toEqual([
      { field: "status", from: "Open", to: "In Progress" },
      { field: "assigned_to", from: "Cora Colleague", to: null },
      { field: "action_log_phase", from: secondTitle, to: null },
    ]);
  });
});

describe("comments", () => {
  it("adds comments with their authors, lists them oldest first, and publishes the change", async () => {
    const { organizationId, member } = await buildActionLogOrganization(runtime);
    const employee = await buildUser(runtime, { isEmployee: true, fullName: "Erin Employee" });
    const entry = await createEntryOk(runtime, member, { title: "Discussed" });
    const before = await lastEventId(runtime, organizationId);
    const post = (as: TestUser, body: unknown, org?: string) => call(runtime, `${entryPath(entry.id)}/comments`, { method: "POST", as, org, body });
    const first = await post(member, { body: "  Can you check the ledger?  " });
    expect(first.status).toBe(201);
    const comment: ActionLogComment = await first.json();
    expect(comment).toMatchObject({ author: { id: member.id, name: member.email }, body: "Can you check the ledger?" });
    expect((await post(employee, { body: "Checked." }, organizationId)).status).toBe(201);
    expect((await errorOf(await post(member, { body: "   " }))).message).toBe("body: Comment is required");
    expect(await actionLogEventsAfter(runtime, organizationId, before)).toEqual([
      { type: "actionLogsChanged", organizationId, actionLogId: entry.id },
      { type: "actionLogsChanged", organizationId, actionLogId: entry.id },
    ]);
    const { comments } = await getEntryOk(runtime, member, entry.id);
    expect(comments.map((item) => [item.author?.name, item.body])).toEqual([
      [member.email, "Can you check the ledger?"],
      ["Erin Employee", "Checked."],
    ]);
  });
});

describe("the notifier", () => {
  it("hears of assignments, comments and help-request status changes inside the write, then afterCommit", async () => {
    const { organizationId, member } = await buildActionLogOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId });
    const notifier = createRecordingNotifier();
    const deps = { db: runtime.database.db, access: runtime.config.access, notifier };
    const caller = callerOf(member);

    const entry = await createActionLog(deps, organizationId, caller, { title: "Assigned at birth", assigned_to: colleague.id });
    const activity = { organizationId, actionLogId: entry.id, reference: entry.reference, title: "Assigned at birth", actorId: member.id, creatorId: member.id, helpRequest: false };
    expect(notifier.calls).toEqual([{ kind: "entryAssigned", activity: { ...activity, assigneeId: colleague.id } }, { kind: "afterCommit" }]);

    notifier.calls.length = 0;
    await updateActionLog(deps, organizationId, caller, entry.id, { assigned_to: colleague.id, priority: "High" });
    await updateActionLog(deps, organizationId, caller, entry.id, { status: "In Progress" });
    await addActionLogComment(deps, organizationId, caller, entry.id, "Any news?");
    expect(notifier.calls.map((call) => call.kind), "same assignee, no help request: only the comment").toEqual(["afterCommit", "afterCommit", "commentAdded", "afterCommit"]);

    notifier.calls.length = 0;
    await updateActionLog(deps, organizationId, caller, entry.id, { assigned_to: member.id });
    await updateActionLog(deps, organizationId, caller, entry.id, { assigned_to: null });
    expect(notifier.calls).toEqual([{ kind: "entryAssigned", activity: { ...activity, assigneeId: member.id } }, { kind: "afterCommit" }, { kind: "afterCommit" }]);

    const help = await createHelpRequest(runtime, member, { help_type: "question", title: "How do I import vendors?" });
    const helpId: string = (await help.json()).entry.id;
    notifier.calls.length = 0;
    await updateActionLog(deps, organizationId, callerOf(colleague), helpId, { status: "In Progress" });
    expect(notifier.calls).toEqual([
      { kind: "helpStatusChanged", activity: expect.objectContaining({ actionLogId: helpId, actorId: colleague.id, creatorId: member.id }), status: "In Progress" },
      { kind: "afterCommit" },
    ]);
  });
});
