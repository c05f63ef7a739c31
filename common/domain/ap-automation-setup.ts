import type { FieldIssue } from "../errors.ts";
import { rowLabel } from "./extension-workspaces.ts";
import { parseAmountToCents } from "./money.ts";

/**
 * AP Automation's set-up (spec §2 /extensions/ap-automation): who approves vendor bills by amount,
 * how bills are matched, where they arrive, and how they are paid. Amounts are in the
 * organization's currency, written as decimal text ("1000.00") as the contract stores them.
 */

export const APPROVER_ROLES = ["ap_clerk", "ap_manager", "controller", "cfo", "department_head", "owner"] as const;
export type ApproverRole = (typeof APPROVER_ROLES)[number];
export const APPROVER_ROLE_LABELS: Record<ApproverRole, string> = {
  ap_clerk: "AP clerk",
  ap_manager: "AP manager",
  controller: "Controller",
  cfo: "CFO",
  department_head: "Department head",
  owner: "Owner",
};

export const MAX_APPROVALS_REQUIRED = 3;
export const MAX_APPROVAL_RULES = 20;

export const MATCHING_MODES = ["two_way", "three_way"] as const;
export type MatchingMode = (typeof MATCHING_MODES)[number];
export const MATCHING_MODE_LABELS: Record<MatchingMode, string> = {
  two_way: "Two-way (bill to purchase order)",
  three_way: "Three-way (bill to purchase order and receipt)",
};
export const MAX_TOLERANCE_PERCENT = 20;

export const BILL_FORMATS = ["pdf", "image", "e_invoice_xml"] as const;
export type BillFormat = (typeof BILL_FORMATS)[number];
export const BILL_FORMAT_LABELS: Record<BillFormat, string> = { pdf: "PDF", image: "Image (JPEG, PNG, TIFF)", e_invoice_xml: "E-invoice XML" };

export const PAYMENT_FREQUENCIES = ["weekly", "biweekly", "semimonthly", "monthly"] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];
export const PAYMENT_FREQUENCY_LABELS: Record<PaymentFrequency, string> = {
  weekly: "Weekly",
  biweekly: "Every two weeks",
  semimonthly: "Twice a month (the 15th and the last day)",
  monthly: "Monthly",
};

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = { monday: "Monday", tuesday: "Tuesday", wednesday: "Wednesday", thursday: "Thursday", friday: "Friday" };

/** Days every month has, so a monthly run never falls on a day that does not exist. */
export const MAX_PAYMENT_DAY_OF_MONTH = 28;

export const PAYMENT_METHODS = ["ach", "check", "wire", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { ach: "ACH", check: "Check", wire: "Wire", card: "Card" };

/** A run that falls on a weekday; a monthly one falls on a day of the month; twice a month has fixed days. */
export function paymentDayKind(frequency: PaymentFrequency | null): "weekday" | "day_of_month" | null {
  if (frequency === "weekly" || frequency === "biweekly") return "weekday";
  return frequency === "monthly" ? "day_of_month" : null;
}

export interface ApprovalRuleDraft {
  min_amount: string | null;
  /** Not included in the range; null: no upper limit. */
  max_amount: string | null;
  approver_role: ApproverRole | null;
  approvals_required: number | null;
}

export interface ApAutomationAnswers {
  approval_rules: ApprovalRuleDraft[];
  matching: { mode: MatchingMode | null; price_tolerance_percent: number | null; quantity_tolerance_percent: number | null };
  intake: { email: string | null; formats: BillFormat[] };
  payment_runs: {
    frequency: PaymentFrequency | null;
    weekday: Weekday | null;
    day_of_month: number | null;
    methods: PaymentMethod[];
    release_role: ApproverRole | null;
    cutoff_time: string | null;
  };
}

export const EMPTY_AP_AUTOMATION_ANSWERS: ApAutomationAnswers = {
  approval_rules: [],
  matching: { mode: null, price_tolerance_percent: null, quantity_tolerance_percent: null },
  intake: { email: null, formats: [] },
  payment_runs: { frequency: null, weekday: null, day_of_month: null, methods: [], release_role: null, cutoff_time: null },
};

const ruleName = (index: number) => rowLabel("rule", index);

// The organization's currency, whichever it is: amounts are written without a symbol.
const AMOUNT = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formatAmount = (cents: number) => AMOUNT.format(cents / 100);

function describeRange(min: number, max: number | null): string {
  return max === null ? `from ${formatAmount(min)} up` : `from ${formatAmount(min)} up to ${formatAmount(max)}`;
}

/**
 * What is wrong with the approval rules' amount ranges: each range must end above its start, and
 * together they start at 0 and follow one another without overlaps or gaps (a rule's "up to" is
 * the next one's "from"). Rules whose "from" is not filled in yet are left out; each problem is
 * reported on the rule it makes wrong, naming the other rule by its number on the page.
 */
export function findApprovalRangeIssues(rules: readonly Pick<ApprovalRuleDraft, "min_amount" | "max_amount">[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const path = (index: number, field: "min_amount" | "max_amount") => `approval_rules.${index}.${field}`;
  const ranges: { index: number; min: number; max: number | null }[] = [];
  rules.forEach((rule, index) => {
    const min = rule.min_amount === null ? null : parseAmountToCents(rule.min_amount);
    const max = rule.max_amount === null ? null : parseAmountToCents(rule.max_amount);
    if (min === null) return;
    if (max !== null && max <= min) {
      issues.push({ path: path(index, "max_amount"), message: `Must be more than the rule's "from" amount (${formatAmount(min)})` });
      return;
    }
    ranges.push({ index, min, max });
  });
  ranges.sort((a, b) => a.min - b.min || a.index - b.index);
  const first = ranges[0];
  if (first && first.min !== 0) issues.push({ path: path(first.index, "min_amount"), message: "The lowest rule must start at 0" });
  for (let position = 1; position < ranges.length; position += 1) {
    const before = ranges[position - 1];
    const current = ranges[position];
    if (!before || !current) continue;
    const other = `${ruleName(before.index)} (${describeRange(before.min, before.max)})`;
    if (before.max === null || current.min < before.max) {
      issues.push({ path: path(current.index, "min_amount"), message: `Overlaps ${other}` });
    } else if (current.min > before.max) {
      issues.push({ path: path(current.index, "min_amount"), message: `Leaves a gap after ${other}: start at ${formatAmount(before.max)}` });
    }
  }
  return issues;
}

/**
 * What a submission still needs, each under the field to fill: at least one approval rule, every
 * rule whole, the highest without an upper limit (every bill has an approver), the matching, the
 * intake address and a format, and the payment runs with the day their frequency needs.
 */
export function findMissingApAnswers(answers: ApAutomationAnswers): FieldIssue[] {
  const missing: FieldIssue[] = [];
  const need = (path: string, message: string) => missing.push({ path, message });
  if (answers.approval_rules.length === 0) need("approval_rules", "Add at least one approval rule");
  answers.approval_rules.forEach((rule, index) => {
    const name = rowLabel("Rule", index);
    if (rule.min_amount === null) need(`approval_rules.${index}.min_amount`, `${name}: enter the amount it starts from`);
    if (rule.approver_role === null) need(`approval_rules.${index}.approver_role`, `${name}: choose the approver role`);
    if (rule.approvals_required === null) need(`approval_rules.${index}.approvals_required`, `${name}: choose how many approvals it needs`);
  });
  if (answers.approval_rules.length > 0 && answers.approval_rules.every((rule) => rule.max_amount !== null)) {
    need("approval_rules", "Leave the highest rule without an upper limit, so that every bill has an approver");
  }
  const { matching, intake, payment_runs: runs } = answers;
  if (matching.mode === null) need("matching.mode", "Choose two-way or three-way matching");
  if (matching.price_tolerance_percent === null) need("matching.price_tolerance_percent", "Enter the price tolerance");
  if (matching.quantity_tolerance_percent === null) need("matching.quantity_tolerance_percent", "Enter the quantity tolerance");
  if (intake.email === null) need("intake.email", "Enter the address vendor bills are sent to");
  if (intake.formats.length === 0) need("intake.formats", "Choose at least one accepted bill format");
  if (runs.frequency === null) need("payment_runs.frequency", "Choose how often payment runs happen");
  const dayKind = paymentDayKind(runs.frequency);
  if (dayKind === "weekday" && runs.weekday === null) need("payment_runs.weekday", "Choose the weekday of the payment run");
  if (dayKind === "day_of_month" && runs.day_of_month === null) need("payment_runs.day_of_month", "Choose the day of the month of the payment run");
  if (runs.methods.length === 0) need("payment_runs.methods", "Choose at least one payment method");
  if (runs.release_role === null) need("payment_runs.release_role", "Choose who releases a payment run");
  if (runs.cutoff_time === null) need("payment_runs.cutoff_time", "Enter the cut-off time for bills in a run");
  return missing;
}

/** The answers as kept: a day the frequency does not use is dropped (the page hides its field). */
export function normalizeApAnswers(answers: ApAutomationAnswers): ApAutomationAnswers {
  const dayKind = paymentDayKind(answers.payment_runs.frequency);
  return {
    ...answers,
    payment_runs: {
      ...answers.payment_runs,
      weekday: dayKind === "weekday" ? answers.payment_runs.weekday : null,
      day_of_month: dayKind === "day_of_month" ? answers.payment_runs.day_of_month : null,
    },
  };
}
