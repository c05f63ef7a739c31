import { z } from "zod";
import { ACTION_LOG_TEXT_MAX, type ActionLogEntry, type CreateActionLogBody, type UpdateActionLogBody, createActionLogBodySchema } from "#common/contracts/action-log";
import {
  ACTION_LOG_CATEGORIES,
  ACTION_LOG_DEFAULTS,
  ACTION_LOG_PLATFORMS,
  ACTION_LOG_PRIORITIES,
  ACTION_LOG_STATUSES,
  ACTION_LOG_TYPES,
  type ActionLogField,
  type ActionLogType,
  DEFAULT_TYPE_DEFINITIONS,
  IMPACT_LEVELS,
  LIKELIHOODS,
  isResolutionNoteRequired,
  resolutionNoteError,
} from "#common/domain/action-log";
import { characterLimitMessage } from "#web/components/ui/character-count.tsx";

/** The form's values: every select holds a string, "" where the entry has none. */
export const entryFormSchema = z
  .object({
    title: createActionLogBodySchema.shape.title,
    action_log_type: z.enum(ACTION_LOG_TYPES),
    description: z.string().max(ACTION_LOG_TEXT_MAX, { error: characterLimitMessage("Description", ACTION_LOG_TEXT_MAX) }),
    assigned_to: z.string(),
    due_date: z.union([z.literal(""), z.iso.date({ error: "Enter a date" })]),
    priority: z.enum(ACTION_LOG_PRIORITIES),
    impact_level: z.enum(IMPACT_LEVELS),
    likelihood: z.union([z.literal(""), z.enum(LIKELIHOODS)]),
    action_log_category: z.enum(ACTION_LOG_CATEGORIES),
    action_log_phase: z.string(),
    platform: z.enum(ACTION_LOG_PLATFORMS),
    status: z.enum(ACTION_LOG_STATUSES),
    resolution_notes: z.string().max(ACTION_LOG_TEXT_MAX, { error: characterLimitMessage("Resolution notes", ACTION_LOG_TEXT_MAX) }),
  })
  .superRefine((values, context) => {
    const message = resolutionNoteError(values.action_log_type, values.status, values.resolution_notes);
    if (message) context.addIssue({ code: "custom", path: ["resolution_notes"], message });
  });
export type EntryFormValues = z.input<typeof entryFormSchema>;

export type EntryFormField = keyof EntryFormValues;

/** Whether a server issue's path names one of the form's fields. */
export function isEntryFormField(path: string): path is EntryFormField {
  return Object.hasOwn(formValuesOf(undefined, "Task"), path);
}

/** The fields a type asks for, from its definition (the shipped ones while those load or if they cannot). */
export function definitionFieldsOf(definitions: readonly { action_log_type: ActionLogType; fields: readonly ActionLogField[] }[] | undefined, type: ActionLogType): readonly ActionLogField[] {
  return definitions?.find((definition) => definition.action_log_type === type)?.fields ?? DEFAULT_TYPE_DEFINITIONS[type].fields;
}

export function formValuesOf(entry: ActionLogEntry | undefined, defaultType: ActionLogType): EntryFormValues {
  return {
    title: entry?.title ?? "",
    action_log_type: entry?.action_log_type ?? defaultType,
    description: entry?.description ?? "",
    assigned_to: entry?.assigned_to?.id ?? "",
    due_date: entry?.due_date ?? "",
    priority: entry?.priority ?? ACTION_LOG_DEFAULTS.priority,
    impact_level: entry?.impact_level ?? ACTION_LOG_DEFAULTS.impact_level,
    likelihood: entry?.likelihood ?? "",
    action_log_category: entry?.action_log_category ?? ACTION_LOG_DEFAULTS.action_log_category,
    action_log_phase: entry?.action_log_phase?.id ?? "",
    platform: entry?.platform ?? ACTION_LOG_DEFAULTS.platform,
    status: entry?.status ?? ACTION_LOG_DEFAULTS.status,
    resolution_notes: entry?.resolution_notes ?? "",
  };
}

/**
 * The fields the form shows for a type and status: those its definition asks for, and the
 * resolution note whenever the status needs one (even if the definition left it out).
 */
export function shownFields(definitionFields: readonly ActionLogField[], type: ActionLogType, status: EntryFormValues["status"]): Set<ActionLogField> {
  const shown = new Set(definitionFields);
  if (isResolutionNoteRequired(type, status)) shown.add("resolution_notes");
  return shown;
}

type BodyValues = Omit<Required<UpdateActionLogBody>, "title" | "action_log_type" | "status">;

function bodyValue(values: EntryFormValues, field: ActionLogField): BodyValues[ActionLogField] {
  switch (field) {
    case "description":
      return values.description.trim() || null;
    case "assigned_to":
      return values.assigned_to || null;
    case "due_date":
      return values.due_date || null;
    case "likelihood":
      return values.likelihood || null;
    case "action_log_phase":
      return values.action_log_phase || null;
    case "resolution_notes":
      return values.resolution_notes.trim() || null;
    default:
      return values[field];
  }
}

/** A new entry's body: title, type and the shown fields that hold something. */
export function createBodyOf(values: EntryFormValues, shown: ReadonlySet<ActionLogField>): CreateActionLogBody {
  const body: Record<string, unknown> = { title: values.title.trim(), action_log_type: values.action_log_type };
  for (const field of shown) {
    const value = bodyValue(values, field);
    if (value !== null) body[field] = value;
  }
  return body as CreateActionLogBody;
}

/** An edit's body: only what changed, among title, type, status and the shown fields. */
export function updateBodyOf(values: EntryFormValues, initial: EntryFormValues, shown: ReadonlySet<ActionLogField>): UpdateActionLogBody {
  const body: Record<string, unknown> = {};
  if (values.title.trim() !== initial.title.trim()) body.title = values.title.trim();
  if (values.action_log_type !== initial.action_log_type) body.action_log_type = values.action_log_type;
  if (values.status !== initial.status) body.status = values.status;
  for (const field of shown) {
    const value = bodyValue(values, field);
    if (value !== bodyValue(initial, field)) body[field] = value;
  }
  return body as UpdateActionLogBody;
}
