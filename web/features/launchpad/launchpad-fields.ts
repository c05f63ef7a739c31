import { type FieldError, type FieldErrors, type FieldValues, type Resolver, get, set } from "react-hook-form";
import type { PageSchemas } from "#common/contracts/launchpad-pages";

/**
 * A page's questions, described once: the frame renders them (launchpad-field-inputs.tsx) and
 * converts between the saved answers, the form's values and the answers sent to the server.
 * The form keeps what inputs hold (strings, "yes"/"no", rows of a list); the page's schema in
 * common/contracts/launchpad-pages.ts checks what is sent.
 */

export type SaveMode = "draft" | "complete";

export type SelectOption = string | { value: string; label: string };

export interface ListItemField {
  /** The key in each row's object (ignored for a list of strings). */
  key: string;
  /** Added after "<item label> <n>"; empty for a row of one input. */
  label: string;
  type?: "text" | "date";
  /** The schema's limit: a count shows near it. Never a `maxLength`, which cuts a paste without a word. */
  maxCharacters?: number;
}

interface FieldBase {
  /** The answer's key, as in the page's schema. */
  name: string;
  label: string;
  hint?: string;
}

export type LaunchpadField =
  | (FieldBase & {
      kind: "text";
      type?: "text" | "email" | "url";
      /** The schema's limit: a count shows near it. Never a `maxLength`, which cuts a paste without a word. */
      maxCharacters?: number;
      autoComplete?: string;
      /** A sample answer, shown in the empty input as "e.g. …". */
      example?: string;
    })
  | (FieldBase & { kind: "number"; min: number; max: number })
  | (FieldBase & {
      kind: "select";
      options: readonly SelectOption[];
      numeric?: boolean;
      /** A long list (currencies) is found by typing: the names of its search box and of no match. */
      searchable?: { searchLabel: string; emptyText: string };
    })
  | (FieldBase & { kind: "checkboxes"; options: readonly string[] })
  | (FieldBase & { kind: "yes-no" })
  | (FieldBase & { kind: "date" })
  | (FieldBase & {
      kind: "list";
      /** "Goal" → inputs "Goal 1", "Goal 2"… */
      itemLabel: string;
      addLabel: string;
      max: number;
      /** One input per row whose answer is a plain string (goals), or the keys of each row's object. */
      items: "strings" | readonly ListItemField[];
    });

export type ListField = Extract<LaunchpadField, { kind: "list" }>;

/** A list of strings keeps each string in a row object: field arrays hold objects. */
export const STRING_ROW_KEY = "value";

export function optionValue(option: SelectOption): string {
  return typeof option === "string" ? option : option.value;
}

export function optionLabel(option: SelectOption): string {
  return typeof option === "string" ? option : option.label;
}

export function rowFields(field: ListField): readonly ListItemField[] {
  return field.items === "strings" ? [{ key: STRING_ROW_KEY, label: "" }] : field.items;
}

const asString = (value: unknown) => (typeof value === "string" ? value : "");
const isBlank = (value: unknown) => typeof value !== "string" || value.trim() === "";

/** The form's values from a page's saved answers (null when never saved); anything unexpected starts empty. */
export function toFormValues(fields: readonly LaunchpadField[], snapshot: unknown): FieldValues {
  const saved = typeof snapshot === "object" && snapshot !== null ? (snapshot as Record<string, unknown>) : {};
  const values: FieldValues = {};
  for (const field of fields) {
    const answer = saved[field.name];
    switch (field.kind) {
      case "text":
      case "date":
        values[field.name] = asString(answer);
        break;
      case "number":
        values[field.name] = typeof answer === "number" ? String(answer) : "";
        break;
      case "select": {
        const value = field.numeric && typeof answer === "number" ? String(answer) : asString(answer);
        values[field.name] = field.options.some((option) => optionValue(option) === value) ? value : "";
        break;
      }
      case "checkboxes":
        values[field.name] = Array.isArray(answer) ? answer.filter((item) => field.options.includes(item as string)) : [];
        break;
      case "yes-no":
        values[field.name] = answer === true ? "yes" : answer === false ? "no" : null;
        break;
      case "list":
        values[field.name] = Array.isArray(answer) ? answer.map((item: unknown) => toRow(field, item)) : [];
        break;
    }
  }
  return values;
}

function toRow(field: ListField, item: unknown): Record<string, string> {
  if (field.items === "strings") return { [STRING_ROW_KEY]: asString(item) };
  const saved = typeof item === "object" && item !== null ? (item as Record<string, unknown>) : {};
  return Object.fromEntries(field.items.map((part) => [part.key, asString(saved[part.key])]));
}

/** An empty row for a list's "Add" button. */
export function emptyRow(field: ListField): Record<string, string> {
  return Object.fromEntries(rowFields(field).map((part) => [part.key, ""]));
}

export interface PreparedAnswers {
  answers: Record<string, unknown>;
  /** For each list, the form row each sent item came from (blank rows are not sent). */
  rowIndexes: Record<string, number[]>;
}

/**
 * The answers to send from the form's values: unanswered questions are left out, blank rows of
 * a list are dropped, and a draft leaves out empty lists (the schema's minimum counts only when
 * complete). What remains goes through the page's schema as it is.
 */
export function toAnswers(fields: readonly LaunchpadField[], values: FieldValues, mode: SaveMode): PreparedAnswers {
  const answers: Record<string, unknown> = {};
  const rowIndexes: Record<string, number[]> = {};
  for (const field of fields) {
    const value: unknown = values[field.name];
    switch (field.kind) {
      case "text":
      case "date":
        if (!isBlank(value)) answers[field.name] = value;
        break;
      case "number":
      case "select":
        if (!isBlank(value)) answers[field.name] = field.kind === "number" || field.numeric ? Number(value) : value;
        break;
      case "yes-no":
        if (value === "yes" || value === "no") answers[field.name] = value === "yes";
        break;
      case "checkboxes": {
        const chosen = Array.isArray(value) ? value : [];
        if (chosen.length > 0 || mode === "complete") answers[field.name] = chosen;
        break;
      }
      case "list": {
        const rows = (Array.isArray(value) ? value : []) as Record<string, unknown>[];
        const kept = rows.flatMap((row, index) => (rowFields(field).every((part) => isBlank(row[part.key])) ? [] : [index]));
        rowIndexes[field.name] = kept;
        if (kept.length > 0 || mode === "complete") answers[field.name] = kept.map((index) => fromRow(field, rows[index] ?? {}));
        break;
      }
    }
  }
  return { answers, rowIndexes };
}

function fromRow(field: ListField, row: Record<string, unknown>): unknown {
  if (field.items === "strings") return row[STRING_ROW_KEY];
  return Object.fromEntries(field.items.map((part) => [part.key, row[part.key]]));
}

/**
 * The form field an answer's issue belongs to, or null when no question matches. `path` is the
 * schema's issue path, or a server detail's path with its leading "answers" already removed.
 */
export function formFieldOf(fields: readonly LaunchpadField[], path: readonly PropertyKey[], rowIndexes: Record<string, number[]>): string | null {
  const [name, index, key] = path;
  const field = fields.find((candidate) => candidate.name === name);
  if (!field) return null;
  if (field.kind !== "list") return field.name;
  const sentIndex = Number(index);
  // An issue with the list as a whole (too few, duplicates) goes to the list's root.
  if (index === undefined || !Number.isInteger(sentIndex)) return `${field.name}.root`;
  const row = rowIndexes[field.name]?.[sentIndex] ?? sentIndex;
  const part = field.items === "strings" ? STRING_ROW_KEY : (field.items.find((item) => item.key === key) ?? field.items[0])?.key;
  return `${field.name}.${row}.${part ?? STRING_ROW_KEY}`;
}

/** A server detail's path ("answers.entities.0.name") as schema path segments. */
export function answerPathOf(detailPath: string): PropertyKey[] {
  const segments = detailPath.split(".");
  if (segments[0] === "answers") segments.shift();
  return segments.map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

export interface AnswersChecker {
  /** For React Hook Form: valid answers come out as the values handleSubmit passes on. */
  resolver: Resolver<FieldValues>;
  /** The save being made. */
  mode: () => SaveMode;
  /** Called by the button pressed, before the form submits. */
  setMode: (mode: SaveMode) => void;
}

/**
 * Checks the form against the page's schema for the save being made: the draft schema takes
 * partial answers, the complete one needs them all. Each issue lands on its question (the first
 * per field); one no question matches goes to "root.answers".
 */
export function createAnswersChecker(fields: readonly LaunchpadField[], schemas: PageSchemas): AnswersChecker {
  let mode: SaveMode = "draft";
  return {
    mode: () => mode,
    setMode: (next) => {
      mode = next;
    },
    resolver: (values) => {
      const { answers, rowIndexes } = toAnswers(fields, values, mode);
      const result = schemas[mode].safeParse(answers);
      if (result.success) return { values: result.data, errors: {} };
      const errors: FieldErrors = {};
      for (const issue of result.error.issues) {
        const name = formFieldOf(fields, issue.path, rowIndexes) ?? "root.answers";
        if (get(errors, name) === undefined) set(errors, name, { type: issue.code, message: issue.message } satisfies FieldError);
      }
      return { values: {}, errors };
    },
  };
}
