import { z } from "zod";
import { HELP_TYPES } from "../domain/action-log.ts";
import { hasControlCharacter, singleLineText } from "./text-fields.ts";
import { defineRoute } from "./http.ts";
import { timeZoneSchema } from "./organizations.ts";

/**
 * /support (spec §2, gating item `support`): how to reach the provider (the provider's settings,
 * the same for every organization, edited by employees), the acting organization's Get Expert Help
 * requests, and the answers to common questions (a Markdown file of the curriculum).
 */

export const SUPPORT_CONTACTS_MAX = 10;
export const SUPPORT_HOURS_MAX = 300;
export const FIRST_RESPONSE_HOURS_MAX = 168;

const PHONE_MESSAGE = "Enter a phone number of digits, spaces and + ( ) - . such as +1 555 010 2000";

export const supportContactSchema = z.object({
  name: singleLineText("Name or team", 120),
  role: singleLineText("Role", 120),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Email is required" })
    .max(254, { error: "Email must be at most 254 characters" })
    .pipe(z.email({ error: "Enter a valid email address" })),
  // Optional: a team may answer by email only. Seven digits at least, so it can be dialled.
  phone: z
    .string()
    .trim()
    .max(40, { error: "Phone must be at most 40 characters" })
    .refine((text) => text === "" || (/^\+?[0-9 ()\-.]+$/.test(text) && text.replace(/\D/g, "").length >= 7), { error: PHONE_MESSAGE }),
});
export type SupportContact = z.infer<typeof supportContactSchema>;

/** What an employee saves: every field, checked the same in the form and on the server. */
export const supportSettingsInputSchema = z.object({
  contacts: z
    .array(supportContactSchema)
    .min(1, { error: "Add at least one contact" })
    .max(SUPPORT_CONTACTS_MAX, { error: `At most ${SUPPORT_CONTACTS_MAX} contacts` }),
  /** Days and hours in words ("Monday to Friday, 8:00–18:00"); line breaks allowed. */
  support_hours: z
    .string({ error: "Support hours are required" })
    .trim()
    .min(1, { error: "Support hours are required" })
    .max(SUPPORT_HOURS_MAX, { error: `Support hours must be at most ${SUPPORT_HOURS_MAX} characters` })
    .refine((text) => !hasControlCharacter(text.replace(/\r?\n/g, "")), { error: "Support hours cannot contain control characters" }),
  time_zone: timeZoneSchema,
  first_response_hours: z
    .number({ error: "First response target must be a number of hours" })
    .int({ error: "First response target must be whole hours" })
    .min(1, { error: "First response target must be at least 1 hour" })
    .max(FIRST_RESPONSE_HOURS_MAX, { error: `First response target must be at most ${FIRST_RESPONSE_HOURS_MAX} hours (a week)` }),
  response_promise: singleLineText("Response promise", 200),
});
export type SupportSettingsInput = z.infer<typeof supportSettingsInputSchema>;

export const supportSettingsSchema = supportSettingsInputSchema.extend({
  /** Null while nobody has saved them: the defaults below are shown. */
  updated_at: z.string().nullable(),
});
export type SupportSettings = z.infer<typeof supportSettingsSchema>;

/** Shown until an employee saves the provider's own. */
export const DEFAULT_SUPPORT_SETTINGS: SupportSettingsInput = {
  contacts: [{ name: "Customer Success team", role: "Onboarding and day-to-day questions", email: "support@example.com", phone: "" }],
  support_hours: "Monday to Friday, 8:00–18:00",
  time_zone: "UTC",
  first_response_hours: 4,
  response_promise: "We answer within 4 business hours.",
};

export const supportHelpRequestSchema = z.object({
  id: z.uuid(),
  /** "HELP-12", "BUG-3" (formatActionLogReference). */
  reference: z.string(),
  title: z.string(),
  help_type: z.enum(HELP_TYPES),
  status: z.string(),
  created_at: z.string(),
});
export type SupportHelpRequest = z.infer<typeof supportHelpRequestSchema>;

export const supportOverviewSchema = z.object({
  settings: supportSettingsSchema,
  /** Whether the caller may edit the settings (employees); the server checks it again on save. */
  can_edit_settings: z.boolean(),
  /** The organization's help requests the caller may open, newest first (at most SUPPORT_HELP_REQUESTS_SHOWN). */
  help_requests: z.array(supportHelpRequestSchema),
  /** Null when the curriculum has no FAQ. */
  faq_markdown: z.string().nullable(),
});
export type SupportOverview = z.infer<typeof supportOverviewSchema>;

export const SUPPORT_HELP_REQUESTS_SHOWN = 50;

export const getSupportOverviewRoute = defineRoute({
  id: "getSupportOverview",
  method: "get",
  path: "/api/support",
  summary: "How to reach the provider, the organization's help requests the caller may open, and the answers to common questions",
  tag: "Support",
  access: "organization",
  item: "support",
  response: supportOverviewSchema,
});

export const updateSupportSettingsRoute = defineRoute({
  id: "updateSupportSettings",
  method: "put",
  path: "/api/support/settings",
  summary: "Save how the provider is reached: contacts, support hours and the response promise (employees)",
  tag: "Support",
  access: "employee",
  body: supportSettingsInputSchema,
  response: supportSettingsSchema,
});
