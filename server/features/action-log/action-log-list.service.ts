import {
  ACTION_LOG_PAGE_SIZE,
  type ActionLogList,
  type ActionLogListQuery,
  type ActionLogSort,
  type AssigneeList,
} from "#common/contracts/action-log";
import { type AccessFacts, checkItemAccess } from "#common/domain/access";
import { ACTION_LOG_PAGE_TYPES, ACTION_LOG_TYPES, type ActionLogType, parseActionLogReference } from "#common/domain/action-log";
import { exportFileName } from "#common/domain/export-file-name";
import { decidePlanInclusion } from "#common/domain/launch-plan";
import { resolvePlanScope } from "#common/domain/launch-plan-scope";
import { loadAccessFacts } from "#server/auth/access-facts";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { formatCsvRows } from "#server/lib/csv-format";
import { selectMilestoneScopeRows, selectPlanScopeFacts } from "#server/queries/launch-plan-scope.queries";
import { selectOrganizationName } from "#server/queries/organizations.queries";
import {
  type AssigneeRow,
  countEntries,
  type EntryFilter,
  type EntryOrder,
  selectEmployeeAssignees,
  selectEntryPage,
  selectMemberAssignees,
  selectMilestonesInOrder,
} from "./action-log-list.queries.ts";
import { type ActionLogDeps, requireOpenTypes } from "./action-log-checks.ts";
import { presentEntries } from "./action-log-presenter.ts";

/** Each sort's natural direction when none is asked: newest, soonest due, most urgent or risky first. */
const DEFAULT_DIRECTIONS: Record<ActionLogSort, "asc" | "desc"> = {
  created_at: "desc",
  updated_at: "desc",
  due_date: "asc",
  priority: "desc",
  number: "desc",
  risk_score: "desc",
  title: "asc",
  status: "asc",
};

/** Ids of users are UUIDs or Better Auth's letters and digits; anything else cannot name one. */
const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;
const ASSIGNEE_FILTER_MESSAGE = "assignee must be me, unassigned or a user id";
/** Letters and digits only: the words of a search can never carry tsquery syntax. */
const SEARCH_WORD = /[\p{L}\p{N}]+/gu;
const MAX_SEARCH_WORDS = 8;

type ListFilters = Omit<ActionLogListQuery, "limit" | "offset">;

/** Every word as a prefix ("inv" finds "invoice"), all of them required; a reference also matches its number. */
function readSearch(q: string | undefined): EntryFilter["search"] {
  if (!q) return undefined;
  const words = (q.match(SEARCH_WORD) ?? []).slice(0, MAX_SEARCH_WORDS).map((word) => `${word.toLowerCase()}:*`);
  const number = parseActionLogReference(q);
  if (words.length === 0 && number === null) return undefined;
  return { tsquery: words.length > 0 ? words.join(" & ") : null, number };
}

function readAssignee(assignee: string | undefined, caller: Caller): string | null | undefined {
  if (assignee === undefined) return undefined;
  if (assignee === "me") return caller.userId;
  if (assignee === "unassigned") return null;
  if (!USER_ID.test(assignee)) throw new AppError("validation_failed", ASSIGNEE_FILTER_MESSAGE, [{ path: "assignee", message: ASSIGNEE_FILTER_MESSAGE }]);
  return assignee;
}

/**
 * The types listed here: a typed page's (its item must be open), or without a page the Action
 * Log's, every type whose page is open (none: the first refusal's reason, the NDA's before it is signed).
 */
function decideListedTypes(facts: AccessFacts, page: ListFilters["page"]): ActionLogType[] {
  const item = page ?? "action-log";
  const decision = checkItemAccess(item, facts);
  if (!decision.allowed) throw new AppError("forbidden", decision.reason);
  return page ? [...ACTION_LOG_PAGE_TYPES[page]] : requireOpenTypes(facts);
}

function readFilter(listed: readonly ActionLogType[], query: ListFilters, caller: Caller): EntryFilter {
  const types = query.type ? listed.filter((type) => type === query.type) : listed;
  return {
    types: types.length === ACTION_LOG_TYPES.length ? null : types,
    status: query.status,
    priority: query.priority,
    assigneeId: readAssignee(query.assignee, caller),
    overdue: query.overdue === "1",
    search: readSearch(query.q),
  };
}

function readOrder(query: ListFilters): EntryOrder {
  const sort = query.sort ?? "created_at";
  return { sort, dir: query.dir ?? DEFAULT_DIRECTIONS[sort] };
}

/** A page of the entries the caller may see here, with the count of all that match. */
export async function listActionLogs(deps: ActionLogDeps, organizationId: string, caller: Caller, query: ActionLogListQuery): Promise<ActionLogList> {
  const facts = await loadAccessFacts(deps.db, caller, organizationId, deps.access);
  const listed = decideListedTypes(facts, query.page);
  const filter = readFilter(listed, query, caller);
  const page = { limit: query.limit ?? ACTION_LOG_PAGE_SIZE, offset: query.offset ?? 0 };
  const rows = await selectEntryPage(deps.db, organizationId, filter, readOrder(query), page);
  // A page that is not full is the last one: it tells the total without counting (a narrow search, a small log).
  const isLastPage = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
  const total = isLastPage ? page.offset + rows.length : await countEntries(deps.db, organizationId, filter);
  return { entries: await presentEntries(deps.db, rows, caller, facts), total, visible_types: listed };
}

const CSV_HEADER = [
  "Reference", "Type", "Title", "Status", "Priority", "Impact", "Likelihood", "Risk score", "Category", "Platform",
  "Assigned to", "Due date", "Phase", "Created by", "Created at", "Resolved at", "Resolution notes", "Description",
] as const;

/** Every matching entry (no paging) as CSV, formulas neutralised (decision 031), with the file's name. */
export async function exportActionLogs(
  deps: ActionLogDeps,
  organizationId: string,
  caller: Caller,
  query: ListFilters,
): Promise<{ fileName: string; csv: string }> {
  const facts = await loadAccessFacts(deps.db, caller, organizationId, deps.access);
  const filter = readFilter(decideListedTypes(facts, query.page), query, caller);
  const [rows, organizationName] = await Promise.all([
    selectEntryPage(deps.db, organizationId, filter, readOrder(query)),
    selectOrganizationName(deps.db, organizationId),
  ]);
  const entries = await presentEntries(deps.db, rows, caller, facts);
  const lines = entries.map((entry) => [
    entry.reference,
    entry.action_log_type,
    entry.title,
    entry.status,
    entry.priority,
    entry.impact_level,
    entry.likelihood ?? "",
    entry.risk_score === null ? "" : String(entry.risk_score),
    entry.action_log_category,
    entry.platform,
    entry.assigned_to?.name ?? "",
    entry.due_date ?? "",
    entry.action_log_phase?.title ?? "",
    entry.creator?.name ?? "",
    entry.created_at,
    entry.resolved_at ?? "",
    entry.resolution_notes ?? "",
    entry.description ?? "",
  ]);
  return { fileName: exportFileName("action-log", organizationName ?? "", new Date()), csv: formatCsvRows([[...CSV_HEADER], ...lines]) };
}

const presentAssignee = (row: AssigneeRow) => ({ id: row.id, name: row.name, email: row.email, is_employee: row.isEmployee });

/**
 * Who entries may be assigned to, and the phases: the milestones of the organization's plan as
 * the Launch Plan scopes it (its estimate's or business aspects' modules, the provider's
 * overrides), in the curriculum's order. Open to whoever may see some type of entry.
 */
export async function listActionLogAssignees(deps: ActionLogDeps, organizationId: string, caller: Caller): Promise<AssigneeList> {
  requireOpenTypes(await loadAccessFacts(deps.db, caller, organizationId, deps.access));
  const [members, employees, scopeFacts, scopeRows, milestones] = await Promise.all([
    selectMemberAssignees(deps.db, organizationId),
    selectEmployeeAssignees(deps.db),
    selectPlanScopeFacts(deps.db, organizationId),
    selectMilestoneScopeRows(deps.db, organizationId),
    selectMilestonesInOrder(deps.db),
  ]);
  const scope = resolvePlanScope(scopeFacts);
  const inPlan = new Set(scopeRows.filter((row) => decidePlanInclusion({ modules: row.modules, scope, override: row.override }).included).map((row) => row.id));
  return {
    members: members.map(presentAssignee),
    employees: employees.map(presentAssignee),
    phases: milestones.filter((milestone) => inPlan.has(milestone.id)),
  };
}
