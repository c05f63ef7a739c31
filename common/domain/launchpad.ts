/** The launchpad checklist and its two completion readings (spec §1, §4, §9). */

import { hasBusinessAspect } from "./business-aspect-match.ts";
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

/** The pages each business aspect brings (Business Setup's answer decides which setup pages follow). */
export const ASPECT_PAGES = {
  distribution: "Distribution",
  manufacturing: "Manufacturing",
  ecommerce: "eCommerce",
} as const satisfies Partial<Record<LaunchpadPageId, string>>;
export type AspectPageId = keyof typeof ASPECT_PAGES;

export function isAspectPageId(pageId: string): pageId is AspectPageId {
  return Object.hasOwn(ASPECT_PAGES, pageId);
}

/** The longest reason a page may be answered "This does not apply to us" with. */
export const NOT_APPLICABLE_REASON_MAX = 200;

/**
 * The pages outside the organization's business aspects: a services-only company has no
 * Distribution, Manufacturing or Ecommerce to set up. Before Business Setup names any aspect,
 * every page applies.
 */
export function findPagesOutsideAspects(businessAspects: readonly string[]): Set<LaunchpadPageId> {
  if (businessAspects.length === 0) return new Set();
  const outside = Object.entries(ASPECT_PAGES).filter(([, aspect]) => !hasBusinessAspect(businessAspects, aspect));
  return new Set(outside.map(([pageId]) => pageId as LaunchpadPageId));
}

/**
 * The pages that count as done: completed (answered, or answered "does not apply"), or outside
 * the business aspects. Both completion readings and the Launch Plan's lock count these.
 */
export function findDonePages(completedPageIds: Iterable<string>, businessAspects: readonly string[]): Set<LaunchpadPageId> {
  const done = new Set([...completedPageIds].filter(isLaunchpadPageId));
  for (const pageId of findPagesOutsideAspects(businessAspects)) done.add(pageId);
  return done;
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
  /** Set when the page was answered "This does not apply to us" (and so completed). */
  notApplicableReason: string | null;
}

/** A page's state in the checklist, the dashboard and the navigation. */
export type LaunchpadPageStatus = "complete" | "not_applicable" | "incomplete";

/** The stored facts the four flags are read from. */
export interface LaunchpadFlagFacts {
  /** The newest submitted business-aspects answer, read (readBusinessAspects). */
  businessAspects: readonly string[];
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
  /** Pages outside the business aspects and not completed: done without an answer. */
  outsideAspects: ReadonlySet<LaunchpadPageId>;
  /** Completed or outside the business aspects: what the page reading counts. */
  done: ReadonlySet<LaunchpadPageId>;
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
  // The same basis as the access rules' launchpad percentage: completed page rows and the pages
  // outside the business aspects.
  const completed = new Set([...rows].filter(([, row]) => row.isCompleted).map(([pageId]) => pageId));
  const done = findDonePages(completed, facts.businessAspects);
  const outsideAspects = new Set([...done].filter((pageId) => !completed.has(pageId)));
  const flags: LaunchpadFlags = {
    ndaSigned: isNdaSigned(facts.ndaStatus),
    estimateExists: facts.estimateExists,
    dataConnectionExists: facts.dataConnectionExists,
    configurationSubmitted: facts.configurationSubmitted,
  };
  return {
    rows,
    completed,
    outsideAspects,
    done,
    flags,
    pagePercent: computePageCompletion(done),
    flagPercent: computeFlagCompletion(flags),
    trialEnabled: isTrialEnabled(flags),
  };
}

/** How a page shows: answered "does not apply" or outside the aspects is "not_applicable". */
export function launchpadPageStatus(readings: LaunchpadReadings<LaunchpadPageProgress>, pageId: LaunchpadPageId): LaunchpadPageStatus {
  const row = readings.rows.get(pageId);
  if (row?.isCompleted) return row.notApplicableReason === null ? "complete" : "not_applicable";
  return readings.outsideAspects.has(pageId) ? "not_applicable" : "incomplete";
}
