import { z } from "zod";
import {
  ACTION_LOG_CATEGORIES,
  ACTION_LOG_FIELDS,
  ACTION_LOG_PAGES,
  ACTION_LOG_PLATFORMS,
  ACTION_LOG_PRIORITIES,
  ACTION_LOG_STATUSES,
  ACTION_LOG_TYPES,
  HELP_TITLE_REQUIRED,
  HELP_TYPES,
  IMPACT_LEVELS,
  LIKELIHOODS,
} from "../domain/action-log.ts";
import { personRefSchema } from "./content.ts";
import { defineRoute } from "./http.ts";
import { singleLineText } from "./text-fields.ts";

/**
 * The action log (spec §3 action_logs, §7, §8): entries with their history and comments, the
 * typed pages' lists, the CSV export, the type definitions, Get Expert Help and the employees'
 * inbox. Each type's entries are gated by its page's item (common/domain/action-log.ts).
 */

const tag = "Action log";

export const ACTION_LOG_PAGE_SIZE = 50;
export const ACTION_LOG_MAX_PAGE_SIZE = 200;
export const ACTION_LOG_TITLE_MAX = 200;
export const ACTION_LOG_TEXT_MAX = 10_000;
export const ACTION_LOG_COMMENT_MAX = 5_000;

export const ACTION_LOG_SORTS = ["created_at", "updated_at", "due_date", "priority", "number", "risk_score", "title", "status"] as const;
export type ActionLogSort = (typeof ACTION_LOG_SORTS)[number];

const typeSchema = z.enum(ACTION_LOG_TYPES, { error: `action_log_type must be one of ${ACTION_LOG_TYPES.join(", ")}` });
const statusSchema = z.enum(ACTION_LOG_STATUSES, { error: `status must be one of ${ACTION_LOG_STATUSES.join(", ")}` });
const prioritySchema = z.enum(ACTION_LOG_PRIORITIES, { error: `priority must be one of ${ACTION_LOG_PRIORITIES.join(", ")}` });
const impactSchema = z.enum(IMPACT_LEVELS, { error: `impact_level must be one of ${IMPACT_LEVELS.join(", ")}` });
const likelihoodSchema = z.enum(LIKELIHOODS, { error: `likelihood must be one of ${LIKELIHOODS.join(", ")}` });
const categorySchema = z.enum(ACTION_LOG_CATEGORIES, { error: `action_log_category must be one of ${ACTION_LOG_CATEGORIES.join(", ")}` });
const platformSchema = z.enum(ACTION_LOG_PLATFORMS, { error: `platform must be one of ${ACTION_LOG_PLATFORMS.join(", ")}` });
// The format allows the year 0000, which PostgreSQL's dates do not have.
const isoDateSchema = z.iso
  .date({ error: "due_date must be a date (YYYY-MM-DD)" })
  .refine((value) => !value.startsWith("0000"), { error: "due_date must be a date (YYYY-MM-DD)" });
const longText = (label: string, max: number) => z.string().trim().max(max, { error: `${label} must be at most ${max} characters` });

export const actionLogEntrySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  /** The type's prefix and the organization's number, e.g. "RISK-12". */
  reference: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: statusSchema,
  priority: prioritySchema,
  action_log_type: typeSchema,
  action_log_category: categorySchema,
  impact_level: impactSchema,
  likelihood: likelihoodSchema.nullable(),
  /** Likelihood × impact (1–16) for an entry with a likelihood. */
  risk_score: z.number().int().nullable(),
  platform: platformSchema,
  resolution_notes: z.string().nullable(),
  due_date: z.string().nullable(),
  /** Due before today (the organization's day) and not resolved or closed. */
  is_overdue: z.boolean(),
  action_log_phase: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  assigned_to: personRefSchema.extend({ is_employee: z.boolean() }).nullable(),
  creator: personRefSchema.nullable(),
  help_type: z.enum(HELP_TYPES).nullable(),
  source_page: z.string().nullable(),
  source_browser: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
  /** What the caller may do with the entry (decided by the server; the web only mirrors). */
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type ActionLogEntry = z.infer<typeof actionLogEntrySchema>;

export const actionLogListQuerySchema = z.object({
  /** A typed page's types; absent means every type the caller may see (the Action Log). */
  page: z.enum(ACTION_LOG_PAGES, { error: `page must be one of ${ACTION_LOG_PAGES.join(", ")}` }).optional(),
  type: typeSchema.optional(),
  /** One status, or "active" (not resolved or closed). */
  status: z.union([statusSchema, z.literal("active")]).optional(),
  priority: prioritySchema.optional(),
  /** "me", "unassigned" or a user id. */
  assignee: z.string().trim().min(1).max(100).optional(),
  overdue: z.literal("1", { error: "overdue must be 1" }).optional(),
  /** Words of the title or description, or a reference ("RISK-12"). */
  q: z.string().trim().max(200, { error: "q must be at most 200 characters" }).optional(),
  sort: z.enum(ACTION_LOG_SORTS, { error: `sort must be one of ${ACTION_LOG_SORTS.join(", ")}` }).optional(),
  dir: z.enum(["asc", "desc"], { error: "dir must be asc or desc" }).optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(ACTION_LOG_MAX_PAGE_SIZE, { error: `limit must be at most ${ACTION_LOG_MAX_PAGE_SIZE}` }).optional(),
  offset: z.coerce.number({ error: "offset must be a number" }).int().min(0).max(1_000_000).optional(),
});
export type ActionLogListQuery = z.infer<typeof actionLogListQuerySchema>;

export const actionLogListSchema = z.object({
  entries: z.array(actionLogEntrySchema),
  /** Entries matching the filters (all pages). */
  total: z.number().int(),
  /** The types the caller may see here (filters offer only these). */
  visible_types: z.array(typeSchema),
});
export type ActionLogList = z.infer<typeof actionLogListSchema>;

const editableFields = {
  description: longText("Description", ACTION_LOG_TEXT_MAX).nullable().optional(),
  assigned_to: z.string().trim().min(1).max(100).nullable().optional(),
  status: statusSchema.optional(),
  priority: prioritySchema.optional(),
  action_log_category: categorySchema.optional(),
  impact_level: impactSchema.optional(),
  likelihood: likelihoodSchema.nullable().optional(),
  action_log_phase: z.uuid({ error: "action_log_phase must be a milestone id" }).nullable().optional(),
  platform: platformSchema.optional(),
  resolution_notes: longText("Resolution notes", ACTION_LOG_TEXT_MAX).nullable().optional(),
  due_date: isoDateSchema.nullable().optional(),
};

export const createActionLogBodySchema = z.object({
  title: singleLineText("Title", ACTION_LOG_TITLE_MAX),
  action_log_type: typeSchema.optional(),
  ...editableFields,
});
export type CreateActionLogBody = z.infer<typeof createActionLogBodySchema>;

export const updateActionLogBodySchema = z.object({
  title: singleLineText("Title", ACTION_LOG_TITLE_MAX).optional(),
  action_log_type: typeSchema.optional(),
  ...editableFields,
});
export type UpdateActionLogBody = z.infer<typeof updateActionLogBodySchema>;

export const actionLogHistoryEntrySchema = z.object({
  id: z.uuid(),
  event: z.enum(["created", "updated"]),
  actor: personRefSchema.nullable(),
  changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
  created_at: z.string(),
});

export const actionLogCommentSchema = z.object({
  id: z.uuid(),
  author: personRefSchema.nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type ActionLogComment = z.infer<typeof actionLogCommentSchema>;

export const actionLogDetailSchema = z.object({
  entry: actionLogEntrySchema,
  history: z.array(actionLogHistoryEntrySchema),
  comments: z.array(actionLogCommentSchema),
});
export type ActionLogDetail = z.infer<typeof actionLogDetailSchema>;

export const addCommentBodySchema = z.object({
  body: z.string({ error: "Comment is required" }).trim().min(1, { error: "Comment is required" }).max(ACTION_LOG_COMMENT_MAX, { error: `Comment must be at most ${ACTION_LOG_COMMENT_MAX} characters` }),
});

export const assigneeSchema = personRefSchema.extend({ email: z.string(), is_employee: z.boolean() });
export const assigneeListSchema = z.object({
  members: z.array(assigneeSchema),
  /** The provider's employees (shown apart). */
  employees: z.array(assigneeSchema),
  /** The plan's milestones, for the phase. */
  phases: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type AssigneeList = z.infer<typeof assigneeListSchema>;

export const typeDefinitionSchema = z.object({
  action_log_type: typeSchema,
  description: z.string(),
  fields: z.array(z.enum(ACTION_LOG_FIELDS)),
  updated_by: personRefSchema.nullable(),
  updated_at: z.string(),
});
export type TypeDefinition = z.infer<typeof typeDefinitionSchema>;

export const typeDefinitionListSchema = z.object({
  definitions: z.array(typeDefinitionSchema),
  /** Whether the caller is the provider administrator, who edits them. */
  can_edit: z.boolean(),
});

export const updateTypeDefinitionBodySchema = z.object({
  action_log_type: typeSchema,
  description: longText("Description", 1_000).min(1, { error: "Description is required" }),
  fields: z.array(z.enum(ACTION_LOG_FIELDS, { error: "Unknown field" })).max(ACTION_LOG_FIELDS.length),
});

/** Get Expert Help (spec §5, §7, §9): the entry gets the fixed values and the type of its kind. */
export const createHelpRequestBodySchema = z.object({
  help_type: z.enum(HELP_TYPES, { error: `help_type must be one of ${HELP_TYPES.join(", ")}` }),
  title: z.string({ error: HELP_TITLE_REQUIRED }).trim().min(1, { error: HELP_TITLE_REQUIRED }).max(ACTION_LOG_TITLE_MAX, { error: `Title must be at most ${ACTION_LOG_TITLE_MAX} characters` }),
  description: longText("Description", ACTION_LOG_TEXT_MAX).optional(),
  /** The page the user was on (a path of the portal) and their browser. */
  source_page: z.string().trim().max(500).optional(),
  source_browser: z.string().trim().max(500).optional(),
  /** Library files to attach (uploaded or captured from the dialog first). */
  attachment_ids: z.array(z.uuid({ error: "attachment_ids must be file ids" })).max(20, { error: "At most 20 attachments" }).optional(),
});
export type CreateHelpRequestBody = z.infer<typeof createHelpRequestBodySchema>;

export const helpRequestResultSchema = z.object({
  entry: actionLogEntrySchema,
  /** The success message of the help type (spec §8). */
  message: z.string(),
  /** Attachments that could not be linked (logged; the entry stands). */
  failed_attachment_ids: z.array(z.uuid()),
});

export const helpInboxItemSchema = z.object({
  organization: z.object({ id: z.uuid(), name: z.string() }),
  entry: actionLogEntrySchema,
  /** Why it is in the inbox. */
  reason: z.enum(["help_request", "overdue"]),
});
export const helpInboxSchema = z.object({ items: z.array(helpInboxItemSchema) });
export type HelpInbox = z.infer<typeof helpInboxSchema>;

const entryPath = "/api/action-logs/:actionLogId";

export const listActionLogsRoute = defineRoute({
  id: "listActionLogs", method: "get", path: "/api/action-logs", tag, access: "organization",
  summary: "Entries of the types the caller may see, filtered, searched, sorted and paged",
  query: actionLogListQuerySchema, response: actionLogListSchema,
});
export const exportActionLogsRoute = defineRoute({
  id: "exportActionLogs", method: "get", path: "/api/action-logs/export", tag, access: "organization",
  summary: "The filtered entries as CSV (every page)",
  query: actionLogListQuerySchema.omit({ limit: true, offset: true }), response: z.string(), produces: "text/csv",
});
export const listAssigneesRoute = defineRoute({
  id: "listActionLogAssignees", method: "get", path: "/api/action-logs/assignees", tag, access: "organization",
  summary: "Who an entry can be assigned to (the organization's members and the provider's employees) and the plan's phases",
  response: assigneeListSchema,
});
export const getActionLogRoute = defineRoute({
  id: "getActionLog", method: "get", path: entryPath, tag, access: "organization",
  summary: "An entry with its history and comments", response: actionLogDetailSchema,
});
export const createActionLogRoute = defineRoute({
  id: "createActionLog", method: "post", path: "/api/action-logs", tag, access: "organization",
  summary: "Create an entry (spec §3 defaults)", body: createActionLogBodySchema, response: actionLogEntrySchema, successStatus: 201,
});
export const updateActionLogRoute = defineRoute({
  id: "updateActionLog", method: "patch", path: entryPath, tag, access: "organization",
  summary: "Change an entry: the status follows its flow; resolving an issue or a risk, or recording a decision, needs a note",
  body: updateActionLogBodySchema, response: actionLogEntrySchema,
});
export const deleteActionLogRoute = defineRoute({
  id: "deleteActionLog", method: "delete", path: entryPath, tag, access: "organization",
  summary: "Delete an entry (its creator or an employee)", response: z.object({ deleted: z.literal(true) }),
});
export const addActionLogCommentRoute = defineRoute({
  id: "addActionLogComment", method: "post", path: `${entryPath}/comments`, tag, access: "organization",
  summary: "Comment on an entry", body: addCommentBodySchema, response: actionLogCommentSchema, successStatus: 201,
});
export const listTypeDefinitionsRoute = defineRoute({
  id: "listActionLogTypeDefinitions", method: "get", path: "/api/action-log-types", tag, access: "organization", item: "action-log",
  summary: "What each type means and which fields it asks for", response: typeDefinitionListSchema,
});
export const updateTypeDefinitionRoute = defineRoute({
  id: "updateActionLogTypeDefinition", method: "put", path: "/api/action-log-types", tag, access: "employee",
  summary: "Change a type's meaning and fields (the provider administrator only)", body: updateTypeDefinitionBodySchema, response: typeDefinitionSchema,
});
export const createHelpRequestRoute = defineRoute({
  id: "createHelpRequest", method: "post", path: "/api/help-requests", tag, access: "organization",
  summary: "Get Expert Help: log an entry with the fixed values of its kind, then link its attachments",
  body: createHelpRequestBodySchema, response: helpRequestResultSchema, successStatus: 201,
});
export const getHelpInboxRoute = defineRoute({
  id: "getHelpInbox", method: "get", path: "/api/help-inbox", tag, access: "employee",
  summary: "Every organization's open help requests and the overdue entries assigned to the provider, oldest first",
  response: helpInboxSchema,
});
