/** The launchpad checklist and its two completion readings (spec §1, §4, §9). */

import { isNdaSigned } from "./nda-status.ts";

/** The launchpad pages in the order the spec lists them (launchpad_progress.page_id). */
export const LAUNCHPAD_PAGE_IDS = [
  "business-setup",
  "distribution",
  "manufacturing",
  "ecommerce",
  "subscription-price",
  "financial-setup",
  "timeline-planning",
  "data-setup",
  "nda",
  "acumatica-tenant",
] as const;
export type LaunchpadPageId = (typeof LAUNCHPAD_PAGE_IDS)[number];

export interface LaunchpadPage {
  id: LaunchpadPageId;
  label: string;
  /** The in-app path of the page. */
  route: string;
}

export const LAUNCHPAD_PAGES: readonly LaunchpadPage[] = [
  { id: "business-setup", label: "Business Setup", route: "/goals" },
  { id: "distribution", label: "Distribution", route: "/distribution" },
  { id: "manufacturing", label: "Manufacturing", route: "/manufacturing" },
  { id: "ecommerce", label: "Ecommerce", route: "/ecommerce" },
  { id: "subscription-price", label: "Subscription Price", route: "/price" },
  { id: "financial-setup", label: "Financial Setup", route: "/financial-calendar" },
  { id: "timeline-planning", label: "Timeline Planning", route: "/timeline" },
  { id: "data-setup", label: "Data Setup", route: "/data-connection" },
  { id: "nda", label: "NDA", route: "/nda" },
  { id: "acumatica-tenant", label: "ERP Tenant", route: "/acumatica-tenant" },
];

export const LAUNCHPAD_PAGE_COUNT = 10;
/** The member view's flags: NDA signed, estimate, data connection, configuration submitted. */
export const LAUNCHPAD_FLAG_COUNT = 4;
/** Background recalculation runs at most once per this interval unless forced. */
export const RECALCULATION_THROTTLE_MS = 30_000;

export function isLaunchpadPageId(value: string): value is LaunchpadPageId {
  return (LAUNCHPAD_PAGE_IDS as readonly string[]).includes(value);
}

export function findLaunchpadPage(id: string): LaunchpadPage | undefined {
  return LAUNCHPAD_PAGES.find((page) => page.id === id);
}

/**
 * Page-based completion: distinct known pages completed out of 10, as a rounded percentage.
 * Unknown page ids and repeats are ignored, so stray rows can never push it past 100.
 */
export function computePageCompletion(completedPageIds: Iterable<string>): number {
  const known = new Set([...completedPageIds].filter(isLaunchpadPageId));
  return Math.round((known.size / LAUNCHPAD_PAGE_COUNT) * 100);
}

export interface LaunchpadFlags {
  ndaSigned: boolean;
  /** Any pricing estimate exists. */
  estimateExists: boolean;
  /** Any data connection exists. */
  dataConnectionExists: boolean;
  /** Any module submission has is_submitted. */
  configurationSubmitted: boolean;
}

/** Flag-based completion (member view): the rounded share of the four flags that are true. */
export function computeFlagCompletion(flags: LaunchpadFlags): number {
  const done = [flags.ndaSigned, flags.estimateExists, flags.dataConnectionExists, flags.configurationSubmitted].filter(
    Boolean,
  ).length;
  return Math.round((done / LAUNCHPAD_FLAG_COUNT) * 100);
}

/** The risk-free trial is enabled once the NDA is signed and an estimate exists. */
export function isTrialEnabled(facts: { ndaSigned: boolean; estimateExists: boolean }): boolean {
  return facts.ndaSigned && facts.estimateExists;
}

/**
 * Whether a background recalculation may run now: forced, never run before, or the last run is
 * at least 30 s old. A clock that went backwards counts as due rather than blocking for good.
 */
export function isRecalculationDue(options: { lastRunAt: number | null; now: number; force?: boolean }): boolean {
  const { lastRunAt, now, force = false } = options;
  if (force || lastRunAt === null) return true;
  const elapsed = now - lastRunAt;
  return elapsed < 0 || elapsed >= RECALCULATION_THROTTLE_MS;
}

/** A saved page as launchpad_progress holds it; rows carry more, which the readings keep. */
export interface LaunchpadPageProgress {
  pageId: string;
  isCompleted: boolean;
}

/** The stored facts the four flags are read from. */
export interface LaunchpadFlagFacts {
  /** The newest NDA's status; null when there is none. */
  ndaStatus: string | null;
  estimateExists: boolean;
  dataConnectionExists: boolean;
  configurationSubmitted: boolean;
}

/** What the launchpad, the dashboard and the trial status are read from. */
export interface LaunchpadReadings<Row extends LaunchpadPageProgress> {
  /** The saved rows of known pages, by page id. */
  rows: ReadonlyMap<LaunchpadPageId, Row>;
  completed: ReadonlySet<LaunchpadPageId>;
  flags: LaunchpadFlags;
  pagePercent: number;
  flagPercent: number;
  trialEnabled: boolean;
}

/** Both readings and the trial from the saved pages and the facts; unknown page ids are dropped. */
export function computeLaunchpadReadings<Row extends LaunchpadPageProgress>(
  facts: LaunchpadFlagFacts,
  progress: readonly Row[],
): LaunchpadReadings<Row> {
  const rows = new Map<LaunchpadPageId, Row>();
  for (const row of progress) if (isLaunchpadPageId(row.pageId)) rows.set(row.pageId, row);
  // The same basis as the access rules' launchpad percentage: completed page rows.
  const completed = new Set([...rows].filter(([, row]) => row.isCompleted).map(([pageId]) => pageId));
  const flags: LaunchpadFlags = {
    ndaSigned: isNdaSigned(facts.ndaStatus),
    estimateExists: facts.estimateExists,
    dataConnectionExists: facts.dataConnectionExists,
    configurationSubmitted: facts.configurationSubmitted,
  };
  return {
    rows,
    completed,
    flags,
    pagePercent: computePageCompletion(completed),
    flagPercent: computeFlagCompletion(flags),
    trialEnabled: isTrialEnabled(flags),
  };
}
