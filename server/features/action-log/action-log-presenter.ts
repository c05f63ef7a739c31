import type { ActionLogEntry } from "#common/contracts/action-log";
import { type AccessFacts, canDeleteActionLog } from "#common/domain/access";
import {
  type ActionLogCategory,
  type ActionLogPlatform,
  type ActionLogPriority,
  type ActionLogStatus,
  type ActionLogType,
  formatActionLogReference,
  type HelpType,
  type ImpactLevel,
  type Likelihood,
  riskScore,
} from "#common/domain/action-log";
import type { Queryable } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { type EntryRow, type PersonRow, selectMilestoneTitles, selectPeople } from "./action-log.queries.ts";
import { isEntryOpen } from "./action-log-checks.ts";

// Entries as the API shows them: the reference, the risk score, names of the people and the phase
// read for the presented rows only, and what the caller may do with each.

export interface EntryNames {
  people: Map<string, PersonRow>;
  phases: Map<string, string>;
}

/** The names the rows show (assignees, creators, phases), read for these rows only. */
export async function loadEntryNames(db: Queryable, rows: readonly EntryRow[]): Promise<EntryNames> {
  const personIds = new Set<string>();
  const phaseIds = new Set<string>();
  for (const row of rows) {
    if (row.assignedTo) personIds.add(row.assignedTo);
    if (row.creator) personIds.add(row.creator);
    if (row.actionLogPhase) phaseIds.add(row.actionLogPhase);
  }
  const [people, phases] = await Promise.all([selectPeople(db, [...personIds]), selectMilestoneTitles(db, [...phaseIds])]);
  return { people: new Map(people.map((person) => [person.id, person])), phases: new Map(phases.map((phase) => [phase.id, phase.title])) };
}

export interface PresentContext {
  names: EntryNames;
  caller: Pick<Caller, "userId" | "isEmployee">;
  /** Whether the caller may work on the entry (it is open to them: isEntryOpen). */
  canEdit: (row: EntryRow) => boolean;
}

export function presentActionLogEntry(row: EntryRow, context: PresentContext): ActionLogEntry {
  const type = row.actionLogType as ActionLogType;
  const likelihood = row.likelihood as Likelihood | null;
  const impact = row.impactLevel as ImpactLevel;
  const assignee = row.assignedTo ? context.names.people.get(row.assignedTo) : undefined;
  const creator = row.creator ? context.names.people.get(row.creator) : undefined;
  const phaseTitle = row.actionLogPhase ? context.names.phases.get(row.actionLogPhase) : undefined;
  const canEdit = context.canEdit(row);
  return {
    id: row.id,
    number: row.number,
    reference: formatActionLogReference(type, row.number),
    title: row.title,
    description: row.description,
    status: row.status as ActionLogStatus,
    priority: row.priority as ActionLogPriority,
    action_log_type: type,
    action_log_category: row.actionLogCategory as ActionLogCategory,
    impact_level: impact,
    likelihood,
    risk_score: riskScore(likelihood, impact),
    platform: row.platform as ActionLogPlatform,
    resolution_notes: row.resolutionNotes,
    due_date: row.dueDate,
    is_overdue: row.isOverdue,
    action_log_phase: row.actionLogPhase && phaseTitle !== undefined ? { id: row.actionLogPhase, title: phaseTitle } : null,
    assigned_to: assignee ? { id: assignee.id, name: assignee.name, is_employee: assignee.isEmployee } : null,
    creator: creator ? { id: creator.id, name: creator.name } : null,
    help_type: row.helpType as HelpType | null,
    source_page: row.sourcePage,
    source_browser: row.sourceBrowser,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    can: { edit: canEdit, delete: canEdit && canDeleteActionLog(context.caller, row.creator) },
  };
}

/** Presents rows with their names, the caller's rights decided from `facts`. */
export async function presentEntries(db: Queryable, rows: readonly EntryRow[], caller: Caller, facts: AccessFacts): Promise<ActionLogEntry[]> {
  const names = await loadEntryNames(db, rows);
  const context: PresentContext = { names, caller, canEdit: (row) => isEntryOpen(facts, caller, row) };
  return rows.map((row) => presentActionLogEntry(row, context));
}
