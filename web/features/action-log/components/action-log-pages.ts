import { ACTION_LOG_PAGE_TYPES, type ActionLogPage, type ActionLogType } from "#common/domain/action-log";

/** The extra columns a page shows beside reference, title, status, assignee and due date. */
export type ActionLogColumn = "type" | "priority" | "risk" | "decision";

/** What one of the seven list pages shows: `null` is /action-log, every type the caller may see. */
export interface ActionLogPageConfig {
  page: ActionLogPage | null;
  title: string;
  /** One line under the title saying what the page is for. */
  explanation: string;
  /** Plural and singular names in running text: "risks", "risk". */
  plural: string;
  singular: string;
  /** The types the page lists; null on /action-log (the answer's visible types decide). */
  types: readonly ActionLogType[] | null;
  columns: readonly ActionLogColumn[];
}

export const ACTION_LOG_PAGE_CONFIGS: Record<ActionLogPage | "all", ActionLogPageConfig> = {
  all: {
    page: null,
    title: "Action Log",
    explanation: "Everything the project must do, fix, decide or watch before go-live: tasks, issues, decisions, risks and requests in one place.",
    plural: "entries",
    singular: "entry",
    types: null,
    columns: ["type", "priority"],
  },
  tasks: {
    page: "tasks",
    title: "Tasks",
    explanation: "Work someone must do before go-live, each with an owner and a due date.",
    plural: "tasks",
    singular: "task",
    types: ACTION_LOG_PAGE_TYPES.tasks,
    columns: ["priority"],
  },
  issues: {
    page: "issues",
    title: "Issues",
    explanation: "What is wrong or in the way now, bugs reported through Get Expert Help included; each is resolved with a note saying how.",
    plural: "issues",
    singular: "issue",
    types: ACTION_LOG_PAGE_TYPES.issues,
    columns: ["type", "priority"],
  },
  decisions: {
    page: "decisions",
    title: "Decisions",
    explanation: "Choices the project must make, and each decision with the day it was taken.",
    plural: "decisions",
    singular: "decision",
    types: ACTION_LOG_PAGE_TYPES.decisions,
    columns: ["decision"],
  },
  risks: {
    page: "risks",
    title: "Risks",
    explanation: "What may go wrong, scored by likelihood and impact; the matrix shows where the active risks sit.",
    plural: "risks",
    singular: "risk",
    types: ACTION_LOG_PAGE_TYPES.risks,
    columns: ["risk"],
  },
  "open-requests": {
    page: "open-requests",
    title: "Requests",
    explanation: "Information or access the project is waiting for, and questions sent through Get Expert Help.",
    plural: "requests",
    singular: "request",
    types: ACTION_LOG_PAGE_TYPES["open-requests"],
    columns: ["type", "priority"],
  },
};

/** One entry's kind in running text and toasts: "Risk", "Bug". */
export const ACTION_LOG_TYPE_NOUNS: Record<ActionLogType, string> = {
  Task: "Task",
  Issue: "Issue",
  Decision: "Decision",
  Risk: "Risk",
  "Open Request": "Request",
  "Error/Bug": "Bug",
  "Question / Request for Help": "Help request",
};

/** The label of a page's create button: "New risk", "New entry". */
export function newEntryLabel(config: ActionLogPageConfig): string {
  return `New ${config.singular}`;
}
