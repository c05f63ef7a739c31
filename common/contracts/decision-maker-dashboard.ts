import { z } from "zod";
import { ACTION_LOG_TYPES } from "../domain/action-log.ts";
import { defineRoute } from "./http.ts";
import { readinessSchema } from "./readiness.ts";

/**
 * The Decision-maker Dashboard extension (/extensions/decision-maker-dashboard): one page an
 * executive reads in a minute, and its one-page board summary as PDF. Both routes name the
 * extension's item, so the extension guard (common/domain/access.ts) opens them only once the
 * extension is active for the organization, and always for employees.
 */

/** The most entries each list shows; the counts say how many there are in all. */
export const DECISION_MAKER_LIST_LIMIT = 10;

/** The window of "what changed": the last seven days. */
export const DECISION_MAKER_CHANGE_DAYS = 7;

const tag = "Extensions";
const path = "/api/extensions/decision-maker-dashboard";

export const planMilestoneSchema = z.object({ id: z.uuid(), title: z.string(), completed: z.boolean() });

export const planProgressSchema = z.object({
  milestones: z.array(planMilestoneSchema),
  completed: z.number().int(),
  total: z.number().int(),
  percent: z.number().int().min(0).max(100),
  /** When the organization joined, the plan's start (YYYY-MM-DD). */
  started_on: z.iso.date().nullable(),
  go_live_date: z.iso.date().nullable(),
  today: z.iso.date(),
  /** Negative once the date is past; null without one. */
  days_to_go_live: z.number().int().nullable(),
  /** Milestones done by today at an even pace from the start to the go-live date (one decimal); null without a go-live date. */
  expected_by_today: z.number().nullable(),
});
export type PlanProgress = z.infer<typeof planProgressSchema>;

export const subscriptionSummarySchema = z.object({
  name: z.string(),
  edition_id: z.string().nullable(),
  /** The edition's name ("Financial Edition"); null without an edition. */
  edition_name: z.string().nullable(),
  locked: z.boolean(),
  line_count: z.number().int(),
  monthly_total_cents: z.number().int(),
  /** 60 × the monthly total. */
  five_year_total_cents: z.number().int(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

const entryShape = {
  id: z.uuid(),
  reference: z.string(),
  title: z.string(),
  status: z.string(),
};

export const openRiskSchema = z.object({
  ...entryShape,
  /** Likelihood × impact, 1–16; null while the likelihood is not known. */
  score: z.number().int().nullable(),
  band: z.enum(["Low", "Medium", "High", "Critical"]).nullable(),
});

export const awaitingDecisionSchema = z.object({ ...entryShape, due_date: z.iso.date().nullable(), created_at: z.iso.datetime() });

export const overdueEntrySchema = z.object({
  ...entryShape,
  type: z.enum(ACTION_LOG_TYPES),
  due_date: z.iso.date(),
  days_overdue: z.number().int().min(1),
});

const listOf = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });

export const weeklyChangesSchema = z.object({
  entries_created: z.number().int(),
  entries_resolved: z.number().int(),
  milestones_completed: z.number().int(),
  launchpad_pages_completed: z.number().int(),
  modules_submitted: z.number().int(),
});
export type WeeklyChanges = z.infer<typeof weeklyChangesSchema>;

export const decisionMakerDashboardSchema = z.object({
  organization_name: z.string(),
  readiness: readinessSchema,
  plan: planProgressSchema,
  /** The locked estimate, else the primary one; null with neither. */
  subscription: subscriptionSummarySchema.nullable(),
  open_risks: listOf(openRiskSchema),
  decisions_awaiting: listOf(awaitingDecisionSchema),
  overdue: listOf(overdueEntrySchema),
  changes_last_week: weeklyChangesSchema,
  generated_at: z.iso.datetime(),
});
export type DecisionMakerDashboard = z.infer<typeof decisionMakerDashboardSchema>;

export const getDecisionMakerDashboardRoute = defineRoute({
  id: "getDecisionMakerDashboard",
  method: "get",
  path,
  summary: "Readiness, plan progress against the go-live date, the subscription, open risks, decisions awaiting, overdue items and the last week's changes",
  tag,
  access: "organization",
  item: "decision-maker-dashboard",
  response: decisionMakerDashboardSchema,
});

export const downloadBoardSummaryRoute = defineRoute({
  id: "downloadBoardSummary",
  method: "get",
  path: `${path}/summary.pdf`,
  summary: "The dashboard as a one-page board summary (PDF)",
  tag,
  access: "organization",
  item: "decision-maker-dashboard",
  response: z.string(),
  produces: "application/pdf",
});
