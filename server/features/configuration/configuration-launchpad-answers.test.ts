import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Configuration } from "#common/contracts/configuration";
import type { TopicDetail } from "#common/contracts/launch-plan";
import { MIGRATIONS_FOLDER } from "#server/db/migrate";
import { configurationResponses, launchpadProgress, topics } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { configurationOf, findQuestion, givePlan, saveAnswers } from "#tests/configuration-test-kit";
import { buildSignedOrganization } from "#tests/data-connection-test-kit";
import { type TestUser, buildUser, call } from "#tests/factories";
import { completeLaunchpad } from "#tests/launch-plan-test-kit";
import { eventTypesAfter, lastEventId, savePage } from "#tests/onboarding-test-kit";
import { errorOf } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/**
 * The questions the launchpad already asks (common/domain/launchpad-answers.ts): Financial Setup
 * and Timeline Planning answer them, the questionnaire shows them read-only and refuses answers to
 * them, and migration 0012 brought existing organizations' answers over.
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const FINANCIAL = { fiscal_year_start_month: 7, period_type: "4-5-4", base_currency: "EUR", entities: [{ name: "Acme GmbH" }] };
const TIMELINE = { go_live_date: "2031-03-15", key_dates: [] };
const LINKED = ["fin-number-of-companies", "fin-base-currency", "fin-fiscal-year-start", "fin-period-pattern", "gen-target-go-live-date"];

async function planOrganization(): Promise<{ organizationId: string; member: TestUser }> {
  const { organization, member } = await buildSignedOrganization(runtime);
  await givePlan(runtime, member);
  return { organizationId: organization.id, member };
}

async function saveOk(member: TestUser, pageId: string, mode: "draft" | "complete", answers: unknown): Promise<void> {
  const response = await savePage(runtime, member, pageId, mode, answers);
  expect(response.status, await response.clone().text()).toBe(200);
}

const answersOf = (configuration: Configuration) => LINKED.map((key) => findQuestion(configuration, key).answer);

async function versionsOf(organizationId: string, key: string): Promise<number> {
  const rows = await runtime.database.db
    .select({ version: configurationResponses.version })
    .from(configurationResponses)
    .where(and(eq(configurationResponses.organizationId, organizationId), eq(configurationResponses.questionId, key)));
  return rows.length;
}

describe("answered by the launchpad", () => {
  it("shows what Financial Setup and Timeline Planning hold, read-only, counted as answered, in the lessons and the export too", async () => {
    const { organizationId, member } = await planOrganization();
    const before = await configurationOf(runtime, member);
    expect(findQuestion(before, "fin-base-currency")).toMatchObject({ answer: null, answered_in: { page_id: "financial-setup", label: "Financial Setup", route: "/financial-calendar" } });
    expect(findQuestion(before, "gen-target-go-live-date").answered_in).toEqual({ page_id: "timeline-planning", label: "Timeline Planning", route: "/timeline" });
    expect(findQuestion(before, "fin-branches").answered_in).toBeNull();

    const since = await lastEventId(runtime, organizationId);
    await saveOk(member, "financial-setup", "complete", FINANCIAL);
    await saveOk(member, "timeline-planning", "complete", TIMELINE);
    expect(await eventTypesAfter(runtime, organizationId, since)).toContain("configurationChanged");

    const after = await configurationOf(runtime, member);
    // The fiscal year that holds the go-live date starts on the first of the start month before it.
    expect(answersOf(after)).toEqual([1, "EUR", "2030-07-01", "4-5-4 weeks per quarter", "2031-03-15"]);
    const financials = after.modules.find((module) => module.module === "Financials");
    const beforeFinancials = before.modules.find((module) => module.module === "Financials");
    expect(financials?.required_answered).toBe((beforeFinancials?.required_answered ?? 0) + 4);

    await completeLaunchpad(runtime, organizationId);
    const [survey] = await runtime.database.db.select({ id: topics.id }).from(topics).where(eq(topics.key, "project-readiness-survey"));
    const topic = (await (await call(runtime, `/api/launch-plan/topics/${survey?.id}`, { as: member })).json()) as TopicDetail;
    expect(topic.questions.find((question) => question.key === "gen-target-go-live-date")).toMatchObject({
      answer: "2031-03-15",
      read_only: true,
      answered_in: { page_id: "timeline-planning" },
    });
    expect(topic.questions.find((question) => question.key === "gen-sponsor-named")).toMatchObject({ read_only: false, answered_in: null });

    const employee = await buildUser(runtime, { isEmployee: true });
    const csv = await (await call(runtime, "/api/configuration/export", { as: employee, org: organizationId })).text();
    expect(csv).toMatch(/\r\nFinancials,fin-base-currency,[^\r]*,EUR,1,/);
  });

  it("refuses an answer sent to such a question under its field, keeping nothing of the save", async () => {
    const { organizationId, member } = await planOrganization();
    const response = await saveAnswers(runtime, member, [
      { question_key: "fin-branches", value: "North" },
      { question_key: "fin-base-currency", value: "USD" },
      { question_key: "gen-target-go-live-date", value: "2031-01-01" },
    ]);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).details).toEqual([
      { path: "answers.1.value", message: "This answer comes from Financial Setup. Change it there." },
      { path: "answers.2.value", message: "This answer comes from Timeline Planning. Change it there." },
    ]);
    expect(await versionsOf(organizationId, "fin-branches")).toBe(0);
    expect(await versionsOf(organizationId, "fin-base-currency")).toBe(0);
  });

  it("records a new version only when the page's answer changes, and clears it when the page no longer holds it", async () => {
    const { organizationId, member } = await planOrganization();
    await saveOk(member, "financial-setup", "complete", FINANCIAL);
    await saveOk(member, "financial-setup", "draft", { ...FINANCIAL, entities: [{ name: "Acme AG" }] });
    expect(await versionsOf(organizationId, "fin-base-currency")).toBe(1);

    await saveOk(member, "financial-setup", "draft", { ...FINANCIAL, base_currency: "chf" });
    expect(findQuestion(await configurationOf(runtime, member), "fin-base-currency")).toMatchObject({ answer: "CHF", version: 2 });

    const { base_currency: _dropped, ...withoutCurrency } = FINANCIAL;
    await saveOk(member, "financial-setup", "draft", withoutCurrency);
    expect(findQuestion(await configurationOf(runtime, member), "fin-base-currency")).toMatchObject({ answer: null, version: 3 });

    // Without a go-live date the fiscal year is the current one; the date moves it.
    const today = new Date().toISOString().slice(0, 10);
    const julyStart = (day: string) => `${Number(day.slice(5, 7)) >= 7 ? day.slice(0, 4) : Number(day.slice(0, 4)) - 1}-07-01`;
    expect(findQuestion(await configurationOf(runtime, member), "fin-fiscal-year-start").answer).toBe(julyStart(today));
    await saveOk(member, "timeline-planning", "complete", { go_live_date: "2031-09-01", key_dates: [] });
    expect(findQuestion(await configurationOf(runtime, member), "fin-fiscal-year-start").answer).toBe("2031-07-01");
  });

  it("brings existing organizations' Financial Setup and Timeline Planning over (migration 0012)", async () => {
    const { organizationId, member } = await planOrganization();
    const db = runtime.database.db;
    // As saved before the launchpad answered the questionnaire: pages and a typed answer that disagrees.
    await db.insert(launchpadProgress).values([
      { organizationId, pageId: "financial-setup", isCompleted: true, dataSnapshot: { ...FINANCIAL, period_type: "13-periods", fiscal_year_start_month: 1 } },
      { organizationId, pageId: "timeline-planning", isCompleted: true, dataSnapshot: TIMELINE },
    ]);
    await db.insert(configurationResponses).values({ organizationId, questionId: "fin-base-currency", responseValue: "USD and EUR" });

    const migration = await readFile(join(MIGRATIONS_FOLDER, "0012_launchpad_answers.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint")[1] ?? "";
    // Only this organization: other files share the database on PostgreSQL.
    const scope = `WHERE "page_id" IN ('financial-setup', 'timeline-planning')`;
    expect(backfill).toContain(scope);
    await db.execute(sql.raw(backfill.replace(scope, `${scope} AND "organization_id" = '${organizationId}'`)));

    const after = await configurationOf(runtime, member);
    expect(answersOf(after)).toEqual([1, "EUR", "2031-01-01", "13 periods of 4 weeks", "2031-03-15"]);
    expect(findQuestion(after, "fin-base-currency").version).toBe(2);
  });
});
