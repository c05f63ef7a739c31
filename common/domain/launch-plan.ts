/** The launch plan's rules: lesson and course progress, milestone locks and order, plan scope (spec §4, §5, §9). */

/** user_topic_progress.completion_status; a topic without a row is not started. */
export const TOPIC_STATUSES = ["in_progress", "complete"] as const;
export type TopicStatus = (typeof TOPIC_STATUSES)[number];

/** user_course_progress.completion_status. */
export const COURSE_STATUSES = ["not_started", "in_progress", "complete"] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/** milestone_organizations.completion_status; note "completed", where topics and courses say "complete". */
export const MILESTONE_STATUSES = ["not_started", "in_progress", "completed"] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

/** Where a milestone without a position sorts: after every positioned one. */
export const MILESTONE_POSITION_FALLBACK = 999;
export const BREADCRUMB_LABEL_MAX = 60;

const ELLIPSIS = "…";
const UNKNOWN_MILESTONE_TITLE = "Unknown milestone";
const LOCK_REASON_PREFIX = "Complete the following milestones first: ";

// ---------------------------------------------------------------------------------------------
// Lessons and courses

export interface LessonSummary {
  completedTopics: number;
  totalTopics: number;
  answeredQuestions: number;
  totalQuestions: number;
  isComplete: boolean;
  hasProgress: boolean;
  /** The sidebar's count; null when the lesson has neither topics nor questions. */
  label: string | null;
}

/**
 * A lesson from its topics' statuses (null: no progress row) and whether each linked question
 * has an answer. Topics decide completion when there are any; questions only stand in for them.
 */
export function summarizeLesson(input: {
  topicStatuses: readonly (TopicStatus | null)[];
  questionsAnswered: readonly boolean[];
}): LessonSummary {
  const totalTopics = input.topicStatuses.length;
  const completedTopics = input.topicStatuses.filter((status) => status === "complete").length;
  const totalQuestions = input.questionsAnswered.length;
  const answeredQuestions = input.questionsAnswered.filter(Boolean).length;
  // An empty lesson is not complete: there is nothing the member did to finish it.
  const isComplete =
    totalTopics > 0 ? completedTopics === totalTopics : totalQuestions > 0 && answeredQuestions === totalQuestions;
  const hasProgress = input.topicStatuses.some((status) => status !== null) || answeredQuestions > 0;
  return {
    completedTopics,
    totalTopics,
    answeredQuestions,
    totalQuestions,
    isComplete,
    hasProgress,
    label: formatLessonLabel({ completedTopics, totalTopics, answeredQuestions, totalQuestions }),
  };
}

function formatLessonLabel(counts: {
  completedTopics: number;
  totalTopics: number;
  answeredQuestions: number;
  totalQuestions: number;
}): string | null {
  if (counts.totalTopics > 0) return `${counts.completedTopics}/${counts.totalTopics} topics complete`;
  if (counts.totalQuestions > 0) return `${counts.answeredQuestions}/${counts.totalQuestions} questions answered`;
  return null;
}

export interface CourseSummary {
  percent: number;
  status: CourseStatus;
  completedLessons: number;
  totalLessons: number;
}

/**
 * A course from its lessons: the rounded share of complete lessons. 100 % means every lesson is
 * complete, so a share that rounds up to 100 (199 of 200) shows 99 until the last one is done.
 */
export function summarizeCourse(lessons: readonly LessonSummary[]): CourseSummary {
  const totalLessons = lessons.length;
  const completedLessons = lessons.filter((lesson) => lesson.isComplete).length;
  const allComplete = totalLessons > 0 && completedLessons === totalLessons;
  const rounded = totalLessons === 0 ? 0 : Math.round((completedLessons / totalLessons) * 100);
  const percent = allComplete ? 100 : Math.min(rounded, 99);
  const status: CourseStatus = allComplete
    ? "complete"
    : lessons.some((lesson) => lesson.hasProgress)
      ? "in_progress"
      : "not_started";
  return { percent, status, completedLessons, totalLessons };
}

// ---------------------------------------------------------------------------------------------
// Milestones

export interface MilestoneLockFacts {
  /** Null when the milestone has no title. */
  title: string | null;
  status: MilestoneStatus;
  /** Whether the milestone is in this organization's plan. */
  inPlan: boolean;
}

export type MilestoneLock = { locked: false } | { locked: true; reason: string; blockingIds: string[] };

/**
 * Whether a milestone is locked by its prerequisites, with the reason to show. A prerequisite
 * outside the organization's plan never locks, since they could never complete it; an id that
 * names no milestone at all does lock, as "Unknown milestone", so a broken link stays visible.
 */
export function findMilestoneLock(
  prerequisiteIds: readonly string[],
  milestones: ReadonlyMap<string, MilestoneLockFacts>,
): MilestoneLock {
  const blockingIds: string[] = [];
  const titles: (string | null)[] = [];
  for (const id of new Set(prerequisiteIds)) {
    const prerequisite = milestones.get(id);
    if (prerequisite !== undefined && (!prerequisite.inPlan || prerequisite.status === "completed")) continue;
    blockingIds.push(id);
    titles.push(prerequisite?.title ?? null);
  }
  if (blockingIds.length === 0) return { locked: false };
  return { locked: true, reason: formatMilestoneLockReason(titles), blockingIds };
}

/** The lock reason for the blocking prerequisites' titles, in order; a missing title reads "Unknown milestone". */
export function formatMilestoneLockReason(titles: readonly (string | null)[]): string {
  const names = titles.map((title) => title?.trim() || UNKNOWN_MILESTONE_TITLE);
  return LOCK_REASON_PREFIX + names.join(", ");
}

export interface PositionedMilestone {
  position: number | null;
  title: string;
}

/** Position order (a missing position counts as 999), then title. */
export function compareMilestonePositions(a: PositionedMilestone, b: PositionedMilestone): number {
  const byPosition = (a.position ?? MILESTONE_POSITION_FALLBACK) - (b.position ?? MILESTONE_POSITION_FALLBACK);
  // Code points last, so titles that collate alike still sort the same on the server and in the browser.
  return byPosition || a.title.localeCompare(b.title, "en-US") || compareCodePoints(a.title, b.title);
}

/** A sorted copy; the input is left as it was. */
export function sortMilestonesByPosition<T extends PositionedMilestone>(items: readonly T[]): T[] {
  return [...items].sort(compareMilestonePositions);
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export type MilestoneAction = "start" | "complete" | "reopen";

/**
 * The status an action moves a milestone to, or null when there is nothing to do (starting a
 * started milestone, completing a completed one, reopening one that is not completed). Completing
 * may skip the start; reopening goes back to in progress, since the work done stays.
 */
export function nextMilestoneStatus(current: MilestoneStatus, action: MilestoneAction): MilestoneStatus | null {
  if (action === "start") return current === "not_started" ? "in_progress" : null;
  if (action === "reopen") return current === "completed" ? "in_progress" : null;
  return current === "completed" ? null : "completed";
}

// ---------------------------------------------------------------------------------------------
// Breadcrumbs

/**
 * A label cut to at most `max` characters, the ellipsis included, with the space before the
 * ellipsis trimmed. Counts code points, so an emoji is never split in half.
 */
export function truncateLabel(label: string, max: number = BREADCRUMB_LABEL_MAX): { text: string; truncated: boolean } {
  const characters = [...label];
  if (characters.length <= max) return { text: label, truncated: false };
  const kept = characters.slice(0, Math.max(0, max - 1)).join("").trimEnd();
  return { text: kept + ELLIPSIS, truncated: true };
}

// ---------------------------------------------------------------------------------------------
// Plan scope

export type PlanScopeSource = "locked_estimate" | "estimate" | "business_aspects" | "none";

/** The ERP modules an organization's plan covers, and where they were read from. */
export interface PlanScope {
  source: PlanScopeSource;
  modules: readonly string[];
}

/** milestone_organizations.plan_override: an employee's choice, which wins over the scope. */
export type PlanOverride = "include" | "exclude";

export interface PlanInclusion {
  included: boolean;
  reason: string;
}

/**
 * Whether a milestone or course is in the organization's plan, and why, in words for the member.
 * Modules match case-insensitively and are named as the item spells them, in its order. A scope
 * from source "none" matches nothing, whatever modules it carries.
 */
/** Modules every edition's subscription includes (the price list's Core rows of every edition). */
export const SUBSCRIPTION_BASE_MODULES: readonly string[] = ["Financials"];

export function decidePlanInclusion(input: {
  modules: readonly string[];
  scope: PlanScope;
  override: PlanOverride | null;
}): PlanInclusion {
  if (input.override === "exclude") return { included: false, reason: "Removed from your plan by the provider's team" };
  if (input.override === "include") return { included: true, reason: "Added to your plan by the provider's team" };
  const modules = dedupeModules(input.modules);
  if (modules.length === 0) return { included: true, reason: "Part of every launch plan" };
  const { source } = input.scope;
  if (source !== "none") {
    const inScope = new Set(input.scope.modules.map(normalizeModule));
    const matching = modules.filter((module) => inScope.has(normalizeModule(module)));
    if (matching.length > 0) {
      return { included: true, reason: formatIncludedReason(source, formatModuleList(matching, "and")) };
    }
  }
  // Without an estimate the plan still knows what every subscription has.
  if (source === "none" || source === "business_aspects") {
    const base = modules.filter((module) => SUBSCRIPTION_BASE_MODULES.some((entry) => normalizeModule(entry) === normalizeModule(module)));
    if (base.length > 0) return { included: true, reason: `Included because every subscription has ${formatModuleList(base, "and")}` };
  }
  return { included: false, reason: formatExcludedReason(source, formatModuleList(modules, "or")) };
}

function formatIncludedReason(source: Exclude<PlanScopeSource, "none">, named: string): string {
  switch (source) {
    case "locked_estimate":
      return `Included because your locked estimate has ${named}`;
    case "estimate":
      return `Included because your estimate has ${named}`;
    case "business_aspects":
      return `Included because your business aspects include ${named}`;
  }
}

function formatExcludedReason(source: PlanScopeSource, named: string): string {
  switch (source) {
    case "locked_estimate":
      return `Not in your plan: your locked estimate has no ${named}`;
    case "estimate":
      return `Not in your plan: your estimate has no ${named}`;
    case "business_aspects":
      return `Not in your plan: your business aspects do not include ${named}`;
    case "none":
      return `Not in your plan: no estimate or business aspects name ${named}`;
  }
}

function normalizeModule(module: string): string {
  return module.trim().toLowerCase();
}

/** Blank names dropped, repeats (in any case) named once, as first spelled. */
function dedupeModules(modules: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const module of modules) {
    const key = normalizeModule(module);
    if (key === "" || seen.has(key)) continue;
    seen.add(key);
    kept.push(module.trim());
  }
  return kept;
}

/** "A", "A and B", "A, B and C" (or "or"); no serial comma. */
export function formatModuleList(modules: readonly string[], conjunction: "and" | "or"): string {
  if (modules.length <= 1) return modules[0] ?? "";
  return `${modules.slice(0, -1).join(", ")} ${conjunction} ${modules[modules.length - 1]}`;
}
