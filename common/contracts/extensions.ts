import { z } from "zod";
import { EXTENSION_HISTORY_ACTIONS, EXTENSION_IDS, EXTENSION_PLAN_CHANGES, EXTENSION_STATES } from "../domain/extensions.ts";
import { personRefSchema } from "./content.ts";
import { defineRoute } from "./http.ts";

/**
 * /extensions (spec §1, §2, §6): the ERP add-on extensions with their price from the price list and
 * their state for the organization. A member requests one (an Open Request for the provider); an
 * employee activates it (approving the request), declines a request or deactivates it. Activating
 * adds the add-on to the unlocked primary estimate, or records it for the next plan.
 */

export const EXTENSION_NOTE_MAX = 2_000;
const note = (label: string) => z.string().trim().max(EXTENSION_NOTE_MAX, { error: `${label} must be at most ${EXTENSION_NOTE_MAX} characters` });

/** What the caller may do with one extension now; the server decides, the page shows. */
export const extensionActionsSchema = z.object({
  /** Its page opens to the caller (the extension guard's verdict). */
  open: z.boolean(),
  request: z.boolean(),
  withdraw: z.boolean(),
  activate: z.boolean(),
  decline: z.boolean(),
  deactivate: z.boolean(),
});

export const extensionSchema = z.object({
  id: z.enum(EXTENSION_IDS),
  label: z.string(),
  route: z.string(),
  summary: z.string(),
  highlights: z.array(z.string()),
  inventory_id: z.string(),
  /** The add-on's monthly price for the primary estimate's edition, else the lowest any edition has; null when the price list has none. */
  monthly_price_cents: z.number().int().nullable(),
  /** True when the price is the lowest of several editions' ("from"). */
  price_is_from: z.boolean(),
  state: z.enum(EXTENSION_STATES),
  /** Whether the primary estimate holds the add-on line. */
  on_primary_estimate: z.boolean(),
  request: z
    .object({ by: personRefSchema.nullable(), at: z.iso.datetime(), note: z.string().nullable(), entry_id: z.uuid().nullable(), entry_reference: z.string().nullable() })
    .nullable(),
  activation: z.object({ by: personRefSchema.nullable(), at: z.iso.datetime() }).nullable(),
  /** What the last activation or deactivation did to the subscription. */
  plan_change: z.enum(EXTENSION_PLAN_CHANGES).nullable(),
  can: extensionActionsSchema,
});
export type Extension = z.infer<typeof extensionSchema>;

export const extensionHistoryEntrySchema = z.object({
  id: z.uuid(),
  extension_id: z.enum(EXTENSION_IDS),
  action: z.enum(EXTENSION_HISTORY_ACTIONS),
  actor: personRefSchema.nullable(),
  note: z.string().nullable(),
  plan_change: z.enum(EXTENSION_PLAN_CHANGES).nullable(),
  created_at: z.iso.datetime(),
});
export type ExtensionHistoryEntry = z.infer<typeof extensionHistoryEntrySchema>;

export const extensionsOverviewSchema = z.object({
  extensions: z.array(extensionSchema),
  /** The primary estimate the add-ons go on: null while there is none. */
  primary_estimate: z.object({ id: z.uuid(), name: z.string(), is_locked: z.boolean() }).nullable(),
  /** The newest 50 changes. */
  history: z.array(extensionHistoryEntrySchema),
});
export type ExtensionsOverview = z.infer<typeof extensionsOverviewSchema>;

export const requestExtensionBodySchema = z.object({ note: note("Note").nullable().optional() });
export const declineExtensionBodySchema = z.object({ reason: note("Reason").min(1, { error: "Say why the request is declined" }) });
export const deactivateExtensionBodySchema = z.object({ reason: note("Reason").nullable().optional() });

/** The answer to a change: the extension as it now is, and what the page should say. */
export const extensionChangeSchema = z.object({ extension: extensionSchema, message: z.string() });
export type ExtensionChange = z.infer<typeof extensionChangeSchema>;

const tag = "Extensions";
const extensionPath = "/api/extensions/:extensionId";

export const getExtensionsRoute = defineRoute({
  id: "getExtensions", method: "get", path: "/api/extensions", tag, access: "organization", item: "extensions",
  summary: "The extensions with their price, their state for the organization and what the caller may do", response: extensionsOverviewSchema,
});
export const requestExtensionRoute = defineRoute({
  id: "requestExtension", method: "post", path: `${extensionPath}/request`, tag, access: "organization", item: "extensions",
  summary: "Request an extension (members): raises an Open Request for the provider",
  body: requestExtensionBodySchema, response: extensionChangeSchema,
});
export const withdrawExtensionRequestRoute = defineRoute({
  id: "withdrawExtensionRequest", method: "post", path: `${extensionPath}/withdraw`, tag, access: "organization", item: "extensions",
  summary: "Withdraw a request (who made it, or the organization's admins)", response: extensionChangeSchema,
});
export const activateExtensionRoute = defineRoute({
  id: "activateExtension", method: "post", path: `${extensionPath}/activate`, tag, access: "employee-organization", item: "extensions",
  summary: "Activate an extension, approving its request (employees): the add-on goes on the unlocked primary estimate or waits for the next plan",
  response: extensionChangeSchema,
});
export const declineExtensionRoute = defineRoute({
  id: "declineExtension", method: "post", path: `${extensionPath}/decline`, tag, access: "employee-organization", item: "extensions",
  summary: "Decline a request, saying why (employees)", body: declineExtensionBodySchema, response: extensionChangeSchema,
});
export const deactivateExtensionRoute = defineRoute({
  id: "deactivateExtension", method: "post", path: `${extensionPath}/deactivate`, tag, access: "employee-organization", item: "extensions",
  summary: "Deactivate an extension (employees): the add-on leaves the unlocked primary estimate or the next plan",
  body: deactivateExtensionBodySchema, response: extensionChangeSchema,
});
