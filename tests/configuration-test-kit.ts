import { expect } from "vitest";
import type { Configuration, ConfigurationModule, ConfigurationQuestion } from "#common/contracts/configuration";
import type { ConfigurationAnswer } from "#common/domain/configuration-answers";
import type { EditionId } from "#common/domain/pricing";
import type { Runtime } from "#server/runtime";
import { type TestUser, call } from "./factories.ts";
import { completePage } from "./onboarding-test-kit.ts";
import { createEstimateOk } from "./pricing-test-kit.ts";

/**
 * Helpers of the configuration questionnaire's tests (the feature's own and the tenant matrix).
 * The curriculum is global and shared by every file on PostgreSQL: tests read the questions they
 * use through the API and name them by their keys in the default curriculum.
 */

/**
 * Gives the organization a plan through its first (so primary) estimate of the edition, with its
 * base and core lines only: FE has Financials and no Manufacturing; EE has Financials,
 * Distribution, Manufacturing and Commerce.
 */
export async function givePlan(runtime: Runtime, as: TestUser, edition: EditionId = "FE", org?: string): Promise<void> {
  await createEstimateOk(runtime, as, { name: `${edition} plan`, edition_id: edition, lines: [] }, org);
}

export function readConfiguration(runtime: Runtime, as: TestUser, org?: string): Promise<Response> {
  return call(runtime, "/api/configuration", { as, org });
}

/** The questionnaire, expected to load. */
export async function configurationOf(runtime: Runtime, as: TestUser, org?: string): Promise<Configuration> {
  const response = await readConfiguration(runtime, as, org);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

export function findModule(configuration: Configuration, module: string): ConfigurationModule {
  const found = configuration.modules.find((entry) => entry.module === module);
  if (!found) throw new Error(`no module ${module} in the questionnaire (${configuration.modules.map((entry) => entry.module).join(", ")})`);
  return found;
}

export function findQuestion(configuration: Configuration, key: string): ConfigurationQuestion {
  const found = configuration.modules.flatMap((entry) => entry.questions).find((question) => question.key === key);
  if (!found) throw new Error(`no question ${key} in the questionnaire`);
  return found;
}

export function saveAnswers(runtime: Runtime, as: TestUser, answers: unknown, org?: string): Promise<Response> {
  return call(runtime, "/api/configuration/responses", { method: "PUT", as, org, body: { answers } });
}

export function moduleAction(runtime: Runtime, as: TestUser, module: string, action: "submit" | "reopen", body?: unknown, org?: string): Promise<Response> {
  return call(runtime, `/api/configuration/modules/${encodeURIComponent(module)}/${action}`, { method: "POST", as, org, body });
}

/** A valid answer for any question, by its kind. */
export function validAnswerFor(question: Pick<ConfigurationQuestion, "kind" | "options">): ConfigurationAnswer {
  switch (question.kind) {
    case "single_choice":
      return question.options[0] ?? "";
    case "multiple_choice":
      return question.options.slice(0, 1);
    case "text":
      return "Answered for the test";
    case "number":
      return 3;
    case "date":
      return "2030-01-15";
    case "yes_no":
      return true;
  }
}

/**
 * Answers every required question of the module (as `as`) and expects the save to work; those a
 * launchpad page answers (Financial Setup, Timeline Planning) by completing that page, as a user would.
 */
export async function answerRequiredQuestions(runtime: Runtime, as: TestUser, module: string, org?: string): Promise<void> {
  const questions = findModule(await configurationOf(runtime, as, org), module).questions.filter((question) => question.required);
  const pages = new Set(questions.flatMap((question) => (question.answered_in && question.answer === null ? [question.answered_in.page_id] : [])));
  for (const pageId of pages) await completePage(runtime, as, pageId, org);
  const answers = questions.filter((question) => question.answered_in === null).map((question) => ({ question_key: question.key, value: validAnswerFor(question) }));
  if (answers.length === 0) return;
  const response = await saveAnswers(runtime, as, answers, org);
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Answers the module's required questions and submits it, expecting both to work. */
export async function submitModuleOk(runtime: Runtime, as: TestUser, module: string, org?: string): Promise<Configuration> {
  await answerRequiredQuestions(runtime, as, module, org);
  const response = await moduleAction(runtime, as, module, "submit", undefined, org);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}
