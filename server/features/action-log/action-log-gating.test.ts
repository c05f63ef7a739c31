import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssigneeList } from "#common/contracts/action-log";
import type { LaunchPlan } from "#common/contracts/launch-plan";
import { NDA_REQUIRED_REASON, NOT_AVAILABLE_REASON } from "#common/domain/access";
import { entityAttachments, userMenuExclusions } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import {
  actionLogEventsAfter,
  buildActionLogOrganization,
  createEntry,
  createEntryOk,
  entryPath,
  getEntryOk,
  listEntriesOk,
  updateEntry,
} from "#tests/action-log-test-kit";
import { uploadFileOk } from "#tests/content-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { completeLaunchpad } from "#tests/launch-plan-test-kit";
import { lastEventId } from "#tests/onboarding-test-kit";
import { errorOf, readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** Who may do what: the NDA and menu gates of each type's page, deleting, the export and the assignees. */

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true, fullName: "Erin Employee" });
});
afterAll(async () => {
  await runtime.close();
});

async function expectRefused(response: Response, message: string, what?: string): Promise<void> {
  expect(response.status, what).toBe(403);
  expect(await errorOf(response)).toEqual({ code: "forbidden", message });
}

const hide = (user: TestUser, itemId: string) => runtime.database.db.insert(userMenuExclusions).values({ profileId: user.id, itemId });

describe("before the NDA", () => {
  it("refuses every page's entries, the export and the assignees with the NDA's reason", async () => {
    const { member } = await buildMemberOrganization(runtime);
    for (const path of ["/api/action-logs?page=risks", "/api/action-logs", "/api/action-logs/export", "/api/action-logs/assignees"]) {
      await expectRefused(await call(runtime, path, { as: member }), NDA_REQUIRED_REASON, path);
    }
    await expectRefused(await createEntry(runtime, member, { title: "Too early", action_log_type: "Risk" }), NDA_REQUIRED_REASON);
    await expectRefused(await createEntry(runtime, member, { title: "Too early" }), NDA_REQUIRED_REASON);
  });
});

describe("a page hidden from one person", () => {
  it("takes its type out of their action log and refuses its entries, while a colleague keeps them", async () => {
    const { organizationId, member } = await buildActionLogOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId });
    await hide(member, "risks");
    const risk = await createEntryOk(runtime, colleague, { title: "Hidden risk", action_log_type: "Risk" });
    const task = await createEntryOk(runtime, member, { title: "Visible task" });

    const list = await listEntriesOk(runtime, member);
    expect(list.visible_types).not.toContain("Risk");
    expect(list.entries.map((entry) => entry.id)).toEqual([task.id]);
    await expectRefused(await call(runtime, "/api/action-logs?page=risks", { as: member }), NOT_AVAILABLE_REASON);
    await expectRefused(await call(runtime, entryPath(risk.id), { as: member }), NOT_AVAILABLE_REASON);
    await expectRefused(await updateEntry(runtime, member, risk.id, { title: "Touched" }), NOT_AVAILABLE_REASON);
    await expectRefused(await updateEntry(runtime, member, task.id, { action_log_type: "Risk" }), NOT_AVAILABLE_REASON);
    await expectRefused(await createEntry(runtime, member, { title: "New risk", action_log_type: "Risk" }), NOT_AVAILABLE_REASON);
    const attachments = await call(runtime, `/api/attachments?entity_type=action_log&entity_id=${risk.id}`, { as: member });
    expect(attachments.status, "its attachments follow the same gate").toBe(403);

    expect((await listEntriesOk(runtime, colleague)).entries.map((entry) => entry.id)).toEqual([task.id, risk.id]);
    expect((await getEntryOk(runtime, colleague, risk.id)).entry.title).toBe("Hidden risk");
  });

  it("refuses the whole Action Log when its own item is hidden, leaving the typed pages", async () => {
    const { member } = await buildActionLogOrganization(runtime);
    await hide(member, "action-log");
    await expectRefused(await call(runtime, "/api/action-logs", { as: member }), NOT_AVAILABLE_REASON);
    expect((await listEntriesOk(runtime, member, "page=tasks")).visible_types).toEqual(["Task"]);
  });
});

describe("deleting", () => {
  it("is for the entry's creator or an employee; it takes the history, comments and attachment links, and leaves the library's files", async () => {
    const { organizationId, member } = await buildActionLogOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId });
    const entry = await createEntryOk(runtime, member, { title: "Doomed" });
    const file = await uploadFileOk(runtime, member, "Evidence");
    const attached = await call(runtime, "/api/attachments", { method: "POST", as: member, body: { entity_type: "action_log", entity_id: entry.id, content_id: file.id } });
    expect(attached.status).toBe(201);
    expect((await call(runtime, `${entryPath(entry.id)}/comments`, { method: "POST", as: colleague, body: { body: "Before it goes" } })).status).toBe(201);

    expect((await getEntryOk(runtime, colleague, entry.id)).entry.can).toEqual({ edit: true, delete: false });
    await expectRefused(await call(runtime, entryPath(entry.id), { method: "DELETE", as: colleague }), "Only the person who created this entry or a provider employee can delete it");

    const before = await lastEventId(runtime, organizationId);
    const deleted = await call(runtime, entryPath(entry.id), { method: "DELETE", as: member });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true });
    expect(await actionLogEventsAfter(runtime, organizationId, before)).toEqual([
      { type: "attachmentsChanged", organizationId, entityType: "action_log", entityId: entry.id },
      { type: "actionLogsChanged", organizationId, actionLogId: entry.id },
    ]);
    expect((await call(runtime, entryPath(entry.id), { as: member })).status).toBe(404);
    const links = await runtime.database.db
      .select()
      .from(entityAttachments)
      .where(and(eq(entityAttachments.organizationId, organizationId), eq(entityAttachments.entityId, entry.id)));
    expect(links).toEqual([]);
    const library = await readJson<{ items: { id: string }[] }>(runtime, "/api/content", member);
    expect(library.items.map((item) => item.id), "the file stays in the library").toContain(file.id);

    const theirs = await createEntryOk(runtime, colleague, { title: "Colleague's" });
    expect((await call(runtime, entryPath(theirs.id), { method: "DELETE", as: employee, org: organizationId })).status).toBe(200);
  });
});

describe("the export", () => {
  it("sends the filtered entries as CSV named after the organization and the day, formulas neutralised", async () => {
    const { member } = await buildActionLogOrganization(runtime);
    const risk = await createEntryOk(runtime, member, {
      title: "=HYPERLINK(\"http://evil\")",
      action_log_type: "Risk",
      likelihood: "Possible",
      impact_level: "High",
      description: "Two lines,\nwith a comma",
      due_date: "2031-05-01",
      assigned_to: employee.id,
    });
    await createEntryOk(runtime, member, { title: "A task not exported" });
    const response = await call(runtime, "/api/action-logs/export?page=risks", { as: member });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="action-log-org-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe(
      "Reference,Type,Title,Status,Priority,Impact,Likelihood,Risk score,Category,Platform,Assigned to,Due date,Phase,Created by,Created at,Resolved at,Resolution notes,Description",
    );
    expect(lines[1]).toBe(
      `${risk.reference},Risk,"'=HYPERLINK(""http://evil"")",Open,Medium,High,Possible,6,System,Member Portal,Erin Employee,2031-05-01,,${member.email},${risk.created_at},,,"Two lines,\nwith a comma"`,
    );
    expect(lines.slice(2)).toEqual([""]);
  });
});

describe("assignees", () => {
  it("lists the organization's members, the provider's employees and the plan's phases", async () => {
    const { organizationId, member } = await buildActionLogOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId, fullName: "Aaron Aardvark" });
    await buildActionLogOrganization(runtime);
    const answer = await readJson<AssigneeList>(runtime, "/api/action-logs/assignees", member);
    expect(answer.members).toEqual([
      { id: colleague.id, name: "Aaron Aardvark", email: colleague.email, is_employee: false },
      { id: member.id, name: member.email, email: member.email, is_employee: false },
    ]);
    expect(answer.employees).toContainEqual({ id: employee.id, name: "Erin Employee", email: employee.email, is_employee: true });
    expect(answer.employees.every((person) => person.is_employee)).toBe(true);
    await completeLaunchpad(runtime, organizationId);
    const plan = await readJson<LaunchPlan>(runtime, "/api/launch-plan", member);
    expect(answer.phases, "the Launch Plan's milestones, in its order").toEqual(plan.milestones.map(({ id, title }) => ({ id, title })));
  });
});
