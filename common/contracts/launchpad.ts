import { z } from "zod";
import { LAUNCHPAD_PAGE_IDS, NOT_APPLICABLE_REASON_MAX } from "../domain/launchpad.ts";
import { defineRoute } from "./http.ts";

/** Answered when a page completes elsewhere: subscription-price, data-setup and nda. */
export const PAGE_COMPLETED_ELSEWHERE_MESSAGE = "This step is completed from its own page";

export const launchpadPageIdSchema = z.enum(LAUNCHPAD_PAGE_IDS, { error: "Unknown launchpad page" });

export const launchpadPageStateSchema = z.object({
  id: launchpadPageIdSchema,
  label: z.string(),
  route: z.string(),
  /** Answered and marked done (answered "does not apply" included). */
  is_completed: z.boolean(),
  /**
   * How the page counts: "not_applicable" when answered "This does not apply to us" or outside the
   * business aspects (done without an answer; required again if the aspects change).
   */
  status: z.enum(["complete", "not_applicable", "incomplete"]),
  /** The reason given with "This does not apply to us"; null otherwise. */
  not_applicable_reason: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** The saved answers (draft or complete); null when never saved. */
  data_snapshot: z.unknown().nullable(),
  updated_at: z.string().nullable(),
});
export type LaunchpadPageState = z.infer<typeof launchpadPageStateSchema>;

/** The four flags of the member view (spec §4). */
export const launchpadFlagsSchema = z.object({
  nda_signed: z.boolean(),
  estimate_exists: z.boolean(),
  data_connection_exists: z.boolean(),
  configuration_submitted: z.boolean(),
});
export type LaunchpadFlagsView = z.infer<typeof launchpadFlagsSchema>;

export const launchpadSchema = z.object({
  /** All ten pages, in the launchpad's order. */
  pages: z.array(launchpadPageStateSchema),
  /** Completed pages out of ten, rounded. */
  page_percent: z.number().int(),
  /** True flags out of four, rounded. */
  flag_percent: z.number().int(),
  flags: launchpadFlagsSchema,
  trial_enabled: z.boolean(),
});
export type Launchpad = z.infer<typeof launchpadSchema>;

export const launchpadSummarySchema = z.object({
  page_percent: z.number().int(),
  flag_percent: z.number().int(),
  recalculated_at: z.string(),
});
export type LaunchpadSummary = z.infer<typeof launchpadSummarySchema>;

export const saveLaunchpadPageBodySchema = z.object({
  /** A draft keeps whatever is filled in; "complete" needs every answer and marks the page done. */
  mode: z.enum(["draft", "complete"], { error: 'mode must be "draft" or "complete"' }),
  /** Checked against the page's own schema (common/contracts/launchpad-pages.ts). */
  answers: z.record(z.string(), z.unknown(), { error: "answers must be an object" }),
});
export type SaveLaunchpadPageBody = z.infer<typeof saveLaunchpadPageBodySchema>;

export const savedLaunchpadPageSchema = z.object({
  page: launchpadPageStateSchema,
  summary: launchpadSummarySchema,
});
export type SavedLaunchpadPage = z.infer<typeof savedLaunchpadPageSchema>;

export const NOT_APPLICABLE_ONLY_ASPECT_PAGES_MESSAGE = "Only Distribution, Manufacturing and Ecommerce can be answered as not applicable";

export const markPageNotApplicableBodySchema = z.object({
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(1, { error: "Say briefly why this does not apply" })
    .max(NOT_APPLICABLE_REASON_MAX, { error: `Reason must be at most ${NOT_APPLICABLE_REASON_MAX} characters` }),
});

export const recalculateLaunchpadBodySchema = z.object({
  /** Run even when the last run is less than 30 s old. */
  force: z.boolean({ error: "force must be true or false" }).optional(),
});

export const recalculationSchema = z.object({
  summary: launchpadSummarySchema,
  /** False when throttled: the summary is the last run's. */
  recalculated: z.boolean(),
});
export type Recalculation = z.infer<typeof recalculationSchema>;

const tag = "Launchpad";

export const getLaunchpadRoute = defineRoute({
  id: "getLaunchpad",
  method: "get",
  path: "/api/launchpad",
  summary: "The ten launchpad pages with their answers, both completion readings and the trial flag",
  tag,
  access: "organization",
  response: launchpadSchema,
});

export const saveLaunchpadPageRoute = defineRoute({
  id: "saveLaunchpadPage",
  method: "put",
  path: "/api/launchpad/pages/:pageId",
  summary: "Save a page's answers as a draft or mark it complete (forces a recalculation)",
  tag,
  access: "organization",
  body: saveLaunchpadPageBodySchema,
  response: savedLaunchpadPageSchema,
});

export const markPageNotApplicableRoute = defineRoute({
  id: "markLaunchpadPageNotApplicable",
  method: "post",
  path: "/api/launchpad/pages/:pageId/not-applicable",
  summary: 'Answer an aspect page "This does not apply to us" with a short reason (the page counts as done)',
  tag,
  access: "organization",
  body: markPageNotApplicableBodySchema,
  response: savedLaunchpadPageSchema,
});

export const clearPageNotApplicableRoute = defineRoute({
  id: "clearLaunchpadPageNotApplicable",
  method: "delete",
  path: "/api/launchpad/pages/:pageId/not-applicable",
  summary: "Withdraw a page's \"does not apply\" answer: it is to be answered again (its saved answers are kept)",
  tag,
  access: "organization",
  response: savedLaunchpadPageSchema,
});

export const recalculateLaunchpadRoute = defineRoute({
  id: "recalculateLaunchpad",
  method: "post",
  path: "/api/launchpad/recalculate",
  summary: "Recompute the completion readings (at most once per 30 s unless forced)",
  tag,
  access: "organization",
  body: recalculateLaunchpadBodySchema,
  response: recalculationSchema,
});
