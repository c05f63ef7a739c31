import { z } from "zod";
import { CONFIGURATION_QUESTION_KINDS, hasControlCharacterBesidesLineBreaks, hasLoneSurrogate } from "../domain/configuration-answers.ts";
import { exportFileName } from "../domain/export-file-name.ts";
import { answeredInSchema } from "./answered-in.ts";
import { defineRoute } from "./http.ts";

/**
 * The configuration questionnaire (spec §2 /configuration, §3 configuration_responses and
 * module_submission_status, §4 "configuration complete"): the questions of the organization's
 * plan grouped by ERP module, their latest answers, and each module's submission. Verdicts are
 * decided on the server and sent with the data.
 */

export const CONFIGURATION_ANSWERS_PER_SAVE = 100;
export const REOPEN_REASON_MIN = 3;
export const REOPEN_REASON_MAX = 500;
/** The same as a curriculum key: lower-case letters and digits joined by hyphens. */
const QUESTION_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const CONFIGURATION_MESSAGES = {
  moduleSubmitted: "This module has been submitted. Ask your provider to reopen it to change answers.",
  alreadySubmitted: "This module has already been submitted.",
  notSubmitted: "This module is not submitted, so there is nothing to reopen.",
  moduleNotFound: "Configuration module not found",
  unknownQuestion: "Unknown question",
  answeredTwice: "Answer each question once per save",
  saved: "Answers saved",
  submitted: "Module submitted",
  reopened: "Module reopened",
} as const;

/** "Answer every required question before submitting: N left". */
export function unansweredRequiredMessage(left: number): string {
  return `Answer every required question before submitting: ${left} left`;
}

/** The export's file name: `configuration-<organization name slug>-<YYYY-MM-DD>.csv`. */
export function configurationExportFileName(organizationName: string, day: Date): string {
  return exportFileName("configuration", organizationName, day);
}

export const configurationAnswerSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

export const configurationQuestionSchema = z.object({
  key: z.string(),
  prompt: z.string(),
  help: z.string().nullable(),
  kind: z.enum(CONFIGURATION_QUESTION_KINDS),
  options: z.array(z.string()),
  required: z.boolean(),
  /** The latest answer; null when none (or cleared). */
  answer: configurationAnswerSchema.nullable(),
  /** The latest saved version (a clearing counts), null when never answered. */
  version: z.number().int().nullable(),
  saved_at: z.string().nullable(),
  /** The page that answers it (read-only here); null when it is answered in place. */
  answered_in: answeredInSchema.nullable(),
});
export type ConfigurationQuestion = z.infer<typeof configurationQuestionSchema>;

/** When and by whom; `at` is null only for a submission recorded without a time. */
const byWhomSchema = z.object({ at: z.string().nullable(), by_name: z.string().nullable() });

export const configurationModuleSchema = z.object({
  module: z.string(),
  submitted: byWhomSchema.nullable(),
  /** The last reopening, kept after a new submission. */
  reopened: z.object({ at: z.string(), by_name: z.string().nullable(), reason: z.string() }).nullable(),
  answered: z.number().int(),
  required_total: z.number().int(),
  required_answered: z.number().int(),
  questions: z.array(configurationQuestionSchema),
  /** Every required question answered and not submitted yet. */
  can_submit: z.boolean(),
  /** Not submitted: answers may change. */
  can_edit: z.boolean(),
  /** The caller is a provider employee and the module is submitted. */
  can_reopen: z.boolean(),
});
export type ConfigurationModule = z.infer<typeof configurationModuleSchema>;

export const configurationSchema = z.object({
  /** Modules in the order of their first question, questions by position. */
  modules: z.array(configurationModuleSchema),
  /** Employees export the answers as CSV. */
  can_export: z.boolean(),
  /** The export's file name today; null when the caller cannot export. */
  export_file_name: z.string().nullable(),
});
export type Configuration = z.infer<typeof configurationSchema>;

export const saveConfigurationAnswersBodySchema = z.object({
  answers: z
    .array(
      z.object({
        question_key: z.string({ error: "question_key is required" }).max(100, { error: "Unknown question" }).regex(QUESTION_KEY_PATTERN, { error: "Unknown question" }),
        /** Checked by the question's kind (common/domain/configuration-answers.ts); null clears the answer. */
        value: z.unknown(),
      }),
      { error: "answers must be a list" },
    )
    .min(1, { error: "Send at least one answer" })
    .max(CONFIGURATION_ANSWERS_PER_SAVE, { error: `Send at most ${CONFIGURATION_ANSWERS_PER_SAVE} answers at a time` }),
});
export type SaveConfigurationAnswersBody = z.input<typeof saveConfigurationAnswersBodySchema>;

export const savedConfigurationAnswersSchema = z.object({
  /** Each answer sent, as it now stands (unchanged ones too). */
  answers: z.array(
    z.object({
      question_key: z.string(),
      answer: configurationAnswerSchema.nullable(),
      version: z.number().int().nullable(),
      saved_at: z.string().nullable(),
    }),
  ),
  /** How many new versions were written (unchanged answers write none). */
  written: z.number().int(),
});
export type SavedConfigurationAnswers = z.infer<typeof savedConfigurationAnswersSchema>;

export const reopenModuleBodySchema = z.object({
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(REOPEN_REASON_MIN, { error: `Reason must be at least ${REOPEN_REASON_MIN} characters` })
    .max(REOPEN_REASON_MAX, { error: `Reason must be at most ${REOPEN_REASON_MAX} characters` })
    .refine((text) => !hasControlCharacterBesidesLineBreaks(text), { error: "Reason cannot contain control characters" })
    .refine((text) => !hasLoneSurrogate(text), { error: "Reason contains an invalid character" }),
});
export type ReopenModuleBody = z.input<typeof reopenModuleBodySchema>;

const tag = "Configuration";
const base = "/api/configuration";
const oneModule = `${base}/modules/:module`;

export const getConfigurationRoute = defineRoute({
  id: "getConfiguration", method: "get", path: base, tag, access: "organization", item: "configuration",
  summary: "The questionnaire of the organization's plan by module, with the latest answers, submissions and verdicts",
  response: configurationSchema,
});
export const saveConfigurationAnswersRoute = defineRoute({
  id: "saveConfigurationAnswers", method: "put", path: `${base}/responses`, tag, access: "organization", item: "configuration",
  summary: "Save draft answers (1–100): each changed one as a new version, unchanged ones write nothing; null clears",
  body: saveConfigurationAnswersBodySchema, response: savedConfigurationAnswersSchema,
});
export const submitConfigurationModuleRoute = defineRoute({
  id: "submitConfigurationModule", method: "post", path: `${oneModule}/submit`, tag, access: "organization", item: "configuration",
  summary: "Submit a module (every required question answered); its answers become read-only",
  response: configurationSchema,
});
export const reopenConfigurationModuleRoute = defineRoute({
  id: "reopenConfigurationModule", method: "post", path: `${oneModule}/reopen`, tag, access: "employee-organization", item: "configuration",
  summary: "Reopen a submitted module with a reason (employees)",
  body: reopenModuleBodySchema, response: configurationSchema,
});
export const exportConfigurationRoute = defineRoute({
  id: "exportConfiguration", method: "get", path: `${base}/export`, tag, access: "employee-organization", item: "configuration",
  summary: "The questionnaire's answers as CSV (employees)",
  response: z.string(), produces: "text/csv",
});
