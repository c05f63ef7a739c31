import { describe, expect, it } from "vitest";
import { apAutomationAnswersSchema } from "../contracts/extension-workspace-answers.ts";
import {
  type ApAutomationAnswers,
  EMPTY_AP_AUTOMATION_ANSWERS,
  findApprovalRangeIssues,
  findMissingApAnswers,
  normalizeApAnswers,
} from "./ap-automation-setup.ts";

const range = (min: string | null, max: string | null) => ({ min_amount: min, max_amount: max });

const COMPLETE_AP_ANSWERS: ApAutomationAnswers = {
  approval_rules: [
    { min_amount: "0.00", max_amount: "1000.00", approver_role: "ap_clerk", approvals_required: 1 },
    { min_amount: "1000.00", max_amount: null, approver_role: "controller", approvals_required: 2 },
  ],
  matching: { mode: "three_way", price_tolerance_percent: 2.5, quantity_tolerance_percent: 5 },
  intake: { email: "bills@acme.example", formats: ["pdf", "e_invoice_xml"] },
  payment_runs: { frequency: "weekly", weekday: "thursday", day_of_month: null, methods: ["ach"], release_role: "cfo", cutoff_time: "14:00" },
};

describe("findApprovalRangeIssues", () => {
  it("accepts ranges that start at 0 and follow one another, in any order on the page", () => {
    expect(findApprovalRangeIssues([range("5000.00", null), range("0.00", "1000.00"), range("1000.00", "5000.00")])).toEqual([]);
  });

  it("says which rule overlaps which", () => {
    expect(findApprovalRangeIssues([range("0.00", "1000.00"), range("500.00", null)])).toEqual([
      { path: "approval_rules.1.min_amount", message: "Overlaps rule 1 (from 0.00 up to 1,000.00)" },
    ]);
    // A rule without an upper limit overlaps every rule above it.
    expect(findApprovalRangeIssues([range("0.00", null), range("1000.00", null)])).toEqual([
      { path: "approval_rules.1.min_amount", message: "Overlaps rule 1 (from 0.00 up)" },
    ]);
  });

  it("says where a gap is and where the next rule should start", () => {
    expect(findApprovalRangeIssues([range("0.00", "1000.00"), range("2000.00", null)])).toEqual([
      { path: "approval_rules.1.min_amount", message: "Leaves a gap after rule 1 (from 0.00 up to 1,000.00): start at 1,000.00" },
    ]);
  });

  it("wants the lowest rule to start at 0, and each range to end above its start", () => {
    expect(findApprovalRangeIssues([range("100.00", null)])).toEqual([{ path: "approval_rules.0.min_amount", message: "The lowest rule must start at 0" }]);
    expect(findApprovalRangeIssues([range("0.00", "0.00")])).toEqual([
      { path: "approval_rules.0.max_amount", message: 'Must be more than the rule\'s "from" amount (0.00)' },
    ]);
  });

  it("leaves rules whose start is not filled in yet out of the comparison", () => {
    expect(findApprovalRangeIssues([range("0.00", "1000.00"), range(null, null)])).toEqual([]);
  });
});

describe("the draft schema", () => {
  it("reports amounts and cross-rule problems under the rule's field", () => {
    const result = apAutomationAnswersSchema.safeParse({
      approval_rules: [
        { min_amount: "0", max_amount: "1,000", approver_role: "ap_clerk", approvals_required: 1 },
        { min_amount: "900", max_amount: "", approver_role: "cfo", approvals_required: 4 },
        { min_amount: "12.345", max_amount: null, approver_role: "boss", approvals_required: null },
      ],
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual([
      ["approval_rules.1.approvals_required", "Approvals required must be at most 3"],
      ["approval_rules.2.min_amount", "Must be an amount like 1000 or 1,000.00 (not negative, at most two decimals)"],
      ["approval_rules.2.approver_role", "Choose an approver role from the list"],
    ]);
  });

  it("normalises amounts and accepts an incomplete draft", () => {
    const parsed = apAutomationAnswersSchema.parse({ approval_rules: [{ min_amount: "$0", max_amount: "1,000.5" }], intake: { email: "  " } });
    expect(parsed.approval_rules).toEqual([{ min_amount: "0.00", max_amount: "1000.50", approver_role: null, approvals_required: null }]);
    expect(parsed.intake).toEqual({ email: null, formats: [] });
    expect(parsed.payment_runs.frequency).toBeNull();
  });

  it("checks the matching tolerances, the intake address, the cut-off time and repeated choices", () => {
    const result = apAutomationAnswersSchema.safeParse({
      matching: { mode: "four_way", price_tolerance_percent: 25, quantity_tolerance_percent: 1.234 },
      intake: { email: "not an address", formats: ["pdf", "pdf"] },
      payment_runs: { cutoff_time: "25:00", day_of_month: 31 },
    });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "matching.mode",
      "matching.price_tolerance_percent",
      "matching.quantity_tolerance_percent",
      "intake.email",
      "intake.formats",
      "payment_runs.day_of_month",
      "payment_runs.cutoff_time",
    ]);
  });

  it("reports an overlap found across rules at its path", () => {
    const result = apAutomationAnswersSchema.safeParse({ approval_rules: [range("0", "100"), range("50", null)] });
    expect(result.error?.issues).toMatchObject([{ path: ["approval_rules", 1, "min_amount"], message: "Overlaps rule 1 (from 0.00 up to 100.00)" }]);
  });
});

describe("findMissingApAnswers", () => {
  it("finds nothing missing in a complete set-up", () => {
    expect(findMissingApAnswers(COMPLETE_AP_ANSWERS)).toEqual([]);
  });

  it("lists what an empty set-up needs, each under its field", () => {
    expect(findMissingApAnswers(EMPTY_AP_AUTOMATION_ANSWERS).map((issue) => issue.path)).toEqual([
      "approval_rules",
      "matching.mode",
      "matching.price_tolerance_percent",
      "matching.quantity_tolerance_percent",
      "intake.email",
      "intake.formats",
      "payment_runs.frequency",
      "payment_runs.methods",
      "payment_runs.release_role",
      "payment_runs.cutoff_time",
    ]);
  });

  it("wants every rule whole, the highest without an upper limit, and the day the frequency needs", () => {
    const answers: ApAutomationAnswers = {
      ...COMPLETE_AP_ANSWERS,
      approval_rules: [{ min_amount: "0.00", max_amount: "1000.00", approver_role: null, approvals_required: null }],
      payment_runs: { ...COMPLETE_AP_ANSWERS.payment_runs, frequency: "monthly", weekday: null },
    };
    expect(findMissingApAnswers(answers)).toEqual([
      { path: "approval_rules.0.approver_role", message: "Rule 1: choose the approver role" },
      { path: "approval_rules.0.approvals_required", message: "Rule 1: choose how many approvals it needs" },
      { path: "approval_rules", message: "Leave the highest rule without an upper limit, so that every bill has an approver" },
      { path: "payment_runs.day_of_month", message: "Choose the day of the month of the payment run" },
    ]);
  });
});

describe("normalizeApAnswers", () => {
  it("keeps only the day the frequency uses", () => {
    const runs = { ...COMPLETE_AP_ANSWERS.payment_runs, weekday: "monday" as const, day_of_month: 15 };
    expect(normalizeApAnswers({ ...COMPLETE_AP_ANSWERS, payment_runs: { ...runs, frequency: "monthly" } }).payment_runs).toMatchObject({ weekday: null, day_of_month: 15 });
    expect(normalizeApAnswers({ ...COMPLETE_AP_ANSWERS, payment_runs: { ...runs, frequency: "biweekly" } }).payment_runs).toMatchObject({ weekday: "monday", day_of_month: null });
    expect(normalizeApAnswers({ ...COMPLETE_AP_ANSWERS, payment_runs: { ...runs, frequency: "semimonthly" } }).payment_runs).toMatchObject({ weekday: null, day_of_month: null });
  });
});
