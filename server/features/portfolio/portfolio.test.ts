import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHelpRequestRoute } from "#common/contracts/action-log";
import { type Portfolio, employeeEventStreamRoute, getPortfolioRoute } from "#common/contracts/portfolio";
import type { Runtime } from "#server/runtime";
import { createEntryOk } from "#tests/action-log-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, callContract } from "#tests/factories";
import { isoDateFromToday, savePage, signNdaOk } from "#tests/onboarding-test-kit";
import { renameOrganization } from "#tests/realtime-test-kit";
import { readSse } from "#tests/sse-reader";
import { createTestRuntime } from "#tests/test-runtime";

/** GET /api/employee/portfolio: every organization's readiness and flags, for employees only. */

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

async function portfolioAs(as: TestUser): Promise<Portfolio> {
  const response = await callContract(runtime, getPortfolioRoute, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

describe("the portfolio", () => {
  it("lists every organization with its score, progress, dates, risks, overdue items and help requests", async () => {
    const quiet = await buildMemberOrganization(runtime);
    const busy = await buildMemberOrganization(runtime);
    const admin = await buildUser(runtime, { organizationId: busy.organization.id, role: "member_admin" });
    await signNdaOk(runtime, admin);
    expect((await savePage(runtime, busy.member, "timeline-planning", "complete", { go_live_date: isoDateFromToday(10), key_dates: [] })).status).toBe(200);
    await createEntryOk(runtime, busy.member, { title: "Supplier fails", action_log_type: "Risk", impact_level: "High", likelihood: "Almost certain" });
    await createEntryOk(runtime, busy.member, { title: "Late", action_log_type: "Task", due_date: isoDateFromToday(-2) });
    const help = await callContract(runtime, createHelpRequestRoute, {
      as: busy.member,
      body: { help_type: "question", title: "How do we import vendors?", description: "Which columns?" },
    });
    expect(help.status, await help.clone().text()).toBe(201);

    const portfolio = await portfolioAs(employee);
    const rowOf = (id: string) => portfolio.organizations.find((row) => row.id === id);
    expect(rowOf(quiet.organization.id)).toMatchObject({
      name: quiet.organization.organization_name,
      go_live_date: null,
      days_to_go_live: null,
      open_high_risks: 0,
      overdue_items: 0,
      open_help_requests: 0,
      plan_percent: 0,
    });
    const busyRow = rowOf(busy.organization.id);
    expect(busyRow).toMatchObject({ go_live_date: isoDateFromToday(10), open_high_risks: 1, overdue_items: 1, open_help_requests: 1 });
    expect(busyRow?.days_to_go_live).toBeGreaterThanOrEqual(9);
    expect(busyRow?.flags).toContain("at_risk");
    expect(busyRow?.last_activity_at).not.toBeNull();
    expect(busyRow?.score).toBeGreaterThan(rowOf(quiet.organization.id)?.score ?? 100);
  });

  it("hears every organization's events live on the employees' stream", async () => {
    const first = await buildMemberOrganization(runtime);
    const second = await buildMemberOrganization(runtime);
    const controller = new AbortController();
    const response = await callContract(runtime, employeeEventStreamRoute, { as: employee });
    expect(response.status).toBe(200);
    const reader = readSse(response, controller);
    try {
      expect(await reader.next()).toMatchObject({ event: "ping" });
      await renameOrganization(runtime, first.member);
      await renameOrganization(runtime, second.member);
      // Other test files' organizations publish on the same database meanwhile: keep ours.
      const ours = new Set([first.organization.id, second.organization.id]);
      const heard: unknown[] = [];
      while (heard.length < 2) {
        const event = JSON.parse((await reader.nextNonPing()).data) as { organizationId: string };
        if (ours.has(event.organizationId)) heard.push(event);
      }
      expect(heard).toEqual([
        { type: "organizationUpdated", organizationId: first.organization.id },
        { type: "organizationUpdated", organizationId: second.organization.id },
      ]);
    } finally {
      await reader.close();
    }
    const { member } = await buildMemberOrganization(runtime);
    expect((await callContract(runtime, employeeEventStreamRoute, { as: member })).status).toBe(403);
  });

  it("is for employees only", async () => {
    const { member } = await buildMemberOrganization(runtime);
    expect((await callContract(runtime, getPortfolioRoute, { as: member })).status).toBe(403);
  });
});
