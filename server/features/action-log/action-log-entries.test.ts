import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionLogEntry } from "#common/contracts/action-log";
import { organizations } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import {
  actionLogEventsAfter,
  buildActionLogOrganization,
  createEntry,
  createEntryOk,
  entryPath,
  getEntryOk,
  updateEntry,
} from "#tests/action-log-test-kit";
import { firstMilestoneIds } from "#tests/content-test-kit";
import { type TestUser, buildUser, call } from "#tests/factories";
import { lastEventId } from "#tests/onboarding-test-kit";
import { errorOf } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** Entries: the fields and defaults, numbers, assignees and phases, overdue, tenancy. */

let runtime: Runtime;
let employee: TestUser;
let milestoneId: string;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true, fullName: "Erin Employee" });
  [milestoneId] = await firstMilestoneIds(runtime);
});
afterAll(async () => {
  await runtime.close();
});

/** YYYY-MM-DD of today in the zone, `days` away. */
function dayIn(timeZone: string, days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe("creating", () => {
  it("gives a new entry the defaults of §3, the organization's next number and its reference", async () => {
    const { organizationId, member } = await buildActionLogOrganization(runtime);
    const before = await lastEventId(runtime, organizationId);
    const entry = await createEntryOk(runtime, member, { title: "  Map the chart of accounts  " });
    expect(entry).toMatchObject({
      number: 1,
      reference: "TASK-1",
      title: "Map the chart of accounts",
      description: null,
      status: "Open",
      priority: "Medium",
      action_log_type: "Task",
      action_log_category: "System",
      impact_level: "Medium",
      likelihood: null,
      risk_score: null,
      platform: "Member Portal",
      resolution_notes: null,
      due_date: null,
      is_overdue: false,
      action_log_phase: null,
      assigned_to: null,
      creator: { id: member.id, name: member.email },
      help_type: null,
      resolved_at: null,
      can: { edit: true, delete: true },
    });
    expect(entry.updated_at).toBe(entry.created_at);
    expect(await actionLogEventsAfter(runtime, organizationId, before)).toEqual([{ type: "actionLogsChanged", organizationId, actionLogId: entry.id }]);

    const detail = await getEntryOk(runtime, member, entry.id);
    expect(detail.entry).toEqual(entry);
    expect(detail.history).toMatchObject([{ event: "created", actor: { id: member.id, name: member.email }, changes: [] }]);
    expect(detail.comments).toEqual([]);
    expect((await createEntryOk(runtime, member, { title: "Second", action_log_type: "Decision" })).reference).toBe("DEC-2");
  });

  it("keeps every field sent; a risk's score is its likelihood times its impact", async () => {
    const { member, organizationId } = await buildActionLogOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId, fullName: "Cora Colleague" });
    const risk = await createEntryOk(runtime, member, {
      title: "Key user leaves before go-live",
      action_log_type: "Risk",
      description: "Only one person knows payroll.",
      priority: "High",
      impact_level: "High",
      likelihood: "Likely",
      action_log_category: "Training",
      platform: "ERP",
      due_date: "2031-03-15",
      action_log_phase: milestoneId,
      assigned_to: colleague.id,
    });
    expect(risk).toMatchObject({
      reference: `RISK-${risk.number}`,
      description: "Only one person knows payroll.",
      priority: "High",
      impact_level: "High",
      likelihood: "Likely",
      risk_score: 9,
      action_log_category: "Training",
      platform: "ERP",
      due_date: "2031-03-15",
      action_log_phase: { id: milestoneId, title: expect.any(String) },
      assigned_to: { id: colleague.id, name: "Cora Colleague", is_employee: false },
    });
    const task = await createEntryOk(runtime, member, { title: "Provider task", assigned_to: employee.id, likelihood: "Possible", impact_level: "Critical" });
    expect(task.assigned_to).toEqual({ id: employee.id, name: "Erin Employee", is_employee: true });
    expect(task.risk_score, "any type with a likelihood has a score").toBe(8);
  });

  it("gives two entries created at once two numbers, and every organization its own sequence", async () => {
    const { member } = await buildActionLogOrganization(runtime);
    const both = await Promise.all([createEntry(runtime, member, { title: "One" }), createEntry(runtime, member, { title: "Two" })]);
    const entries: ActionLogEntry[] = await Promise.all(both.map(async (response) => (expect(response.status).toBe(201), response.json())));
    expect(entries.map((entry) => entry.number).sort()).toEqual([1, 2]);
    const other = await buildActionLogOrganization(runtime);
    expect((await createEntryOk(runtime, other.member, { title: "Elsewhere" })).number).toBe(1);
  });

  it("assigns only a member of the organization or a provider employee, and only an existing milestone as the phase", async () => {
    const { member } = await buildActionLogOrganization(runtime);
    const outsider = (await buildActionLogOrganization(runtime)).member;
    for (const assigned_to of [outsider.id, "no-such-user"]) {
      const response = await createEntry(runtime, member, { title: "Misassigned", assigned_to });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: "validation_failed",
        message: "Assignee must be a member of the organization or a provider employee",
        details: [{ path: "assigned_to" }],
      });
    }
    const entry = await createEntryOk(runtime, member, { title: "Assigned later" });
    expect((await updateEntry(runtime, member, entry.id, { assigned_to: outsider.id })).status).toBe(400);
    const phase = await createEntry(runtime, member, { title: "No such phase", action_log_phase: "8f0c2a4e-1111-4a4a-9a9a-000000000000" });
    expect(phase.status).toBe(400);
    expect((await errorOf(phase)).details).toEqual([{ path: "action_log_phase", message: "Phase must be a milestone of the launch plan" }]);
    for (const due_date of ["2031-02-30", "0000-01-01", "31/01/2031"]) {
      const badDate = await createEntry(runtime, member, { title: "Bad date", due_date });
      expect((await errorOf(badDate)).message, due_date).toBe("due_date: due_date must be a date (YYYY-MM-DD)");
    }
  });
});

describe("overdue", () => {
  it("is due before the organization's own today and not done", async () => {
    const { organizationId, member } = await buildActionLogOrganization(runtime);
    await runtime.database.db.update(organizations).set({ timeZone: "Pacific/Kiritimati" }).where(eq(organizations.id, organizationId));
    const yesterday = dayIn("Pacific/Kiritimati", -1);
    const late = await createEntryOk(runtime, member, { title: "Late", due_date: yesterday });
    const today = await createEntryOk(runtime, member, { title: "Due today", due_date: dayIn("Pacific/Kiritimati") });
    const done = await createEntryOk(runtime, member, { title: "Late but closed", due_date: yesterday, status: "Closed" });
    expect([late.is_overdue, today.is_overdue, done.is_overdue]).toEqual([true, false, false]);
    // Kiritimati's yesterday is today or later in Pago Pago (25 hours behind): not overdue there.
    await runtime.database.db.update(organizations).set({ timeZone: "Pacific/Pago_Pago" }).where(eq(organizations.id, organizationId));
    expect((await getEntryOk(runtime, member, late.id)).entry.is_overdue).toBe(false);
  });
});

describe("tenancy", () => {
  it("answers 404 for another organization's entry and for ids that cannot be one, on every entry route", async () => {
    const a = await buildActionLogOrganization(runtime);
    const b = await buildActionLogOrganization(runtime);
    const entry = await createEntryOk(runtime, a.member, { title: "A's secret plan" });
    for (const id of [entry.id, "not-an-id", "8f0c2a4e-1111-4a4a-9a9a-000000000000"]) {
      const answers = [
        await call(runtime, entryPath(id), { as: b.member }),
        await updateEntry(runtime, b.member, id, { title: "Taken over" }),
        await call(runtime, entryPath(id), { method: "DELETE", as: b.member }),
        await call(runtime, `${entryPath(id)}/comments`, { method: "POST", as: b.member, body: { body: "Hello" } }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(await errorOf(answer)).toEqual({ code: "not_found", message: "Action log entry not found" });
      }
    }
    const detail = await getEntryOk(runtime, employee, entry.id, a.organizationId);
    expect(detail.entry.title, "an employee acting for A sees it, untouched").toBe("A's secret plan");
    expect(detail.entry.can).toEqual({ edit: true, delete: true });
    expect((await call(runtime, entryPath(entry.id), { as: employee, org: b.organizationId })).status, "…but not while acting for B").toBe(404);
  });
});
