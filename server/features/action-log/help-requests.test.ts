import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttachmentList } from "#common/contracts/attachments";
import type { HelpInbox } from "#common/contracts/action-log";
import { NDA_REQUIRED_REASON } from "#common/domain/access";
import { HELP_TYPES, type HelpType } from "#common/domain/action-log";
import type { Runtime } from "#server/runtime";
import {
  actionLogEventsAfter,
  backdateEntries,
  buildActionLogOrganization,
  closeEntries,
  createEntryOk,
  createHelpRequest,
  entryPath,
  getEntryOk,
  updateEntryOk,
} from "#tests/action-log-test-kit";
import { TINY_PNG, createFolderOk, uploadFileOk } from "#tests/content-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { isoDateFromToday, lastEventId } from "#tests/onboarding-test-kit";
import { errorOf, readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** Get Expert Help: the entry it logs, its attachments, and the employees' inbox. */

let runtime: Runtime;
let employee: TestUser;
/** Inbox entries of this file, closed at the end so later runs on a shared database do not meet them. */
const inboxEntries: string[] = [];
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true, fullName: "Erin Employee" });
});
afterAll(async () => {
  await closeEntries(runtime, inboxEntries);
  await runtime.close();
});

interface HelpAnswer {
  entry: { id: string } & Record<string, unknown>;
  message: string;
  failed_attachment_ids: string[];
}

async function askOk(as: TestUser, body: Record<string, unknown>): Promise<HelpAnswer> {
  const response = await createHelpRequest(runtime, as, body);
  expect(response.status, await response.clone().text()).toBe(201);
  const answer: HelpAnswer = await response.json();
  inboxEntries.push(answer.entry.id);
  return answer;
}

const EXPECTED: Record<HelpType, { type: string; message: string }> = {
  issue: { type: "Error/Bug", message: "Got it — your issue has been logged." },
  question: { type: "Question / Request for Help", message: "Your question's been sent." },
  help: { type: "Question / Request for Help", message: "Your help request has been sent." },
};

describe("asking for help", () => {
  it.each(HELP_TYPES)("logs a %s before the NDA too, with its type, the fixed values, the context and its message", async (helpType) => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const before = await lastEventId(runtime, organization.id);
    const answer = await askOk(member, {
      help_type: helpType,
      title: "  The import stops at row 12  ",
      description: "It says the vendor is unknown.",
      source_page: "/data-setup",
      source_browser: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131",
    });
    expect(answer.message).toBe(EXPECTED[helpType].message);
    expect(answer.failed_attachment_ids).toEqual([]);
    expect(answer.entry).toMatchObject({
      reference: `${EXPECTED[helpType].type === "Error/Bug" ? "BUG" : "HELP"}-1`,
      title: "The import stops at row 12",
      description: "It says the vendor is unknown.",
      action_log_type: EXPECTED[helpType].type,
      help_type: helpType,
      status: "Open",
      priority: "Medium",
      action_log_category: "System",
      impact_level: "Medium",
      platform: "Member Portal",
      source_page: "/data-setup",
      source_browser: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131",
      creator: { id: member.id, name: member.email },
      assigned_to: null,
      // Its page stays locked until the NDA is signed, but a help request is open to its author.
      can: { edit: true, delete: true },
    });
    expect(await actionLogEventsAfter(runtime, organization.id, before)).toEqual([{ type: "actionLogsChanged", organizationId: organization.id, actionLogId: answer.entry.id }]);
  });

  it("needs a title once trimmed, and takes none of the entry's other fields", async () => {
    const { member } = await buildMemberOrganization(runtime);
    for (const title of ["", "   ", undefined]) {
      const response = await createHelpRequest(runtime, member, { help_type: "question", title });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: "validation_failed", message: "title: Title is required", details: [{ path: "title", message: "Title is required" }] });
    }
    const answer = await askOk(member, { help_type: "help", title: "Call me", status: "Closed", priority: "Critical", description: "" });
    expect(answer.entry).toMatchObject({ status: "Open", priority: "Medium", description: null, source_page: null, source_browser: null });
  });

  it("links each file, lists the ids it could not link (a folder, another organization's file, an unknown id) and keeps the entry", async () => {
    const { organizationId, member } = await buildActionLogOrganization(runtime);
    const screenshot = await uploadFileOk(runtime, member, "screenshot-1700000000000", { fileName: "screenshot-1700000000000.png", bytes: TINY_PNG });
    const log = await uploadFileOk(runtime, member, "Import log");
    const folder = await createFolderOk(runtime, member, "A folder");
    const elsewhere = await uploadFileOk(runtime, (await buildMemberOrganization(runtime)).member, "Not theirs");
    const unknown = "8f0c2a4e-1111-4a4a-9a9a-000000000000";
    const before = await lastEventId(runtime, organizationId);

    const answer = await askOk(member, {
      help_type: "issue",
      title: "Totals are wrong",
      attachment_ids: [screenshot.id, folder.id, elsewhere.id, log.id, unknown, screenshot.id],
    });
    expect(answer.failed_attachment_ids).toEqual([folder.id, elsewhere.id, unknown]);
    expect(await actionLogEventsAfter(runtime, organizationId, before)).toEqual([
      { type: "actionLogsChanged", organizationId, actionLogId: answer.entry.id },
      { type: "attachmentsChanged", organizationId, entityType: "action_log", entityId: answer.entry.id },
    ]);
    const attached = await readJson<AttachmentList>(runtime, `/api/attachments?entity_type=action_log&entity_id=${answer.entry.id}`, member);
    expect(attached.attachments.map((attachment) => attachment.content.id).sort()).toEqual([screenshot.id, log.id].sort());
    expect((await getEntryOk(runtime, member, answer.entry.id)).entry.title).toBe("Totals are wrong");

    const none = await askOk(member, { help_type: "issue", title: "Nothing attaches", attachment_ids: [unknown] });
    expect(none.failed_attachment_ids).toEqual([unknown]);
  });
});

describe("a help request before the NDA", () => {
  it("is open to its author, the organization's admins and employees, details, comments, status and attachments alike; not to other members", async () => {
    const { organization, member: author } = await buildMemberOrganization(runtime);
    const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin" });
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    const screenshot = await uploadFileOk(runtime, author, "screenshot-1700000000001", { fileName: "screenshot-1700000000001.png", bytes: TINY_PNG });
    const answer = await askOk(author, { help_type: "question", title: "Where do I start?", attachment_ids: [screenshot.id] });
    const entryId = answer.entry.id;
    const attachmentsPath = `/api/attachments?entity_type=action_log&entity_id=${entryId}`;

    for (const [who, as] of [["author", author], ["admin", admin], ["employee", employee]] as const) {
      const detail = await getEntryOk(runtime, as, entryId, organization.id);
      expect(detail.entry.can.edit, who).toBe(true);
      const attachments = await readJson<AttachmentList>(runtime, attachmentsPath, as, organization.id);
      expect(attachments.attachments.map((attachment) => attachment.content.id), who).toEqual([screenshot.id]);
      const commented = await call(runtime, `${entryPath(entryId)}/comments`, { method: "POST", as, org: organization.id, body: { body: `Noted by the ${who}` } });
      expect(commented.status, who).toBe(201);
    }
    expect((await updateEntryOk(runtime, employee, entryId, { status: "In Progress" }, organization.id)).status).toBe("In Progress");

    const refusals = [
      await call(runtime, entryPath(entryId), { as: colleague }),
      await call(runtime, attachmentsPath, { as: colleague }),
      await call(runtime, `${entryPath(entryId)}/comments`, { method: "POST", as: colleague, body: { body: "Me too" } }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).message).toBe(NDA_REQUIRED_REASON);
    }
    // The rest of the action log stays behind the NDA, for the author too.
    const listed = await call(runtime, "/api/action-logs", { as: author });
    expect(listed.status).toBe(403);
  });
});

describe("the help inbox", () => {
  it("is for employees only", async () => {
    const { member } = await buildActionLogOrganization(runtime);
    const response = await call(runtime, "/api/help-inbox", { as: member });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toBe("Only provider employees can do this");
  });

  it("lists every organization's open help requests and the overdue entries assigned to employees, oldest first", async () => {
    const a = await buildActionLogOrganization(runtime);
    const b = await buildMemberOrganization(runtime);
    const question = await askOk(b.member, { help_type: "question", title: "Where is the trial balance?" });
    const bug = await askOk(a.member, { help_type: "issue", title: "Blank report" });
    const overdue = await createEntryOk(runtime, a.member, { title: "Provider owes a mapping", assigned_to: employee.id, due_date: isoDateFromToday(-2) });
    const memberOverdue = await createEntryOk(runtime, a.member, { title: "Member owes data", assigned_to: a.member.id, due_date: isoDateFromToday(-2) });
    const notYet = await createEntryOk(runtime, a.member, { title: "Due later", assigned_to: employee.id, due_date: isoDateFromToday(5) });
    const answered = await askOk(a.member, { help_type: "help", title: "Answered already" });
    await updateEntryOk(runtime, a.member, answered.entry.id, { status: "Closed" });
    const ours = [question.entry.id, bug.entry.id, overdue.id, memberOverdue.id, notYet.id, answered.entry.id];
    inboxEntries.push(...ours);
    // Older than anything else the database may hold, so the inbox's first 200 include them.
    await backdateEntries(runtime, [overdue.id, bug.entry.id, question.entry.id, memberOverdue.id, notYet.id, answered.entry.id], new Date("1990-01-01T00:00:00Z"));

    const inbox = await readJson<HelpInbox>(runtime, "/api/help-inbox", employee);
    const mine = inbox.items.filter((item) => ours.includes(item.entry.id));
    expect(mine.map((item) => [item.entry.title, item.reason, item.organization.id])).toEqual([
      ["Provider owes a mapping", "overdue", a.organizationId],
      ["Blank report", "help_request", a.organizationId],
      ["Where is the trial balance?", "help_request", b.organization.id],
    ]);
    expect(mine[0]?.entry).toMatchObject({ is_overdue: true, assigned_to: { id: employee.id, is_employee: true }, can: { edit: true, delete: true } });
    expect(mine[2]?.entry.can, "B has not signed its NDA, but employees handle its help requests").toEqual({ edit: true, delete: true });
    expect(inbox.items.length).toBeLessThanOrEqual(200);
    const createdAt = inbox.items.map((item) => Date.parse(item.entry.created_at));
    expect(createdAt).toEqual([...createdAt].sort((x, y) => x - y));
  });
});
