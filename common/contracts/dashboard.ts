import { z } from "zod";
import { defineRoute } from "./http.ts";
import { launchpadPageIdSchema } from "./launchpad.ts";
import { ndaStatusSchema } from "./nda.ts";

export const TRIAL_CONDITION_IDS = ["nda-signed", "estimate-exists"] as const;

export const trialConditionSchema = z.object({
  id: z.enum(TRIAL_CONDITION_IDS),
  label: z.string(),
  met: z.boolean(),
  /** What it means now: done, or what to do. */
  description: z.string(),
});
export type TrialCondition = z.infer<typeof trialConditionSchema>;

/** The risk-free trial (spec §4): enabled once the NDA is signed and an estimate exists. */
export const trialStatusSchema = z.object({
  enabled: z.boolean(),
  conditions: z.array(trialConditionSchema),
});
export type TrialStatus = z.infer<typeof trialStatusSchema>;

/** "locked": the user may not open the page yet (see locked_reason: usually the NDA comes first). */
export const CHECKLIST_STATUSES = ["complete", "not_applicable", "incomplete", "locked"] as const;

export const checklistItemSchema = z.object({
  id: launchpadPageIdSchema,
  label: z.string(),
  route: z.string(),
  status: z.enum(CHECKLIST_STATUSES),
  /** Why a locked page cannot be opened (the access rule's reason); null otherwise. */
  locked_reason: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** The four onboarding milestones behind the flag reading (spec §4's member view). */
export const MILESTONE_IDS = ["nda-signed", "estimate-created", "data-connection", "configuration-submitted"] as const;

export const onboardingMilestoneSchema = z.object({
  id: z.enum(MILESTONE_IDS),
  label: z.string(),
  met: z.boolean(),
  /** Where it is done, when the user may go there now; null otherwise (see note). */
  route: z.string().nullable(),
  /** Why it cannot be done from here yet: its page is not available yet, or locked (the reason). */
  note: z.string().nullable(),
});
export type OnboardingMilestone = z.infer<typeof onboardingMilestoneSchema>;

export const dashboardSchema = z.object({
  organization_name: z.string(),
  page_percent: z.number().int(),
  flag_percent: z.number().int(),
  /** The milestones flag_percent counts, each met or not, and where to do it. */
  milestones: z.array(onboardingMilestoneSchema),
  checklist: z.array(checklistItemSchema),
  nda: z.object({
    signed: z.boolean(),
    /** The newest NDA's status; null when none was ever signed. */
    status: ndaStatusSchema.nullable(),
    /** The status in words from the caller's side: an employee reads it for the provider. */
    status_text: z.string(),
    /** What the caller does on the NDA page: a member signs, an employee countersigns, or either views it. */
    action: z.enum(["sign", "countersign", "view"]),
    signed_at: z.string().nullable(),
  }),
  trial: trialStatusSchema,
  /**
   * The first incomplete launchpad page the user may open (the NDA when the next one needs it);
   * once every page is complete, the Launch Plan's first milestone not completed; null when that
   * is done too.
   */
  next_step: z
    .discriminatedUnion("kind", [
      z.object({ kind: z.literal("launchpad"), id: launchpadPageIdSchema, label: z.string(), route: z.string() }),
      z.object({ kind: z.literal("launch_plan"), id: z.string(), label: z.string(), route: z.string() }),
    ])
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const getDashboardRoute = defineRoute({
  id: "getDashboard",
  method: "get",
  path: "/api/dashboard",
  summary: "Everything the dashboard shows, in one call",
  tag: "Dashboard",
  access: "organization",
  item: "dashboard",
  response: dashboardSchema,
});

export const getTrialStatusRoute = defineRoute({
  id: "getTrialStatus",
  method: "get",
  path: "/api/trial-status",
  summary: "Whether the risk-free trial is enabled, and which of its conditions are met",
  tag: "Dashboard",
  access: "organization",
  item: "trial-status",
  response: trialStatusSchema,
});
