import { z } from "zod";
import {
  APPROVER_ROLES,
  type ApAutomationAnswers,
  BILL_FORMATS,
  EMPTY_AP_AUTOMATION_ANSWERS,
  MATCHING_MODES,
  MAX_APPROVALS_REQUIRED,
  MAX_APPROVAL_RULES,
  MAX_PAYMENT_DAY_OF_MONTH,
  MAX_TOLERANCE_PERCENT,
  PAYMENT_FREQUENCIES,
  PAYMENT_METHODS,
  WEEKDAYS,
  findApprovalRangeIssues,
} from "../domain/ap-automation-setup.ts";
import {
  ALLOCATION_METHODS,
  CARRIER_MAX,
  CONTAINER_CODE_MAX,
  CONTAINER_CODE_PATTERN,
  CONTAINER_DESCRIPTION_MAX,
  type ContainerManagementAnswers,
  EMPTY_CONTAINER_MANAGEMENT_ANSWERS,
  LANDED_COST_KINDS,
  MAX_CONTAINER_TYPES,
  MAX_DIMENSION_CM,
  MAX_LANES,
  MAX_PORTS,
  MAX_TRANSIT_DAYS,
  MAX_VOLUME_M3,
  MAX_WEIGHT_KG,
  PORT_NAME_MAX,
  findContainerSetupIssues,
} from "../domain/container-management-setup.ts";
import { hasAtMostTwoDecimals } from "../domain/extension-workspaces.ts";
import { centsToDecimal, parseAmountToCents } from "../domain/money.ts";
import { checkLocode, normalizeLocode } from "../domain/shipping-codes.ts";
import type { FieldIssue } from "../errors.ts";
import { hasControlCharacter, hasInvisibleFormatCharacter } from "./text-fields.ts";

/**
 * The answers of the extension workspaces as a draft: every field may be left empty (null), and
 * every field given is checked, alone and across rows, with its path (`approval_rules.0.min_amount`)
 * so that the page shows the problem under it. The server and the page's forms use these schemas.
 */

/** Text fields: "" (an emptied input) is no answer. */
function blankAsNull<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string({ error: "Must be text" })
    .transform((text) => (text.trim() === "" ? null : text))
    .pipe(schema.nullable())
    .nullable()
    .default(null);
}

function plainText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((text) => !hasControlCharacter(text) && !hasInvisibleFormatCharacter(text), { error: `${label} cannot contain control or invisible characters` });
}

function wholeNumber(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min.toLocaleString("en-US")}` })
    .max(max, { error: `${label} must be at most ${max.toLocaleString("en-US")}` })
    .nullable()
    .default(null);
}

function decimalNumber(label: string, min: number, max: number, minExclusive = false) {
  return z
    .number({ error: `${label} must be a number` })
    .refine((value) => (minExclusive ? value > min : value >= min), { error: `${label} must be ${minExclusive ? "more than" : "at least"} ${min}` })
    .refine((value) => value <= max, { error: `${label} must be at most ${max}` })
    .refine(hasAtMostTwoDecimals, { error: `${label} can have at most two decimals` })
    .nullable()
    .default(null);
}

function choice<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z.enum(options, { error: message }).nullable().default(null);
}

function choices<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z
    .array(z.enum(options, { error: message }), { error: message })
    .max(options.length, { error: "Choose each option once" })
    .refine((values) => new Set(values).size === values.length, { error: "Choose each option once" })
    .default([]);
}

const amount = blankAsNull(
  z.string().transform((text, context) => {
    const cents = parseAmountToCents(text);
    if (cents === null) {
      context.addIssue({ code: "custom", message: "Must be an amount like 1000 or 1,000.00 (not negative, at most two decimals)" });
      return z.NEVER;
    }
    return centsToDecimal(cents);
  }),
);

/** Cross-row issues as zod issues, at their paths ("approval_rules.2.min_amount"). */
function addIssues(context: z.RefinementCtx, issues: readonly FieldIssue[]): void {
  for (const issue of issues) {
    context.addIssue({ code: "custom", message: issue.message, path: issue.path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)) });
  }
}

export const approvalRuleSchema = z.object({
  min_amount: amount,
  max_amount: amount,
  approver_role: choice(APPROVER_ROLES, "Choose an approver role from the list"),
  approvals_required: wholeNumber("Approvals required", 1, MAX_APPROVALS_REQUIRED),
});

const paymentRunsSchema = z.object({
  frequency: choice(PAYMENT_FREQUENCIES, "Choose a frequency from the list"),
  weekday: choice(WEEKDAYS, "Choose a weekday from Monday to Friday"),
  day_of_month: wholeNumber("Day of the month", 1, MAX_PAYMENT_DAY_OF_MONTH),
  methods: choices(PAYMENT_METHODS, "Choose payment methods from the list"),
  release_role: choice(APPROVER_ROLES, "Choose a role from the list"),
  cutoff_time: blankAsNull(z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Must be a time written HH:MM (24-hour)" })),
});

export const apAutomationAnswersSchema = z
  .object({
    approval_rules: z
      .array(approvalRuleSchema, { error: "approval_rules must be a list" })
      .max(MAX_APPROVAL_RULES, { error: `At most ${MAX_APPROVAL_RULES} approval rules` })
      .default([]),
    matching: z
      .object({
        mode: choice(MATCHING_MODES, "Choose two-way or three-way matching"),
        price_tolerance_percent: decimalNumber("Price tolerance", 0, MAX_TOLERANCE_PERCENT),
        quantity_tolerance_percent: decimalNumber("Quantity tolerance", 0, MAX_TOLERANCE_PERCENT),
      })
      .default(EMPTY_AP_AUTOMATION_ANSWERS.matching),
    intake: z
      .object({
        email: blankAsNull(z.string().trim().max(254, { error: "At most 254 characters" }).pipe(z.email({ error: "Must be an email address such as bills@example.com" }))),
        formats: choices(BILL_FORMATS, "Choose bill formats from the list"),
      })
      .default(EMPTY_AP_AUTOMATION_ANSWERS.intake),
    payment_runs: paymentRunsSchema.default(EMPTY_AP_AUTOMATION_ANSWERS.payment_runs),
  })
  .superRefine((answers, context) => addIssues(context, findApprovalRangeIssues(answers.approval_rules))) satisfies z.ZodType<ApAutomationAnswers>;
export type ApAutomationAnswersInput = z.input<typeof apAutomationAnswersSchema>;

const locode = blankAsNull(
  z
    .string()
    .transform(normalizeLocode)
    .refine((code) => checkLocode(code) === null, { error: "Must be a UN/LOCODE: 2 letters of the country, then 3 letters or digits 2–9 (e.g. USNYC)" }),
);

export const containerTypeSchema = z.object({
  code: blankAsNull(
    z
      .string()
      .trim()
      .transform((code) => code.toUpperCase())
      .pipe(
        z
          .string()
          .max(CONTAINER_CODE_MAX, { error: `Code must be at most ${CONTAINER_CODE_MAX} characters` })
          .regex(CONTAINER_CODE_PATTERN, { error: "Code may hold letters, digits and hyphens only" }),
      ),
  ),
  description: blankAsNull(plainText("Description", CONTAINER_DESCRIPTION_MAX)),
  length_cm: wholeNumber("Length", 1, MAX_DIMENSION_CM),
  width_cm: wholeNumber("Width", 1, MAX_DIMENSION_CM),
  height_cm: wholeNumber("Height", 1, MAX_DIMENSION_CM),
  max_payload_kg: wholeNumber("Max payload", 1, MAX_WEIGHT_KG),
  tare_kg: wholeNumber("Tare weight", 1, MAX_WEIGHT_KG),
  volume_m3: decimalNumber("Volume", 0, MAX_VOLUME_M3, true),
});

export const portSchema = z.object({
  code: locode,
  name: blankAsNull(plainText("Name", PORT_NAME_MAX)),
  country: blankAsNull(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, { error: "Must be a two-letter country code such as US" })
      .transform((code) => code.toUpperCase()),
  ),
});

export const laneSchema = z.object({
  origin: locode,
  destination: locode,
  transit_days: wholeNumber("Transit days", 1, MAX_TRANSIT_DAYS),
  carrier: blankAsNull(plainText("Carrier", CARRIER_MAX)),
});

export const containerManagementAnswersSchema = z
  .object({
    container_types: z
      .array(containerTypeSchema, { error: "container_types must be a list" })
      .max(MAX_CONTAINER_TYPES, { error: `At most ${MAX_CONTAINER_TYPES} container types` })
      .default([]),
    ports: z.array(portSchema, { error: "ports must be a list" }).max(MAX_PORTS, { error: `At most ${MAX_PORTS} ports` }).default([]),
    lanes: z.array(laneSchema, { error: "lanes must be a list" }).max(MAX_LANES, { error: `At most ${MAX_LANES} lanes` }).default([]),
    landed_costs: z
      .object({
        method: choice(ALLOCATION_METHODS, "Choose an allocation method from the list"),
        cost_kinds: choices(LANDED_COST_KINDS, "Choose cost kinds from the list"),
      })
      .default(EMPTY_CONTAINER_MANAGEMENT_ANSWERS.landed_costs),
  })
  .superRefine((answers, context) => addIssues(context, findContainerSetupIssues(answers))) satisfies z.ZodType<ContainerManagementAnswers>;
export type ContainerManagementAnswersInput = z.input<typeof containerManagementAnswersSchema>;
