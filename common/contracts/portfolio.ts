import { z } from "zod";
import { PORTFOLIO_FLAGS } from "../domain/portfolio.ts";
import { defineRoute } from "./http.ts";
import { readinessActionSchema } from "./readiness.ts";

/** /portfolio (employees): every organization's readiness and what needs attention, in one answer. */

export const portfolioOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  score: z.number().int().min(0).max(100),
  next_action: readinessActionSchema.nullable(),
  launchpad_percent: z.number().int().min(0).max(100),
  plan_percent: z.number().int().min(0).max(100),
  go_live_date: z.iso.date().nullable(),
  /** Negative once the date is past; null without one. */
  days_to_go_live: z.number().int().nullable(),
  open_high_risks: z.number().int(),
  overdue_items: z.number().int(),
  open_help_requests: z.number().int(),
  last_activity_at: z.iso.datetime().nullable(),
  flags: z.array(z.enum(PORTFOLIO_FLAGS)),
});
export type PortfolioOrganization = z.infer<typeof portfolioOrganizationSchema>;

export const portfolioSchema = z.object({
  organizations: z.array(portfolioOrganizationSchema),
  generated_at: z.iso.datetime(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

export const getPortfolioRoute = defineRoute({
  id: "getPortfolio",
  method: "get",
  path: "/api/employee/portfolio",
  summary: "Every organization with its readiness score, progress, go-live date, risks, overdue items, help requests and last activity (employees only)",
  tag: "Employees",
  access: "employee",
  response: portfolioSchema,
});

/** What the employees' stream says of each event: enough to know the portfolio is out of date. */
export const portfolioEventSchema = z.looseObject({ type: z.string(), organizationId: z.uuid() });

/**
 * Every organization's events, live (employees: the portfolio refreshes on them), as unnamed
 * Server-Sent Events. No replay: a client that (re)connects asks for the portfolio again.
 */
export const employeeEventStreamRoute = defineRoute({
  id: "streamEmployeeEvents",
  method: "get",
  path: "/api/employee/events",
  summary: "Server-Sent Events of every organization, live (employees only; no replay)",
  tag: "Realtime",
  access: "employee",
  response: portfolioEventSchema,
  produces: "text/event-stream",
});
