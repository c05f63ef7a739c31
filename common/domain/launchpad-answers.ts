/**
 * Configuration questions the launchpad already answers. The questionnaire (and the launch plan's
 * lessons and surveys) ask about the number of companies, the base currency, the fiscal year's
 * start and periods and the target go-live date; Financial Setup and Timeline Planning ask the same. The launchpad page is
 * the one source: saving it records these answers as the questions' next versions, and the
 * questionnaire shows them read-only, linked to the page; an answer sent to them is refused.
 *
 * The keys are the default curriculum's; a curriculum without them asks everything in place.
 */

import { isIsoDate } from "./configuration-answers.ts";
import { PERIOD_TYPE_LABELS, fiscalYearStartOf, isPeriodType } from "./financial-calendar.ts";
import type { LaunchpadPageId } from "./launchpad.ts";

export const LAUNCHPAD_ANSWERED_QUESTIONS = {
  "fin-number-of-companies": "financial-setup",
  "fin-base-currency": "financial-setup",
  "fin-fiscal-year-start": "financial-setup",
  "fin-period-pattern": "financial-setup",
  "gen-target-go-live-date": "timeline-planning",
} as const satisfies Record<string, LaunchpadPageId>;

type AnsweredQuestionKey = keyof typeof LAUNCHPAD_ANSWERED_QUESTIONS;

export const LAUNCHPAD_ANSWERED_QUESTION_KEYS = Object.keys(LAUNCHPAD_ANSWERED_QUESTIONS) as AnsweredQuestionKey[];

/** The pages whose saved answers these questions are derived from. */
export const ANSWERING_PAGE_IDS: ReadonlySet<LaunchpadPageId> = new Set(Object.values(LAUNCHPAD_ANSWERED_QUESTIONS));

/** The launchpad page that answers this configuration question; null when it is asked in place. */
export function findAnsweringPage(questionKey: string): LaunchpadPageId | null {
  return Object.hasOwn(LAUNCHPAD_ANSWERED_QUESTIONS, questionKey) ? LAUNCHPAD_ANSWERED_QUESTIONS[questionKey as AnsweredQuestionKey] : null;
}

/** The refusal of an answer sent to a question a launchpad page answers. */
export function answeredElsewhereMessage(pageLabel: string): string {
  return `This answer comes from ${pageLabel}. Change it there.`;
}

export interface LaunchpadAnswerFacts {
  /** Financial Setup's saved answers (a draft may hold some); null when never saved. */
  financialSetup: unknown;
  /** Timeline Planning's saved answers; null when never saved. */
  timelinePlanning: unknown;
  /** Today, YYYY-MM-DD: the fiscal year is the one of the go-live date, or else the current one. */
  today: string;
}

export interface DerivedAnswer {
  questionKey: AnsweredQuestionKey;
  /** The answer as the question takes it; null when the page has not answered it (yet). */
  value: string | number | null;
}

function field(snapshot: unknown, name: string): unknown {
  return typeof snapshot === "object" && snapshot !== null ? (snapshot as Record<string, unknown>)[name] : undefined;
}

/** What the launchpad answers of the questionnaire, each question once. */
export function deriveLaunchpadAnswers(facts: LaunchpadAnswerFacts): DerivedAnswer[] {
  const entities = field(facts.financialSetup, "entities");
  const currency = field(facts.financialSetup, "base_currency");
  const period = field(facts.financialSetup, "period_type");
  const month = field(facts.financialSetup, "fiscal_year_start_month");
  const goLive = field(facts.timelinePlanning, "go_live_date");
  const goLiveDate = typeof goLive === "string" && isIsoDate(goLive) ? goLive : null;
  const startMonth = typeof month === "number" && Number.isInteger(month) && month >= 1 && month <= 12 ? month : null;
  return [
    // Each legal entity Financial Setup lists is a company that keeps its books in the ERP.
    { questionKey: "fin-number-of-companies", value: Array.isArray(entities) && entities.length > 0 ? entities.length : null },
    { questionKey: "fin-base-currency", value: typeof currency === "string" && /^[A-Z]{3}$/.test(currency) ? currency : null },
    { questionKey: "fin-fiscal-year-start", value: startMonth === null ? null : fiscalYearStartOf(startMonth, goLiveDate ?? facts.today) },
    { questionKey: "fin-period-pattern", value: isPeriodType(period) ? PERIOD_TYPE_LABELS[period] : null },
    { questionKey: "gen-target-go-live-date", value: goLiveDate },
  ];
}
