import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DecisionMakerDashboard, downloadBoardSummaryRoute, getDecisionMakerDashboardRoute } from "#common/contracts/decision-maker-dashboard";
import { readDispositionFileName } from "#common/domain/content-disposition";
import { extensionNotActiveReason } from "#common/domain/extensions";
import type { Runtime } from "#server/runtime";
import { createEntryOk, updateEntryOk } from "#tests/action-log-test-kit";
import { changeExtensionOk, openExtensionsToMembers } from "#tests/extensions-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, callContract } from "#tests/factories";
import { isoDateFromToday, savePage, signNdaOk } from "#tests/onboarding-test-kit";
import { createPlainEstimate, estimateAction } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** The Decision-maker Dashboard: the extension guard, the summary's numbers, the board PDF, tenancy. */

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

const activate = (organizationId: string) => changeExtensionOk(runtime, employee, "activate", "decision-maker-dashboard", { org: organizationId });

async function dashboardOf(as: TestUser, org?: string): Promise<DecisionMakerDashboard> {
  const response = await callContract(runtime, getDecisionMakerDashboardRoute, { as, org });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** An organization open to its members, with a locked estimate, a go-live date, risks, decisions and an overdue task. */
async function buildPreparedOrganization() {
  const { organization, member } = await buildMemberOrganization(runtime);
  const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin" });
  await signNdaOk(runtime, admin);
  const estimate = await createPlainEstimate(runtime, member, "Board plan");
  expect((await estimateAction(runtime, admin, estimate.id, "lock")).status).toBe(200);
  expect((await savePage(runtime, member, "timeline-planning", "complete", { go_live_date: isoDateFromToday(90), key_dates: [] })).status).toBe(200);
  await openExtensionsToMembers(runtime, organization.id);
  await activate(organization.id);

  const unscored = await createEntryOk(runtime, member, { title: "Vendor may be late", action_log_type: "Risk", impact_level: "High" });
  const low = await createEntryOk(runtime, member, { title: "Printer drivers", action_log_type: "Risk", impact_level: "Low", likelihood: "Unlikely" });
  const critical = await createEntryOk(runtime, member, { title: "Key user leaves", action_log_type: "Risk", impact_level: "Critical", likelihood: "Likely" });
  const resolved = await createEntryOk(runtime, member, { title: "Old risk", action_log_type: "Risk", impact_level: "Critical", likelihood: "Almost certain" });
  await updateEntryOk(runtime, member, resolved.id, { status: "Resolved", resolution_notes: "Mitigated" });
  const firstDecision = await createEntryOk(runtime, member, { title: "Pick the go-live weekend", action_log_type: "Decision", due_date: isoDateFromToday(20) });
  const secondDecision = await createEntryOk(runtime, member, { title: "Approve the training budget", action_log_type: "Decision" });
  const late = await createEntryOk(runtime, member, { title: "Send the vendor list", action_log_type: "Task", due_date: isoDateFromToday(-3) });
  return { organization, member, estimate, entries: { unscored, low, critical, firstDecision, secondDecision, late } };
}

describe("the extension guard", () => {
  it("refuses a member until the extension is active, with the extension's reason; employees always get in", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await openExtensionsToMembers(runtime, organization.id);
    for (const route of [getDecisionMakerDashboardRoute, downloadBoardSummaryRoute]) {
      const refused = await callContract(runtime, route, { as: member });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: unknown }).error).toMatchObject({ code: "forbidden", message: extensionNotActiveReason("decision-maker-dashboard") });
    }
    expect((await dashboardOf(employee, organization.id)).organization_name).toBe(organization.organization_name);

    await activate(organization.id);
    expect((await dashboardOf(member)).organization_name).toBe(organization.organization_name);
  });
});

describe("the summary", () => {
  it("answers the score, plan, subscription, risks by score, decisions, overdue items and the week's changes", async () => {
    const { organization, member, estimate, entries } = await buildPreparedOrganization();
    const dashboard = await dashboardOf(member);

    expect(dashboard.readiness.score).toBe(Math.round(dashboard.readiness.factors.reduce((sum, factor) => sum + factor.points, 0)));
    expect(dashboard.plan).toMatchObject({ go_live_date: isoDateFromToday(90), days_to_go_live: expect.any(Number) as number, total: dashboard.plan.milestones.length });
    expect(dashboard.subscription).toEqual({
      name: "Board plan",
      edition_id: "FE",
      edition_name: "Financial Edition",
      locked: true,
      line_count: estimate.line_count,
      monthly_total_cents: estimate.total_monthly_price_cents,
      five_year_total_cents: 60 * (estimate.total_monthly_price_cents ?? 0),
    });

    expect(dashboard.open_risks.total).toBe(3);
    expect(dashboard.open_risks.items.map((risk) => [risk.reference, risk.score, risk.band])).toEqual([
      [`RISK-${entries.critical.number}`, 12, "Critical"],
      [`RISK-${entries.low.number}`, 1, "Low"],
      [`RISK-${entries.unscored.number}`, null, null],
    ]);
    expect(dashboard.decisions_awaiting.total).toBe(2);
    expect(dashboard.decisions_awaiting.items.map((decision) => [decision.title, decision.due_date])).toEqual([
      ["Pick the go-live weekend", isoDateFromToday(20)],
      ["Approve the training budget", null],
    ]);
    expect(dashboard.overdue).toEqual({
      total: 1,
      items: [{ id: entries.late.id, reference: `TASK-${entries.late.number}`, title: "Send the vendor list", status: "Open", type: "Task", due_date: isoDateFromToday(-3), days_overdue: expect.any(Number) as number }],
    });
    expect(dashboard.overdue.items[0]?.days_overdue).toBeGreaterThanOrEqual(2);
    expect(dashboard.changes_last_week).toMatchObject({ entries_created: 7, entries_resolved: 1, milestones_completed: 0, modules_submitted: 0 });
    expect(dashboard.changes_last_week.launchpad_pages_completed).toBeGreaterThanOrEqual(1);

    // The employee acting for the organization reads the same page.
    const forEmployee = await dashboardOf(employee, organization.id);
    expect({ ...forEmployee, generated_at: null }).toEqual({ ...dashboard, generated_at: null });
  });

  it("never shows another organization's data", async () => {
    const { member } = await buildPreparedOrganization();
    const other = await buildMemberOrganization(runtime);
    await signNdaOk(runtime, other.member);
    await openExtensionsToMembers(runtime, other.organization.id);
    await activate(other.organization.id);
    await createEntryOk(runtime, other.member, { title: "Other org's secret risk", action_log_type: "Risk", impact_level: "Critical", likelihood: "Likely" });
    const text = JSON.stringify(await dashboardOf(member));
    expect(text).not.toContain("Other org's secret risk");
    expect(text).not.toContain(other.organization.organization_name);
    const theirs = await dashboardOf(other.member);
    expect(theirs.subscription).toBeNull();
    expect(theirs.open_risks.items.map((risk) => risk.title)).toEqual(["Other org's secret risk"]);
    expect(theirs.decisions_awaiting).toEqual({ total: 0, items: [] });
  });
});

describe("the board summary PDF", () => {
  it("is one page with the organization's name and the score, offered as a download", async () => {
    const { organization, member } = await buildPreparedOrganization();
    const { readiness } = await dashboardOf(member);
    const response = await callContract(runtime, downloadBoardSummaryRoute, { as: member });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(readDispositionFileName(response.headers.get("content-disposition"))).toMatch(/^board-summary-org-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { totalPages, text } = await extractText(await getDocumentProxy(bytes, { verbosity: 0 }), { mergePages: true });
    expect(totalPages).toBe(1);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(organization.organization_name);
    expect(flat).toContain(`Readiness score: ${readiness.score} of 100`);
    expect(flat).toContain("Key user leaves");
    expect(flat).toContain("2 decisions awaiting");
    expect(flat).toContain("1 overdue item");
  });
});
