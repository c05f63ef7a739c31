/**
 * What an answer to a configuration question may be, by the question's kind: the one rule the
 * server checks a save with and the web forms (the questionnaire, the launch plan's lessons and
 * surveys) check a draft with before sending it.
 */

export const CONFIGURATION_QUESTION_KINDS = ["single_choice", "multiple_choice", "text", "number", "date", "yes_no"] as const;
export type ConfigurationQuestionKind = (typeof CONFIGURATION_QUESTION_KINDS)[number];

/** A stored answer: one option, several options, text, a number, a date (YYYY-MM-DD) or yes/no. */
export type ConfigurationAnswer = string | number | boolean | string[];

/** What the rules need of a question. */
export interface ConfigurationAnswerRules {
  kind: ConfigurationQuestionKind;
  options: readonly string[];
}

export const CONFIGURATION_TEXT_MAX = 2000;
/** Numbers stay within ± this, so every answer survives JSON and a spreadsheet exactly enough. */
export const CONFIGURATION_NUMBER_LIMIT = 1e12;

/** The answer to store (normalised), null to clear it, or why it is refused, in words for the user. */
export type ConfigurationAnswerCheck = { ok: true; value: ConfigurationAnswer | null } | { ok: false; message: string };

// Half of a surrogate pair: JSON carries it, but PostgreSQL's jsonb refuses it.
const LONE_SURROGATE = /\p{Cs}/u;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when the text holds a control character other than tab, line feed or carriage return (answers may span lines). */
export function hasControlCharacterBesidesLineBreaks(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** True when the text holds half of a surrogate pair. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

const accept = (value: ConfigurationAnswer | null): ConfigurationAnswerCheck => ({ ok: true, value });
const refuse = (message: string): ConfigurationAnswerCheck => ({ ok: false, message });

/** A real calendar day written YYYY-MM-DD (no 2030-02-30). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function checkText(value: unknown): ConfigurationAnswerCheck {
  if (typeof value !== "string") return refuse("Enter the answer as text");
  const text = value.trim();
  if (text === "") return accept(null);
  if (text.length > CONFIGURATION_TEXT_MAX) return refuse(`Answer must be at most ${CONFIGURATION_TEXT_MAX} characters`);
  if (hasControlCharacterBesidesLineBreaks(text)) return refuse("Answer cannot contain control characters");
  if (hasLoneSurrogate(text)) return refuse("Answer contains an invalid character");
  return accept(text);
}

function checkNumber(value: unknown): ConfigurationAnswerCheck {
  if (typeof value !== "number" || !Number.isFinite(value)) return refuse("Enter a number");
  if (Math.abs(value) > CONFIGURATION_NUMBER_LIMIT) return refuse("Enter a number between -1,000,000,000,000 and 1,000,000,000,000");
  return accept(value === 0 ? 0 : value);
}

function checkMultipleChoice(options: readonly string[], value: unknown): ConfigurationAnswerCheck {
  if (!Array.isArray(value)) return refuse("Choose one or more of the options");
  if (value.length === 0) return refuse("Choose at least one option");
  if (!value.every((entry): entry is string => typeof entry === "string" && options.includes(entry))) return refuse("Choose only from the options");
  if (new Set(value).size !== value.length) return refuse("Choose each option once");
  // In the options' order, so that the same choices are always the same answer.
  return accept(options.filter((option) => value.includes(option)));
}

/**
 * Checks an answer for a question of `kind`: null clears it; text is trimmed (empty clears it),
 * several choices are kept in the options' order.
 */
export function checkConfigurationAnswer(question: ConfigurationAnswerRules, value: unknown): ConfigurationAnswerCheck {
  if (value === null) return accept(null);
  if (value === undefined) return refuse("Give an answer, or null to clear it");
  switch (question.kind) {
    case "single_choice":
      return typeof value === "string" && question.options.includes(value) ? accept(value) : refuse("Choose one of the options");
    case "multiple_choice":
      return checkMultipleChoice(question.options, value);
    case "text":
      return checkText(value);
    case "number":
      return checkNumber(value);
    case "date":
      return typeof value === "string" && isIsoDate(value) ? accept(value) : refuse("Enter a date as YYYY-MM-DD");
    case "yes_no":
      return typeof value === "boolean" ? accept(value) : refuse("Answer yes or no");
  }
}

/** A stored answer as the question reads it today; one its rules no longer accept counts as none. */
export function readStoredAnswer(question: ConfigurationAnswerRules, stored: unknown): ConfigurationAnswer | null {
  const check = checkConfigurationAnswer(question, stored ?? null);
  return check.ok ? check.value : null;
}

export function isSameConfigurationAnswer(a: ConfigurationAnswer | null, b: ConfigurationAnswer | null): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((entry, index) => entry === b[index]);
  return a === b;
}

/** An answer as one line of text: choices joined with "; ", yes/no as words; "" for none. */
export function formatConfigurationAnswer(answer: ConfigurationAnswer | null): string {
  if (answer === null) return "";
  if (Array.isArray(answer)) return answer.join("; ");
  if (typeof answer === "boolean") return answer ? "Yes" : "No";
  return String(answer);
}

// ---- Drafts: what a form holds while the user edits ----

/**
 * A form's value for a question: the text typed (text, number, date), the option chosen ("" for
 * none), "yes" / "no" / "", or the options ticked.
 */
export type ConfigurationDraft = string | readonly string[];

export function draftOfAnswer(kind: ConfigurationQuestionKind, answer: ConfigurationAnswer | null): ConfigurationDraft {
  if (kind === "multiple_choice") return Array.isArray(answer) ? answer : [];
  if (kind === "yes_no") return answer === true ? "yes" : answer === false ? "no" : "";
  if (answer === null || Array.isArray(answer) || typeof answer === "boolean") return "";
  return String(answer);
}

function draftValue(kind: ConfigurationQuestionKind, draft: ConfigurationDraft): unknown {
  if (kind === "multiple_choice") return Array.isArray(draft) && draft.length > 0 ? draft : null;
  if (typeof draft !== "string") return draft;
  const trimmed = draft.trim();
  switch (kind) {
    case "number":
      return trimmed === "" ? null : Number(trimmed);
    case "yes_no":
      return trimmed === "yes" ? true : trimmed === "no" ? false : trimmed === "" ? null : trimmed;
    case "single_choice":
    case "date":
      return trimmed === "" ? null : draft;
    case "text":
      return draft;
  }
}

/** The answer a draft stands for, checked by the same rules as a save: nothing entered clears it. */
export function answerOfDraft(question: ConfigurationAnswerRules, draft: ConfigurationDraft): ConfigurationAnswerCheck {
  return checkConfigurationAnswer(question, draftValue(question.kind, draft));
}
