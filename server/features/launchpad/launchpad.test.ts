import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Launchpad } from "#common/contracts/launchpad";
import { LAUNCHPAD_PAGES } from "#common/domain/launchpad";
import { configurationResponses } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import {
  addDataConnection,
  addEstimate,
  completePage,
  eventTypesAfter,
  isoDateFromToday,
  lastEventId,
  savePage,
  signNdaOk,
  submitConfiguration,
  validAnswers,
} from "#tests/onboarding-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

const getLaunchpad = async (as: TestUser, org?: string): Promise<Launchpad> => {
  const response = await call(runtime, "/api/launchpad", { as, org });
  expect(response.status).toBe(200);
  return response.json();
};
const pageOf = (launchpad: Launchpad, id: string) => launchpad.pages.find((page) => page.id === id);
const recalculate = (as: TestUser, body: unknown = {}) => call(runtime, "/api/launchpad/recalculate", { method: "POST", as, body });

describe("GET /api/launchpad", () => {
  it("lists the ten pages in order with both readings at zero", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const launchpad = await getLaunchpad(member);
    expect(launchpad.pages.map((page) => [page.id, page.label, page.route])).toEqual(LAUNCHPAD_PAGES.map((page) => [page.id, page.label, page.route]));
    expect(launchpad.pages.every((page) => !page.is_completed && page.data_snapshot === null && page.completed_at === null)).toBe(true);
    expect(launchpad).toMatchObject({
      page_percent: 0,
      flag_percent: 0,
      trial_enabled: false,
      flags: { nda_signed: false, estimate_exists: false, data_connection_exists: false, configuration_submitted: false },
    });
  });

  it("moves the flag reading with the NDA, an estimate, a data connection and a submitted configuration", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await addEstimate(runtime, organization.id);
    expect(await getLaunchpad(member)).toMatchObject({ flag_percent: 25, trial_enabled: false });
    await signNdaOk(runtime, member);
    expect(await getLaunchpad(member)).toMatchObject({ flag_percent: 50, page_percent: 10, trial_enabled: true });
    await addDataConnection(runtime, organization.id);
    await submitConfiguration(runtime, organization.id);
    expect(await getLaunchpad(member)).toMatchObject({
      flag_percent: 100,
      flags: { nda_signed: true, estimate_exists: true, data_connection_exists: true, configuration_submitted: true },
    });
  });
});

describe("PUT /api/launchpad/pages/:pageId", () => {
  it("keeps a partial draft without completing the page", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const before = await lastEventId(runtime, organization.id);
    const response = await savePage(runtime, member, "business-setup", "draft", { industry: " Retail ", goals: [] });
    expect(response.status).toBe(200);
    const saved = await response.json();
    expect(saved.page).toMatchObject({ id: "business-setup", is_completed: false, completed_at: null, data_snapshot: { industry: "Retail", goals: [] } });
    expect(saved.summary.page_percent).toBe(0);
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual(["launchpadChanged"]);

    // Present fields are still checked in a draft.
    const invalid = await savePage(runtime, member, "business-setup", "draft", { employee_count: "lots" });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.details).toEqual([{ path: "answers.employee_count", message: "Choose the number of employees from the list" }]);
  });

  it("refuses an incomplete or invalid page marked complete, naming each field", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await savePage(runtime, member, "business-setup", "complete", { industry: "Retail", website: "acme", business_aspects: [] });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("validation_failed");
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: "answers.employee_count", message: "Choose the number of employees from the list" },
        { path: "answers.website", message: "Enter the website as a full address, like https://example.com" },
        { path: "answers.goals", message: "Add at least one goal" },
        { path: "answers.business_aspects", message: "Choose at least one of the business aspects" },
      ]),
    );
    expect(pageOf(await getLaunchpad(member), "business-setup")?.data_snapshot).toBeNull();
  });

  it("checks the timeline's dates against today and the go-live date", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const past = await savePage(runtime, member, "timeline-planning", "complete", { go_live_date: isoDateFromToday(-1), key_dates: [] });
    expect((await past.json()).error.details).toEqual([{ path: "answers.go_live_date", message: "The go-live date must be in the future" }]);
    const late = await savePage(runtime, member, "timeline-planning", "complete", {
      go_live_date: isoDateFromToday(30),
      key_dates: [{ label: "Training", date: isoDateFromToday(10) }, { label: "Cutover", date: isoDateFromToday(30) }],
    });
    expect((await late.json()).error.details).toEqual([{ path: "answers.key_dates.1.date", message: '"Cutover" must be before the go-live date' }]);
    const badDate = await savePage(runtime, member, "timeline-planning", "draft", { go_live_date: "2026-02-30" });
    expect((await badDate.json()).error.details).toEqual([{ path: "answers.go_live_date", message: "Go-live date must be a date (YYYY-MM-DD)" }]);
  });

  it("completes pages, moving the page reading; a later draft keeps the page complete", async () => {
    const { member } = await buildMemberOrganization(runtime);
    // Business Setup's aspects (Distribution, eCommerce) leave Manufacturing out: it counts as done
    // from then on, and completing it anyway does not count it twice.
    const steps = [
      ["business-setup", 20],
      ["distribution", 30],
      ["manufacturing", 30],
      ["ecommerce", 40],
      ["financial-setup", 50],
      ["timeline-planning", 60],
    ] as const;
    for (const [pageId, percent] of steps) {
      const response = await savePage(runtime, member, pageId, "complete", validAnswers()[pageId]);
      expect(response.status).toBe(200);
      expect((await response.json()).summary.page_percent, pageId).toBe(percent);
    }
    const launchpad = await getLaunchpad(member);
    expect(launchpad.page_percent).toBe(60);
    const financial = pageOf(launchpad, "financial-setup");
    expect(financial).toMatchObject({ is_completed: true, data_snapshot: { base_currency: "USD", period_type: "4-4-5" } });

    const draft = await savePage(runtime, member, "financial-setup", "draft", { base_currency: "EUR" });
    const page = (await draft.json()).page;
    expect(page).toMatchObject({ is_completed: true, completed_at: financial?.completed_at, data_snapshot: { base_currency: "EUR" } });
    expect((await getLaunchpad(member)).page_percent).toBe(60);
  });

  it("refuses the pages other steps complete, and unknown pages", async () => {
    const { member } = await buildMemberOrganization(runtime);
    for (const pageId of ["nda", "subscription-price", "data-setup"]) {
      const response = await savePage(runtime, member, pageId, "complete", {});
      expect(response.status).toBe(409);
      expect((await response.json()).error.message).toBe("This step is completed from its own page");
    }
    expect((await savePage(runtime, member, "payroll", "draft", {})).status).toBe(404);
  });

  it("opens the ERP tenant page only once the NDA is signed", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const answers = validAnswers()["acumatica-tenant"];
    for (const mode of ["draft", "complete"] as const) {
      const refused = await savePage(runtime, member, "acumatica-tenant", mode, answers);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.message).toBe("Complete the NDA step first to access this page");
    }
    await signNdaOk(runtime, member);
    const response = await savePage(runtime, member, "acumatica-tenant", "complete", answers);
    expect(response.status).toBe(200);
    expect((await response.json()).page).toMatchObject({
      is_completed: true,
      data_snapshot: { tenant_name: "acme-prod", administrator_email: "ana@acme.example", region: "Europe", sandbox: false },
    });
    const badName = await savePage(runtime, member, "acumatica-tenant", "draft", { tenant_name: "-bad name-" });
    expect(badName.status).toBe(400);
  });

  it("records the business aspects as the business-aspects answer, submitted when complete", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await completePage(runtime, member, "business-setup");
    await savePage(runtime, member, "business-setup", "draft", { business_aspects: ["Services"] });
    await savePage(runtime, member, "business-setup", "draft", { industry: "No aspects in this draft" });
    const rows = await runtime.database.db
      .select()
      .from(configurationResponses)
      .where(and(eq(configurationResponses.organizationId, organization.id), eq(configurationResponses.questionId, "business-aspects")))
      .orderBy(asc(configurationResponses.version));
    expect(rows.map((row) => [row.version, row.responseValue, row.submittedAt !== null])).toEqual([
      [1, ["Distribution", "eCommerce"], true],
      [2, ["Services"], false],
    ]);
  });

  it("lets employees save for the organization they act for, and nobody for another one", async () => {
    const a = await buildMemberOrganization(runtime);
    const b = await buildMemberOrganization(runtime);
    expect((await savePage(runtime, employee, "distribution", "draft", { warehouse_count: 4 }, a.organization.id)).status).toBe(200);
    expect(pageOf(await getLaunchpad(a.member), "distribution")?.data_snapshot).toEqual({ warehouse_count: 4 });
    expect((await savePage(runtime, b.member, "distribution", "draft", { warehouse_count: 9 }, a.organization.id)).status).toBe(404);
    expect((await call(runtime, "/api/launchpad", { as: b.member, org: a.organization.id })).status).toBe(404);
    expect(pageOf(await getLaunchpad(b.member), "distribution")?.data_snapshot).toBeNull();
    expect(pageOf(await getLaunchpad(a.member), "distribution")?.data_snapshot).toEqual({ warehouse_count: 4 });
  });
});

describe("POST /api/launchpad/recalculate", () => {
  it("runs at most once per 30 s unless forced; saving a page forces it", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const first = await (await recalculate(member)).json();
    expect(first).toMatchObject({ recalculated: true, summary: { page_percent: 0, flag_percent: 0 } });
    const second = await (await recalculate(member, { force: false })).json();
    expect(second).toEqual({ recalculated: false, summary: first.summary });
    const forced = await (await recalculate(member, { force: true })).json();
    expect(forced.recalculated).toBe(true);

    await completePage(runtime, member, "distribution");
    const afterSave = await (await recalculate(member)).json();
    expect(afterSave).toMatchObject({ recalculated: false, summary: { page_percent: 10 } });
    expect(Date.parse(afterSave.summary.recalculated_at)).toBeGreaterThanOrEqual(Date.parse(forced.summary.recalculated_at));

    const invalid = await recalculate(member, { force: "yes" });
    expect(invalid.status).toBe(400);
  });
});
