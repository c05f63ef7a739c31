import { type SQL, asc, inArray, sql } from "drizzle-orm";
import { ACTION_LOG_DONE_STATUSES } from "#common/domain/action-log";
import { BUSINESS_ASPECTS_QUESTION_ID } from "#common/domain/business-aspects";
import { WORKSPACE_EXTENSION_IDS } from "#common/domain/extensions";
import type { Database, Queryable } from "#server/db/database";
import { type OrganizationProgress, type StoredProgressFacts, deriveOrganizationProgress } from "#common/domain/organization-progress";
import { readJsonValue } from "#server/db/json-value";
import {
  actionLogs,
  configurationResponses,
  dataConnections,
  extensionWorkspaces,
  launchpadProgress,
  milestoneOrganizations,
  milestones,
  moduleSubmissionStatus,
  ndas,
  organizationExtensions,
  organizations,
  pricingEstimateLines,
  pricingEstimates,
  realtimeEvents,
} from "#server/db/schema/index";
import { selectQuestionPlacements } from "./question-placements.queries.ts";

/**
 * Every fact the readiness score (common/domain/readiness-score.ts), the employees' portfolio and
 * the dashboards read about organizations, in ONE statement for any number of them: each column a
 * subquery correlated with the organization's row. Inside sql`` Drizzle writes column names
 * unqualified, so every subquery names its table with an alias and `o.id` by hand.
 */

const done = sql.join(ACTION_LOG_DONE_STATUSES.map((status) => sql`${status}`), sql`, `);
const today = sql`(now() at time zone o.time_zone)::date`;
const workspaceExtensions = sql.join(WORKSPACE_EXTENSION_IDS.map((id) => sql`${id}`), sql`, `);

function estimateModules(condition: SQL): SQL {
  return sql`(select coalesce(json_agg(distinct l.module) filter (where l.module is not null), '[]'::json)
    from ${pricingEstimates} e left join ${pricingEstimateLines} l on l.header_id = e.id and l.status = 'active'
    where e.organization_id = o.id and ${condition} group by e.id)`;
}

const count = (from: SQL) => sql<number>`(select count(*) from ${from})`.mapWith(Number);

export interface ReadinessFactsRow {
  organizationId: string;
  organizationName: string;
  /** The organization's today and the day it joined, in its own time zone (YYYY-MM-DD). */
  today: string;
  joinedOn: string;
  ndaStatus: string | null;
  completedPages: unknown;
  businessAspects: unknown;
  /** The Timeline Planning page's go-live date, as saved. */
  goLiveDate: string | null;
  /** The primary estimate's lock: null without a primary estimate. */
  primaryLocked: boolean | null;
  lockedModules: unknown;
  primaryModules: unknown;
  dataConnections: number;
  submittedModules: unknown;
  /** [{ id, status, override }] of the organization's milestone rows. */
  milestoneStates: unknown;
  /** [[impact, likelihood]] of its open risks. */
  openRisks: unknown;
  overdueEntries: number;
  openHelpRequests: number;
  /** Active extensions with a workspace to prepare, and those whose workspace is submitted. */
  activeExtensions: number;
  submittedWorkspaces: number;
  lastActivityAt: Date | null;
}

/** The facts of the named organizations, or of every organization; sorted by name. */
export function selectReadinessFacts(db: Queryable, organizationIds: readonly string[] | "all"): Promise<ReadinessFactsRow[]> {
  const query = db
    .select({
      organizationId: sql<string>`o.id`,
      organizationName: sql<string>`o.organization_name`,
      today: sql<string>`${today}::text`,
      joinedOn: sql<string>`((o.created_at at time zone o.time_zone)::date)::text`,
      ndaStatus: sql<string | null>`(select n.status from ${ndas} n where n.organization_id = o.id order by n.created_at desc, n.updated_at desc limit 1)`,
      completedPages: sql<unknown>`(select coalesce(json_agg(p.page_id), '[]'::json) from ${launchpadProgress} p where p.organization_id = o.id and p.is_completed)`,
      businessAspects: sql<unknown>`(select r.response_value from ${configurationResponses} r
        where r.organization_id = o.id and r.question_id = ${BUSINESS_ASPECTS_QUESTION_ID} and r.submitted_at is not null
        order by r.submitted_at desc, r.version desc, r.created_at desc limit 1)`,
      goLiveDate: sql<string | null>`(select p.data_snapshot ->> 'go_live_date' from ${launchpadProgress} p where p.organization_id = o.id and p.page_id = 'timeline-planning')`,
      primaryLocked: sql<boolean | null>`(select e.is_locked from ${pricingEstimates} e where e.organization_id = o.id and e.is_primary)`,
      lockedModules: estimateModules(sql`e.is_locked`),
      primaryModules: estimateModules(sql`e.is_primary`),
      dataConnections: count(sql`${dataConnections} c where c.organization_id = o.id`),
      submittedModules: sql<unknown>`(select coalesce(json_agg(s.module), '[]'::json) from ${moduleSubmissionStatus} s where s.organization_id = o.id and s.is_submitted)`,
      milestoneStates: sql<unknown>`(select coalesce(json_agg(json_build_object('id', m.milestone_id, 'status', m.completion_status, 'override', m.plan_override)), '[]'::json)
        from ${milestoneOrganizations} m where m.organization_id = o.id)`,
      openRisks: sql<unknown>`(select coalesce(json_agg(json_build_array(a.impact_level, a.likelihood)), '[]'::json) from ${actionLogs} a
        where a.organization_id = o.id and a.action_log_type = 'Risk' and a.status not in (${done}))`,
      overdueEntries: count(sql`${actionLogs} a where a.organization_id = o.id and a.due_date < ${today} and a.status not in (${done})`),
      openHelpRequests: count(sql`${actionLogs} a where a.organization_id = o.id and a.help_type is not null and a.status not in (${done})`),
      activeExtensions: count(sql`${organizationExtensions} x where x.organization_id = o.id and x.state = 'active' and x.extension_id in (${workspaceExtensions})`),
      submittedWorkspaces: count(sql`${organizationExtensions} x join ${extensionWorkspaces} w on w.organization_id = x.organization_id and w.extension_id = x.extension_id
        where x.organization_id = o.id and x.state = 'active' and w.status = 'submitted'`),
      lastActivityAt: sql<Date | null>`(select ev.created_at from ${realtimeEvents} ev where ev.organization_id = o.id order by ev.id desc limit 1)`.mapWith(
        (value: unknown) => (value === null ? null : new Date(value as string)),
      ),
    })
    .from(sql`${organizations} o`);
  const filtered = organizationIds === "all" ? query : query.where(inArray(sql`o.id`, [...organizationIds]));
  return filtered.orderBy(sql`lower(o.organization_name)`, sql`o.id`);
}

export interface MilestoneCatalogRow {
  id: string;
  title: string;
  position: number | null;
  modules: string[];
}

/** The curriculum's milestones: the same for every organization, read once per answer. */
export function selectMilestoneCatalog(db: Queryable): Promise<MilestoneCatalogRow[]> {
  return db
    .select({ id: milestones.id, title: milestones.title, position: milestones.position, modules: milestones.modules })
    .from(milestones)
    .orderBy(asc(milestones.position), asc(milestones.title));
}

/** A JSON column's list of strings (anything else is left out). */
export function readStringList(value: unknown): string[] {
  const parsed = readJsonValue(value);
  return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === "string") : [];
}

/**
 * The organizations' progress and readiness (common/domain/organization-progress.ts): the facts of
 * every organization asked for in one statement, and the curriculum's outline in two more, however
 * many organizations there are.
 */
export async function loadOrganizationProgress(db: Database, organizationIds: readonly string[] | "all"): Promise<(ReadinessFactsRow & { progress: OrganizationProgress })[]> {
  const [rows, catalog, placements] = await Promise.all([readFactsWithoutJit(db, organizationIds), selectMilestoneCatalog(db), selectQuestionPlacements(db)]);
  const curriculum = { milestones: catalog, placements };
  return rows.map((row) => ({ ...row, progress: deriveOrganizationProgress(decodeFacts(row), curriculum) }));
}

/**
 * The planner prices each correlated subquery once per organization, so from a few hundred of them
 * PostgreSQL compiles the statement (JIT), which costs more than the index lookups it runs: 3–4×
 * slower just past 1,000 organizations (bench/portfolio-scale.ts). Off for this statement only;
 * PGlite has no JIT and ignores the setting.
 */
function readFactsWithoutJit(db: Database, organizationIds: readonly string[] | "all"): Promise<ReadinessFactsRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return selectReadinessFacts(tx, organizationIds);
  });
}

function readModules(value: unknown): string[] | null {
  const parsed = readJsonValue(value);
  return Array.isArray(parsed) ? readStringList(parsed) : null;
}

function decodeFacts(row: ReadinessFactsRow): StoredProgressFacts {
  const goLive = row.goLiveDate;
  const states = readJsonValue(row.milestoneStates);
  const risks = readJsonValue(row.openRisks);
  return {
    today: row.today,
    joinedOn: row.joinedOn,
    ndaStatus: row.ndaStatus,
    completedPages: readStringList(row.completedPages),
    businessAspects: readJsonValue(row.businessAspects),
    goLiveDate: typeof goLive === "string" && /^\d{4}-\d{2}-\d{2}$/.test(goLive) ? goLive : null,
    primaryLocked: row.primaryLocked,
    lockedModules: readModules(row.lockedModules),
    primaryModules: readModules(row.primaryModules),
    dataConnections: row.dataConnections,
    submittedModules: readStringList(row.submittedModules),
    milestoneStates: Array.isArray(states)
      ? states.flatMap((state: { id?: unknown; status?: unknown; override?: unknown }) =>
          typeof state.id === "string"
            ? [{ id: state.id, status: String(state.status ?? "not_started"), override: state.override === "include" || state.override === "exclude" ? state.override : null }]
            : [],
        )
      : [],
    openRisks: Array.isArray(risks) ? risks.filter((risk): risk is [unknown, unknown] => Array.isArray(risk) && risk.length === 2) : [],
    overdueEntries: row.overdueEntries,
    extensions: { submitted: row.submittedWorkspaces, active: row.activeExtensions },
  };
}
