import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Configuration } from "#common/contracts/configuration";
import type { Launchpad } from "#common/contracts/launchpad";
import { NDA_REQUIRED_REASON } from "#common/domain/access";
import { configurationResponses } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import {
  answerRequiredQuestions,
  configurationOf,
  findModule,
  findQuestion,
  givePlan,
  moduleAction,
  readConfiguration,
  saveAnswers,
  submitModuleOk,
} from "#tests/configuration-test-kit";
import { buildSignedOrganization } from "#tests/data-connection-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { eventTypesAfter, lastEventId, savePage, validAnswers } from "#tests/onboarding-test-kit";
import { errorOf, readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** The questionnaire through the API: gating, scope, submission, reopening, the export. */

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true, fullName: "Eva Employee" });
});
afterAll(async () => {
  await runtime.close();
});

/** A signed organization whose plan comes from an estimate of the edition. */
async function planOrganization(edition: "FE" | "EE" = "FE") {
  const built = await buildSignedOrganization(runtime);
  await givePlan(runtime, built.member, edition);
  return { organizationId: built.organization.id, organizationName: built.organization.organization_name, member: built.member };
}

const questionKeys = (configuration: Configuration) => configuration.modules.flatMap((module) => module.questions.map((question) => question.key));
const launchpadOf = (as: TestUser) => readJson<Launchpad>(runtime, "/api/launchpad", as);

describe("NDA gating", () => {
  it("refuses every route with the NDA reason until the organization's NDA is signed", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const responses = [
      await readConfiguration(runtime, member),
      await saveAnswers(runtime, member, [{ question_key: "fin-number-of-companies", value: 1 }]),
      await moduleAction(runtime, member, "Financials", "submit"),
      await moduleAction(runtime, employee, "Financials", "reopen", { reason: "Needs a change" }, organization.id),
      await call(runtime, "/api/configuration/export", { as: employee, org: organization.id }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({ code: "forbidden", message: NDA_REQUIRED_REASON });
    }
  });
});

describe("scope", () => {
  it("holds the plan's questions by module: Financials without Manufacturing for a Financials-only estimate", async () => {
    const { member } = await planOrganization("FE");
    const configuration = await configurationOf(runtime, member);
    const financials = findModule(configuration, "Financials");
    expect(financials.questions.map((question) => question.key)).toContain("fin-number-of-companies");
    expect(configuration.modules.map((module) => module.module)).not.toContain("Manufacturing");
    expect(questionKeys(configuration)).not.toContain("mfg-bom-levels");
    expect(new Set(questionKeys(configuration)).size, "each question once").toBe(questionKeys(configuration).length);
    expect(financials).toMatchObject({ submitted: null, reopened: null, answered: 0, required_answered: 0, can_submit: false, can_edit: true, can_reopen: false });
    expect(financials.required_total).toBe(financials.questions.filter((question) => question.required).length);
    expect(configuration).toMatchObject({ can_export: false, export_file_name: null });
  });

  it("adds Manufacturing, Distribution and Commerce for an estimate that has them", async () => {
    const { member } = await planOrganization("EE");
    const configuration = await configurationOf(runtime, member);
    expect(findModule(configuration, "Manufacturing").questions.map((question) => question.key)).toContain("mfg-bom-levels");
    for (const module of ["Financials", "Distribution", "Commerce", "General"]) expect(findModule(configuration, module).questions.length).toBeGreaterThan(0);
  });

  it("reads the business aspects when there is no estimate", async () => {
    const { member } = await buildSignedOrganization(runtime);
    expect(questionKeys(await configurationOf(runtime, member))).not.toContain("mfg-bom-levels");
    const answers = { ...validAnswers()["business-setup"], business_aspects: ["Manufacturing"] };
    expect((await savePage(runtime, member, "business-setup", "complete", answers)).status).toBe(200);
    expect(questionKeys(await configurationOf(runtime, member))).toContain("mfg-bom-levels");
  });

  it("answers unknown modules with 404, and finds a module whose name needs encoding", async () => {
    const { member } = await planOrganization("EE");
    expect((await moduleAction(runtime, member, "Payroll", "submit")).status).toBe(404);
    expect((await moduleAction(runtime, member, "financials", "submit")).status).toBe(404);
    const configuration = await submitModuleOk(runtime, member, "Commerce Connectors");
    expect(findModule(configuration, "Commerce Connectors").submitted).not.toBeNull();
  });
});

describe("submitting", () => {
  it("refuses a module with unanswered required questions and says how many are left", async () => {
    const { member } = await planOrganization();
    expect((await saveAnswers(runtime, member, [{ question_key: "fin-bank-accounts", value: 2 }])).status).toBe(200);
    const financials = findModule(await configurationOf(runtime, member), "Financials");
    const left = financials.required_total - financials.required_answered;
    expect(left).toBeGreaterThan(0);
    const response = await moduleAction(runtime, member, "Financials", "submit");
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(`Answer every required question before submitting: ${left} left`);
  });

  it("submits: read-only answers stamped with the time, the launchpad's flag set, events published", async () => {
    const { organizationId, member } = await planOrganization();
    expect((await launchpadOf(member)).flags.configuration_submitted).toBe(false);
    await answerRequiredQuestions(runtime, member, "Financials");
    const ready = findModule(await configurationOf(runtime, member), "Financials");
    expect(ready).toMatchObject({ can_submit: true, required_answered: ready.required_total });

    const before = await lastEventId(runtime, organizationId);
    const response = await moduleAction(runtime, member, "Financials", "submit");
    expect(response.status).toBe(200);
    const financials = findModule((await response.json()) as Configuration, "Financials");
    expect(financials).toMatchObject({ submitted: { at: expect.any(String), by_name: expect.any(String) }, can_submit: false, can_edit: false, can_reopen: false });
    expect(await eventTypesAfter(runtime, organizationId, before)).toEqual(["configurationChanged", "launchpadChanged"]);

    const launchpad = await launchpadOf(member);
    expect(launchpad.flags).toMatchObject({ nda_signed: true, estimate_exists: true, configuration_submitted: true });
    expect(launchpad.flag_percent).toBe(75);

    const stamped = await runtime.database.db
      .select({ questionId: configurationResponses.questionId })
      .from(configurationResponses)
      .where(and(eq(configurationResponses.organizationId, organizationId), isNotNull(configurationResponses.submittedAt)));
    expect(stamped.map((row) => row.questionId).sort()).toEqual(financials.questions.filter((question) => question.answer !== null).map((question) => question.key).sort());

    const edit = await saveAnswers(runtime, member, [{ question_key: "fin-bank-accounts", value: 7 }]);
    expect(edit.status).toBe(409);
    expect((await errorOf(edit)).message).toBe("This module has been submitted. Ask your provider to reopen it to change answers.");
    const again = await moduleAction(runtime, member, "Financials", "submit");
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("This module has already been submitted.");
    expect((await saveAnswers(runtime, member, [{ question_key: "gen-sponsor-named", value: true }])).status, "other modules stay open").toBe(200);
  });
});

describe("reopening", () => {
  it("lets an employee reopen with a reason; members are refused", async () => {
    const { organizationId, member } = await planOrganization();
    await submitModuleOk(runtime, member, "Financials");
    expect(findModule(await configurationOf(runtime, employee, organizationId), "Financials").can_reopen).toBe(true);

    expect((await moduleAction(runtime, member, "Financials", "reopen", { reason: "Change it" })).status).toBe(403);
    const short = await moduleAction(runtime, employee, "Financials", "reopen", { reason: " ok " }, organizationId);
    expect(short.status).toBe(400);
    expect((await errorOf(short)).details).toEqual([{ path: "reason", message: "Reason must be at least 3 characters" }]);
    expect((await moduleAction(runtime, employee, "Financials", "reopen", {}, organizationId)).status).toBe(400);
    expect((await moduleAction(runtime, employee, "Financials", "reopen", { reason: "x".repeat(501) }, organizationId)).status).toBe(400);

    const before = await lastEventId(runtime, organizationId);
    const response = await moduleAction(runtime, employee, "Financials", "reopen", { reason: "  The number of companies changed  " }, organizationId);
    expect(response.status).toBe(200);
    const financials = findModule((await response.json()) as Configuration, "Financials");
    expect(financials).toMatchObject({
      submitted: null,
      reopened: { at: expect.any(String), by_name: "Eva Employee", reason: "The number of companies changed" },
      can_edit: true,
      can_submit: true,
      can_reopen: false,
    });
    expect(await eventTypesAfter(runtime, organizationId, before)).toEqual(["configurationChanged", "launchpadChanged"]);
    expect((await launchpadOf(member)).flags.configuration_submitted).toBe(false);
    expect((await saveAnswers(runtime, member, [{ question_key: "fin-bank-accounts", value: 7 }])).status).toBe(200);

    const twice = await moduleAction(runtime, employee, "Financials", "reopen", { reason: "Again please" }, organizationId);
    expect(twice.status).toBe(409);
    expect((await moduleAction(runtime, employee, "Payroll", "reopen", { reason: "Again please" }, organizationId)).status).toBe(404);
  });
});

describe("export", () => {
  it("answers employees a CSV of every question with its answer, version and times", async () => {
    const { organizationId, organizationName, member } = await planOrganization();
    const segments = findQuestion(await configurationOf(runtime, member), "fin-subaccount-segments").options.slice(0, 2);
    await saveAnswers(runtime, member, [{ question_key: "fin-branches", value: "North" }]);
    await saveAnswers(runtime, member, [
      { question_key: "fin-branches", value: "North, South" },
      { question_key: "gen-main-pain-points", value: "=HYPERLINK(\"https://evil.example\")" },
      { question_key: "fin-subaccount-segments", value: segments },
      { question_key: "fin-multi-currency", value: true },
    ]);

    expect((await call(runtime, "/api/configuration/export", { as: member })).status).toBe(403);
    const response = await call(runtime, "/api/configuration/export", { as: employee, org: organizationId });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const slug = organizationName.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="configuration-${slug}-${today}.csv"`);
    expect((await configurationOf(runtime, employee, organizationId)).export_file_name).toBe(`configuration-${slug}-${today}.csv`);

    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Module,Question key,Prompt,Answer,Version,Saved at,Submitted at");
    const line = (key: string, module = "Financials") => lines.find((entry) => entry.startsWith(`${module},${key},`)) ?? "";
    expect(line("fin-branches")).toMatch(/,"North, South",2,\d{4}-\d{2}-\d{2}T[^,]+Z,$/);
    expect(line("fin-subaccount-segments")).toContain(`,${segments.join("; ")},1,`);
    expect(line("fin-multi-currency")).toContain(",Yes,1,");
    expect(line("gen-main-pain-points", "General"), "a formula is written as text").toContain(`,"'=HYPERLINK(""https://evil.example"")",1,`);
    expect(line("fin-number-of-companies")).toMatch(/,,,,$/);
  });
});
