import type { EditionId } from "#common/domain/pricing";
import { saveAnswers } from "#server/features/configuration/configuration-answers.service";
import { getConfiguration, submitModule } from "#server/features/configuration/configuration.service";
import { createConnection } from "#server/features/data-connections/connection-writes.service";
import { getLaunchPlan } from "#server/features/launch-plan/launch-plan.service";
import { changeMilestoneStatus } from "#server/features/launch-plan/milestone-status.service";
import { saveLaunchpadPage } from "#server/features/launchpad/launchpad-pages.service";
import { countersignNda, signNda } from "#server/features/nda/nda-signing.service";
import { lockEstimate } from "#server/features/pricing-estimates/estimate-actions.service";
import { createEstimate } from "#server/features/pricing-estimates/estimate-saving.service";
import type { ConfigurationQuestion } from "#common/contracts/configuration";
import type { ConfigurationAnswer } from "#common/domain/configuration-answers";
import type { OrganizationSeed } from "./demo-seed-kit.ts";

/** The onboarding steps every started demo organization goes through, each through its feature's service. */

export async function signMutualNda(seed: OrganizationSeed, signer: { fullName: string; title: string }): Promise<void> {
  const { deps, organizationId } = seed;
  const nda = await signNda(deps.nda, organizationId, seed.member, { full_name: signer.fullName, title: signer.title, agreed: true }, deps.logger);
  await countersignNda(deps.nda, organizationId, seed.employee, nda.id, { full_name: seed.employee.fullName ?? "Provider", title: "Implementation Lead" }, deps.logger);
}

/** Completes the launchpad pages the member answers (the others complete through the NDA, the estimate and the connection). */
export async function completeLaunchpadPages(seed: OrganizationSeed, answersByPage: Record<string, Record<string, unknown>>): Promise<void> {
  for (const [pageId, answers] of Object.entries(answersByPage)) {
    await saveLaunchpadPage(seed.deps.launchpad, seed.organizationId, seed.member, pageId, { mode: "complete", answers });
  }
}

/** The member's calculator estimate (the first, so primary), locked by the employee. */
export async function saveLockedEstimate(seed: OrganizationSeed, name: string, edition: EditionId): Promise<void> {
  const estimate = await createEstimate(seed.deps.estimates, seed.organizationId, seed.member, { name, edition_id: edition, lines: [] });
  await lockEstimate(seed.deps.estimates, seed.organizationId, seed.employee, estimate.id);
}

export async function connectQuickBooks(seed: OrganizationSeed): Promise<void> {
  await createConnection(
    seed.deps.dataConnections,
    seed.organizationId,
    seed.member,
    {
      data_source_id: "quickbooks-online",
      name: "QuickBooks Online",
      description: "The books we migrate from",
      connection_config: { company_id: "123146096291789", client_id: "demo-client", client_secret: "demo-secret-not-real", environment: "sandbox" },
    },
    seed.deps.logger,
  );
}

/** Completes the plan's milestones in order until `share` of them are complete, as the member (confirming early completions). */
export async function completeMilestones(seed: OrganizationSeed, share: number): Promise<void> {
  const { deps, organizationId, member } = seed;
  const plan = await getLaunchPlan(deps.db, organizationId, member);
  const target = Math.round(plan.milestones.length * share);
  // The plan is read again after each completion: a completion may unlock the next milestone.
  for (let done = 0; done < target; done++) {
    const current = await getLaunchPlan(deps.db, organizationId, member);
    const next = current.milestones.find((milestone) => milestone.status !== "completed" && !milestone.lock.locked);
    if (!next) return;
    await changeMilestoneStatus(deps.db, organizationId, member, next.id, { action: "complete", confirmEarly: true }, deps.logger);
  }
}

/** A plausible answer by the question's kind, for the demo's questionnaire. */
function demoAnswerFor(question: Pick<ConfigurationQuestion, "kind" | "options">): ConfigurationAnswer {
  switch (question.kind) {
    case "single_choice":
      return question.options[0] ?? "";
    case "multiple_choice":
      return question.options.slice(0, 2);
    case "text":
      return "As agreed in the kick-off workshop";
    case "number":
      return 2;
    case "date":
      return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    case "yes_no":
      return true;
  }
}

/**
 * Answers the questionnaire's questions answered in place (launchpad pages answer the others):
 * the first `questionsPerModule` of each module, or all; then submits the modules when asked.
 */
export async function answerConfiguration(seed: OrganizationSeed, options: { questionsPerModule?: number; submit: boolean; modules?: number }): Promise<void> {
  const { deps, organizationId, member } = seed;
  const configuration = await getConfiguration(deps.db, organizationId, member);
  const modules = configuration.modules.slice(0, options.modules ?? configuration.modules.length);
  const questions = modules.flatMap((module) => module.questions.filter((question) => question.answered_in === null).slice(0, options.questionsPerModule));
  const answers = questions.filter((question) => question.answer === null).map((question) => ({ question_key: question.key, value: demoAnswerFor(question) }));
  if (answers.length > 0) await saveAnswers(deps.db, organizationId, { answers }, deps.logger);
  if (!options.submit) return;
  for (const module of modules) await submitModule(deps.configuration, organizationId, member, module.module, deps.logger);
}
