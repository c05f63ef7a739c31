import type { ToolSummary, ToolsOverview } from "#common/contracts/tools";
import { checkItemAccess, getNavItemState } from "#common/domain/access";
import { ACTION_LOG_PAGE_TYPES, type ActionLogPage } from "#common/domain/action-log";
import { NAV_SECTIONS } from "#common/domain/navigation-items";
import { loadAccessFacts } from "#server/auth/access-facts";
import type { Database } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { Caller } from "#server/lib/app-context";
import { type EntryCountRow, type LibraryCountRow, selectEntryCountsByType, selectLibraryCounts } from "./tools.queries.ts";

export interface ToolsDeps {
  db: Database;
  access: AccessSettings;
}

type ToolId = ToolSummary["id"];

/** What each tool is for, as the Tools page says it. */
const TOOL_DESCRIPTIONS: Record<ToolId, string> = {
  "action-log": "Every task, issue, decision, risk and request of the launch in one list, to search, filter and export.",
  tasks: "The work to be done before go-live, who owns it and when it is due.",
  issues: "Problems found on the way, and bugs reported through Get Help, until they are resolved.",
  decisions: "What was decided, why and when, so nobody has to ask again.",
  risks: "What could delay the launch, how likely it is and what it would cost.",
  "open-requests": "Requests to the provider, and questions asked through Get Expert Help.",
  content: "The organization's file library: contracts, exports, screenshots and recordings, in folders.",
};

const TOOL_ITEMS = NAV_SECTIONS.find((section) => section.id === "tools")?.items ?? [];

function countEntries(rows: readonly EntryCountRow[], types: readonly string[] | null): ToolSummary["counts"] {
  const counted = rows.filter((row) => types === null || types.includes(row.type));
  const sum = (pick: (row: EntryCountRow) => number) => counted.reduce((total, row) => total + pick(row), 0);
  return { kind: "entries", open: sum((row) => row.open), overdue: sum((row) => row.overdue), total: sum((row) => row.total) };
}

function countsOf(id: ToolId, entries: readonly EntryCountRow[], library: LibraryCountRow): ToolSummary["counts"] {
  if (id === "content") return { kind: "files", ...library };
  // The Action Log lists every type; each typed page its own (common/domain/action-log.ts).
  return countEntries(entries, id === "action-log" ? null : ACTION_LOG_PAGE_TYPES[id as ActionLogPage]);
}

/**
 * The Tools section's tools the caller's menu shows (a hidden one is left out), in the menu's
 * order: what each is for, and its counts when the caller may open it, else why not. Three
 * statements: the access facts, the entries by type, the library.
 */
export async function getToolsOverview(deps: ToolsDeps, organizationId: string, caller: Caller): Promise<ToolsOverview> {
  const [facts, entries, library] = await Promise.all([
    loadAccessFacts(deps.db, caller, organizationId, deps.access),
    selectEntryCountsByType(deps.db, organizationId),
    selectLibraryCounts(deps.db, organizationId),
  ]);
  const tools: ToolSummary[] = [];
  for (const item of TOOL_ITEMS) {
    const id = item.id as ToolId;
    if (getNavItemState(id, facts).state === "hidden") continue;
    const decision = checkItemAccess(id, facts);
    tools.push({
      id,
      label: item.label,
      route: item.route,
      description: TOOL_DESCRIPTIONS[id],
      locked_reason: decision.allowed ? null : decision.reason,
      counts: decision.allowed ? countsOf(id, entries, library) : null,
    });
  }
  return { tools };
}
