import { presentAnsweredIn } from "#common/contracts/answered-in";
import type { Configuration, ConfigurationModule, ConfigurationQuestion } from "#common/contracts/configuration";
import { type ConfigurationAnswer, type ConfigurationQuestionKind, readStoredAnswer } from "#common/domain/configuration-answers";
import { type PlanScopeFacts, choosePlanPlacements, resolvePlanScope } from "#common/domain/launch-plan-scope";
import type { Queryable } from "#server/db/database";
import { type MilestoneScopeRow, selectMilestoneScopeRows, selectPlanScopeFacts } from "#server/queries/launch-plan-scope.queries";
import {
  type LatestResponseRow,
  type QuestionPlacementRow,
  type QuestionRow,
  type SubmissionRow,
  selectLatestResponses,
  selectQuestionPlacements,
  selectSubmissions,
} from "./configuration.queries.ts";

/** The questionnaire as the service works with it: rows, before they are presented. */

export interface QuestionState {
  question: QuestionRow & { kind: ConfigurationQuestionKind };
  latest: LatestResponseRow | undefined;
  /** The latest answer as the question reads it; null when none or cleared. */
  answer: ConfigurationAnswer | null;
}

export interface ModuleState {
  module: string;
  questions: QuestionState[];
  submission: SubmissionRow | undefined;
}

export function isSubmitted(state: ModuleState): boolean {
  return state.submission?.isSubmitted === true;
}

export function requiredLeft(state: ModuleState): number {
  return state.questions.filter((entry) => entry.question.required && entry.answer === null).length;
}

/** The questions of the organization's plan (choosePlanPlacements), each once, by position. */
function selectPlanQuestions(placements: readonly QuestionPlacementRow[], facts: PlanScopeFacts, milestones: readonly MilestoneScopeRow[]): QuestionRow[] {
  return choosePlanPlacements(placements, resolvePlanScope(facts), milestones);
}

/** Questions grouped by module, modules in the order of their first question. */
function groupByModule(questions: readonly QuestionRow[], latest: readonly LatestResponseRow[], submissions: readonly SubmissionRow[]): ModuleState[] {
  const latestByKey = new Map(latest.map((row) => [row.questionId, row]));
  const submissionOf = new Map(submissions.map((row) => [row.module, row]));
  const modules = new Map<string, ModuleState>();
  for (const row of questions) {
    const question = { ...row, kind: row.kind as ConfigurationQuestionKind };
    const response = latestByKey.get(row.key);
    let state = modules.get(row.module);
    if (!state) {
      state = { module: row.module, questions: [], submission: submissionOf.get(row.module) };
      modules.set(row.module, state);
    }
    state.questions.push({ question, latest: response, answer: readStoredAnswer(question, response?.responseValue ?? null) });
  }
  return [...modules.values()];
}

/** The organization's questionnaire, read in five statements (inside the caller's transaction if given one). */
export async function loadQuestionnaire(db: Queryable, organizationId: string): Promise<ModuleState[]> {
  const [facts, milestones, placements, latest, submissions] = await Promise.all([
    selectPlanScopeFacts(db, organizationId),
    selectMilestoneScopeRows(db, organizationId),
    selectQuestionPlacements(db),
    selectLatestResponses(db, organizationId),
    selectSubmissions(db, organizationId),
  ]);
  return groupByModule(selectPlanQuestions(placements, facts, milestones), latest, submissions);
}

function presentQuestion({ question, latest, answer }: QuestionState): ConfigurationQuestion {
  return {
    key: question.key,
    prompt: question.prompt,
    help: question.help,
    kind: question.kind,
    options: question.options,
    required: question.required,
    answer,
    version: latest?.version ?? null,
    saved_at: latest?.createdAt.toISOString() ?? null,
    answered_in: presentAnsweredIn(question.key),
  };
}

function presentModule(state: ModuleState, isEmployee: boolean): ConfigurationModule {
  const { submission } = state;
  const submitted = isSubmitted(state);
  const required = state.questions.filter((entry) => entry.question.required);
  return {
    module: state.module,
    submitted: submitted ? { at: submission?.submittedAt?.toISOString() ?? null, by_name: submission?.submittedByName ?? null } : null,
    reopened:
      submission?.reopenedAt && submission.reopenReason !== null
        ? { at: submission.reopenedAt.toISOString(), by_name: submission.reopenedByName, reason: submission.reopenReason }
        : null,
    answered: state.questions.filter((entry) => entry.answer !== null).length,
    required_total: required.length,
    required_answered: required.filter((entry) => entry.answer !== null).length,
    questions: state.questions.map(presentQuestion),
    can_submit: !submitted && requiredLeft(state) === 0,
    can_edit: !submitted,
    can_reopen: isEmployee && submitted,
  };
}

export function presentConfiguration(modules: readonly ModuleState[], isEmployee: boolean, exportFileName: string | null): Configuration {
  return {
    modules: modules.map((state) => presentModule(state, isEmployee)),
    can_export: isEmployee,
    export_file_name: isEmployee ? exportFileName : null,
  };
}
