import { expect } from "vitest";
import type { Configuration, SavedConfigurationAnswers } from "#common/contracts/configuration";
import type { Runtime } from "#server/runtime";
import { answerRequiredQuestions, configurationOf, givePlan, findModule, findQuestion, saveAnswers, submitModuleOk } from "#tests/configuration-test-kit";
import { call } from "#tests/factories";
import type { CallerKind, Expected, MatrixEntry, RouteCall, World } from "#tests/tenant-matrix-rows";
import { fixture } from "#tests/tenant-matrix-fixture";

/**
 * Tenant-matrix rows of the configuration questionnaire, merged into the matrix by
 * tests/tenant-matrix-rows.ts. Types only come from there, so neither module needs the other at
 * load time. The routes are behind A's NDA, so each row's setup signs it first, and gives A a plan
 * with Financials (the questionnaire holds only the plan's questions). A's answers count as A's data.
 */

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const EMPLOYEE_ORGANIZATION: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 403 };

/** A text question of Financials, a module of every plan. */
const TEXT_QUESTION = "fin-branches";
/** Each insider submits a module of its own, both in every plan. */
const MODULE_OF: Record<CallerKind, string> = { anonymous: "Financials", memberA: "Financials", employeeNamingA: "General", memberBNamingA: "General" };

const get = (path: string) => (): RouteCall => ({ method: "GET", path });
const modulePath = (module: string, action: "submit" | "reopen") => `/api/configuration/modules/${encodeURIComponent(module)}/${action}`;

export function configurationMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  /** Signs A's NDA and gives A a plan with Financials (an FE estimate). */
  async function signNdaForA(world: World): Promise<void> {
    const response = await call(runtime(), "/api/nda/sign", { method: "POST", as: world.memberA, body: { full_name: `Signer ${world.tag}`, title: "CFO", agreed: true } });
    expect(response.status).toBe(201);
    world.secretsOfA.push(`Signer ${world.tag}`);
    await givePlan(runtime(), world.memberA);
  }

  /** Signs A's NDA and has member A answer the text question with a value only A may see. */
  async function answerForA(world: World): Promise<void> {
    await signNdaForA(world);
    const secret = `Branches of A ${world.tag}`;
    world.secretsOfA.push(secret);
    world.fixtures.answer = secret;
    expect((await saveAnswers(runtime(), world.memberA, [{ question_key: TEXT_QUESTION, value: secret }])).status).toBe(200);
  }

  const configurationOfA = (world: World) => configurationOf(runtime(), world.memberA);

  return {
    getConfiguration: {
      setup: answerForA,
      call: get("/api/configuration"),
      expect: ORGANIZATION,
      check: (caller, body, world) => {
        const configuration = body as Configuration;
        expect(findQuestion(configuration, TEXT_QUESTION).answer).toBe(fixture(world, "answer"));
        expect(configuration.can_export).toBe(caller === "employeeNamingA");
      },
    },
    saveConfigurationAnswers: {
      setup: signNdaForA,
      call: (caller, world) => {
        const value = `Saved by ${caller} ${world.tag}`;
        world.secretsOfA.push(value);
        return { method: "PUT", path: "/api/configuration/responses", body: { answers: [{ question_key: TEXT_QUESTION, value }] } };
      },
      expect: ORGANIZATION,
      check: (caller, body, world) => {
        expect((body as SavedConfigurationAnswers).answers).toEqual([
          { question_key: TEXT_QUESTION, answer: `Saved by ${caller} ${world.tag}`, version: caller === "memberA" ? 1 : 2, saved_at: expect.any(String) },
        ]);
      },
      verify: async (world) => {
        expect(findQuestion(await configurationOfA(world), TEXT_QUESTION)).toMatchObject({ answer: `Saved by employeeNamingA ${world.tag}`, version: 2 });
      },
    },
    submitConfigurationModule: {
      setup: async (world) => {
        await answerForA(world);
        await answerRequiredQuestions(runtime(), world.memberA, "Financials");
        await answerRequiredQuestions(runtime(), world.memberA, "General");
      },
      call: (caller) => ({ method: "POST", path: modulePath(MODULE_OF[caller], "submit") }),
      expect: ORGANIZATION,
      check: (caller, body) => expect(findModule(body as Configuration, MODULE_OF[caller]).submitted).not.toBeNull(),
      verify: async (world) => {
        const configuration = await configurationOfA(world);
        expect(findModule(configuration, "Financials").submitted).not.toBeNull();
        expect(findModule(configuration, "General").submitted).not.toBeNull();
      },
    },
    reopenConfigurationModule: {
      setup: async (world) => {
        await signNdaForA(world);
        await submitModuleOk(runtime(), world.memberA, "Financials");
      },
      call: (caller, world) => ({ method: "POST", path: modulePath("Financials", "reopen"), body: { reason: `Reopened by ${caller} ${world.tag}` } }),
      expect: EMPLOYEE_ORGANIZATION,
      check: (_caller, body, world) => {
        expect(findModule(body as Configuration, "Financials")).toMatchObject({ submitted: null, reopened: { reason: `Reopened by employeeNamingA ${world.tag}` } });
      },
      verify: async (world) => expect(findModule(await configurationOfA(world), "Financials").can_edit).toBe(true),
    },
    exportConfiguration: {
      setup: answerForA,
      call: get("/api/configuration/export"),
      expect: EMPLOYEE_ORGANIZATION,
      verify: async (world) => {
        const response = await call(runtime(), "/api/configuration/export", { as: world.employee, org: world.orgA.id });
        expect(response.status).toBe(200);
        const csv = await response.text();
        expect(csv).toContain(`Financials,${TEXT_QUESTION},`);
        expect(csv).toContain(fixture(world, "answer"));
      },
    },
  };
}
