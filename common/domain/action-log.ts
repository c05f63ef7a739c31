import type { EntityGate } from "./access.ts";
import type { AccessItemId } from "./navigation-items.ts";

/**
 * The action log's rules (spec §3 action_logs, §5 Get Help, §9): the kinds of entry and the page
 * each belongs to, the status flow and when a resolution note is needed, the risk score, the
 * reference shown for an entry, and the fixed values of a Get Help entry.
 */

export const ACTION_LOG_TYPES = ["Task", "Issue", "Decision", "Risk", "Open Request", "Error/Bug", "Question / Request for Help"] as const;
export type ActionLogType = (typeof ACTION_LOG_TYPES)[number];

export const ACTION_LOG_STATUSES = ["Open", "In Progress", "Blocked", "Resolved", "Closed"] as const;
export type ActionLogStatus = (typeof ACTION_LOG_STATUSES)[number];

export const ACTION_LOG_PRIORITIES = ["Low", "Medium", "High", "Critical"] as const;
export type ActionLogPriority = (typeof ACTION_LOG_PRIORITIES)[number];

export const IMPACT_LEVELS = ["Low", "Medium", "High", "Critical"] as const;
export type ImpactLevel = (typeof IMPACT_LEVELS)[number];

/** A risk's likelihood, least to most likely; with the impact it places the risk on the matrix. */
export const LIKELIHOODS = ["Unlikely", "Possible", "Likely", "Almost certain"] as const;
export type Likelihood = (typeof LIKELIHOODS)[number];

export const ACTION_LOG_CATEGORIES = ["System", "Process", "Data", "Integration", "Training", "Other"] as const;
export type ActionLogCategory = (typeof ACTION_LOG_CATEGORIES)[number];

export const ACTION_LOG_PLATFORMS = ["Member Portal", "ERP", "Integration", "Other"] as const;
export type ActionLogPlatform = (typeof ACTION_LOG_PLATFORMS)[number];

/** Defaults of a new entry (spec §3). */
export const ACTION_LOG_DEFAULTS = {
  status: "Open",
  priority: "Medium",
  action_log_type: "Task",
  action_log_category: "System",
  impact_level: "Medium",
  platform: "Member Portal",
} as const satisfies {
  status: ActionLogStatus;
  priority: ActionLogPriority;
  action_log_type: ActionLogType;
  action_log_category: ActionLogCategory;
  impact_level: ImpactLevel;
  platform: ActionLogPlatform;
};

/** The page of each type: its navigation item gates the type's entries, on the server too (spec §6). */
export const ACTION_LOG_TYPE_ITEMS: Record<ActionLogType, AccessItemId> = {
  Task: "tasks",
  Issue: "issues",
  Decision: "decisions",
  Risk: "risks",
  "Open Request": "open-requests",
  "Error/Bug": "issues",
  "Question / Request for Help": "open-requests",
};

/** What gates an entry: its type's page, and, for a help request, who raised it (checkEntityAccess). */
export function actionLogEntryGate(entry: { type: ActionLogType; helpType: string | null; creatorId: string | null }): EntityGate {
  const itemId = ACTION_LOG_TYPE_ITEMS[entry.type];
  return entry.helpType === null ? { itemId } : { itemId, helpRequest: { creatorId: entry.creatorId } };
}

/** The types each typed page lists (the help types join the page of their kind). */
export const ACTION_LOG_PAGE_TYPES = {
  tasks: ["Task"],
  issues: ["Issue", "Error/Bug"],
  decisions: ["Decision"],
  risks: ["Risk"],
  "open-requests": ["Open Request", "Question / Request for Help"],
} as const satisfies Record<string, readonly ActionLogType[]>;
export type ActionLogPage = keyof typeof ACTION_LOG_PAGE_TYPES;
export const ACTION_LOG_PAGES = Object.keys(ACTION_LOG_PAGE_TYPES) as ActionLogPage[];

/** The prefix of an entry's reference ("RISK-12"); the number is the organization's own sequence. */
export const ACTION_LOG_TYPE_PREFIXES: Record<ActionLogType, string> = {
  Task: "TASK",
  Issue: "ISSUE",
  Decision: "DEC",
  Risk: "RISK",
  "Open Request": "REQ",
  "Error/Bug": "BUG",
  "Question / Request for Help": "HELP",
};

export function formatActionLogReference(type: ActionLogType, number: number): string {
  return `${ACTION_LOG_TYPE_PREFIXES[type]}-${number}`;
}

/** "RISK-12", "risk-12" or "#12" → 12; anything else → null. */
export function parseActionLogReference(text: string): number | null {
  const match = /^\s*(?:[a-z]+-|#)?(\d{1,9})\s*$/i.exec(text);
  return match ? Number(match[1]) : null;
}

/** Where each status may go next. Reopening a resolved or closed entry is allowed. */
export const ACTION_LOG_STATUS_FLOW: Record<ActionLogStatus, readonly ActionLogStatus[]> = {
  Open: ["In Progress", "Blocked", "Resolved", "Closed"],
  "In Progress": ["Open", "Blocked", "Resolved", "Closed"],
  Blocked: ["Open", "In Progress", "Closed"],
  Resolved: ["Closed", "Open"],
  Closed: ["Open"],
};

/** Statuses in which an entry is done: not due, not overdue, not in the inbox. */
export const ACTION_LOG_DONE_STATUSES: readonly ActionLogStatus[] = ["Resolved", "Closed"];

export function isActionLogDone(status: ActionLogStatus): boolean {
  return ACTION_LOG_DONE_STATUSES.includes(status);
}

export function canMoveStatus(from: ActionLogStatus, to: ActionLogStatus): boolean {
  return from === to || ACTION_LOG_STATUS_FLOW[from].includes(to);
}

export function statusMoveError(from: ActionLogStatus, to: ActionLogStatus): string | null {
  return canMoveStatus(from, to) ? null : `An entry that is ${from} cannot move to ${to}`;
}

/** Types that need a resolution note to be resolved: an issue's fix, a risk's outcome, the decision taken. */
const NOTE_REQUIRED_TYPES: readonly ActionLogType[] = ["Issue", "Error/Bug", "Risk", "Decision"];

export function isResolutionNoteRequired(type: ActionLogType, status: ActionLogStatus): boolean {
  return status === "Resolved" && NOTE_REQUIRED_TYPES.includes(type);
}

/** The label of the resolution note: a decision's note is the decision itself. */
export function resolutionNoteLabel(type: ActionLogType): string {
  return type === "Decision" ? "Decision" : "Resolution notes";
}

export function resolutionNoteError(type: ActionLogType, status: ActionLogStatus, note: string | null | undefined): string | null {
  if (!isResolutionNoteRequired(type, status) || (note ?? "").trim() !== "") return null;
  return type === "Decision" ? "Record the decision to mark it resolved" : `A resolution note is required to resolve ${type === "Risk" ? "a risk" : "an issue"}`;
}

// ---- Risks ----

/** 1 (least) to 4 (most). */
export function impactValue(level: ImpactLevel): number {
  return IMPACT_LEVELS.indexOf(level) + 1;
}

export function likelihoodValue(likelihood: Likelihood): number {
  return LIKELIHOODS.indexOf(likelihood) + 1;
}

/** Likelihood × impact, 1–16; null when the likelihood is not known. */
export function riskScore(likelihood: Likelihood | null, impact: ImpactLevel): number | null {
  return likelihood === null ? null : likelihoodValue(likelihood) * impactValue(impact);
}

/** The score of a risk as stored (text columns): null when its impact or likelihood is missing or unknown. */
export function scoreStoredRisk(impact: unknown, likelihood: unknown): number | null {
  const knownImpact = (IMPACT_LEVELS as readonly unknown[]).includes(impact);
  const knownLikelihood = (LIKELIHOODS as readonly unknown[]).includes(likelihood);
  return knownImpact && knownLikelihood ? riskScore(likelihood as Likelihood, impact as ImpactLevel) : null;
}

export type RiskBand = "Low" | "Medium" | "High" | "Critical";

/** The band of a score: 1–3 Low, 4–6 Medium, 8–9 High, 12–16 Critical. */
export function riskBand(score: number): RiskBand {
  if (score >= 12) return "Critical";
  if (score >= 8) return "High";
  if (score >= 4) return "Medium";
  return "Low";
}

// ---- Get Expert Help (spec §5, §9) ----

export const HELP_TYPES = ["issue", "question", "help"] as const;
export type HelpType = (typeof HELP_TYPES)[number];

export const HELP_TYPE_LABELS: Record<HelpType, string> = {
  issue: "Report an issue",
  question: "Ask a question",
  help: "Request help",
};

export function actionLogTypeForHelp(helpType: HelpType): ActionLogType {
  return helpType === "issue" ? "Error/Bug" : "Question / Request for Help";
}

/** The fixed values of a Get Help entry (spec §9). */
export const HELP_FIXED_VALUES = {
  status: "Open",
  priority: "Medium",
  action_log_category: "System",
  impact_level: "Medium",
  platform: "Member Portal",
} as const;

export const HELP_SAVED_MESSAGES: Record<HelpType, string> = {
  issue: "Got it — your issue has been logged.",
  question: "Your question's been sent.",
  help: "Your help request has been sent.",
};

export const HELP_TITLE_REQUIRED = "Title is required";

// ---- Type definitions: the fields a type asks for ----

export const ACTION_LOG_FIELDS = [
  "description",
  "assigned_to",
  "due_date",
  "priority",
  "impact_level",
  "likelihood",
  "action_log_category",
  "action_log_phase",
  "platform",
  "resolution_notes",
] as const;
export type ActionLogField = (typeof ACTION_LOG_FIELDS)[number];

export const ACTION_LOG_FIELD_LABELS: Record<ActionLogField, string> = {
  description: "Description",
  assigned_to: "Assigned to",
  due_date: "Due date",
  priority: "Priority",
  impact_level: "Impact",
  likelihood: "Likelihood",
  action_log_category: "Category",
  action_log_phase: "Phase",
  platform: "Platform",
  resolution_notes: "Resolution notes",
};

// ---- Messages (spec §8) ----

export const ACTION_LOG_MESSAGES = {
  fetchFailed: "Failed to fetch action logs",
  createFailed: "Failed to create action log",
  updateFailed: "Failed to update action log",
  deleteFailed: "Failed to delete action log",
} as const;

/** What each type means and asks for, as the portal ships them (the provider administrator may edit them). */
export const DEFAULT_TYPE_DEFINITIONS: Record<ActionLogType, { description: string; fields: readonly ActionLogField[] }> = {
  Task: {
    description: "Work someone must do before go-live, with an owner and a due date.",
    fields: ["description", "assigned_to", "due_date", "priority", "action_log_phase"],
  },
  Issue: {
    description: "Something that is wrong or in the way now and must be fixed; resolved with a note saying how.",
    fields: ["description", "assigned_to", "due_date", "priority", "impact_level", "action_log_category", "action_log_phase", "resolution_notes"],
  },
  Decision: {
    description: "A choice the project must make; the decision is recorded with its date when it is taken.",
    fields: ["description", "assigned_to", "due_date", "action_log_phase", "resolution_notes"],
  },
  Risk: {
    description: "Something that may go wrong, scored by likelihood and impact; resolved with its outcome.",
    fields: ["description", "assigned_to", "due_date", "impact_level", "likelihood", "action_log_phase", "resolution_notes"],
  },
  "Open Request": {
    description: "Information or access the project is waiting for from someone.",
    fields: ["description", "assigned_to", "due_date", "priority", "action_log_category"],
  },
  "Error/Bug": {
    description: "A fault reported through Get Expert Help, with the page and browser it was raised from.",
    fields: ["description", "assigned_to", "priority", "impact_level", "platform", "resolution_notes"],
  },
  "Question / Request for Help": {
    description: "A question or a request for help sent through Get Expert Help.",
    fields: ["description", "assigned_to", "priority", "platform", "resolution_notes"],
  },
};
