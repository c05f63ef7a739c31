import { z } from "zod";
import { ACCESS_ITEM_IDS } from "../domain/navigation-items.ts";
import { defineRoute } from "./http.ts";

/** Spec §9: the menu version (and with it the access answer) is stale after 10 min, kept 30 min. */
export const ACCESS_STALE_MS = 10 * 60_000;
export const ACCESS_GC_MS = 30 * 60_000;

/** How the navigation shows one item (getNavItemState in common/domain/access.ts). */
export const navItemStateSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("visible") }),
  z.object({ state: z.literal("hidden"), reason: z.string() }),
  z.object({ state: z.literal("locked"), reason: z.string(), requires: z.enum(["nda", "launchpad"]) }),
]);

/**
 * Everything the web needs for the navigation and its route guards, decided by the server: the
 * facts that are safe to show and the state of every gating item. The web asks no second opinion.
 */
export const accessSchema = z.object({
  /** The organization's effective menu version ("v1" when it has none). */
  menu_version: z.string(),
  nda_signed: z.boolean(),
  /** Page-based launchpad completion, 0–100. */
  launchpad_percent: z.number().int().min(0).max(100),
  business_aspects: z.array(z.string()),
  is_employee: z.boolean(),
  is_provider_administrator: z.boolean(),
  /** The ERP site the navigation links out to; null hides the link. */
  erp_site_url: z.string().nullable(),
  items: z.record(z.enum(ACCESS_ITEM_IDS), navItemStateSchema),
});
export type Access = z.infer<typeof accessSchema>;

export const getAccessRoute = defineRoute({
  id: "getAccess",
  method: "get",
  path: "/api/access",
  summary: "What the caller may see and open in the acting organization (navigation and route guards)",
  tag: "Access",
  access: "organization",
  response: accessSchema,
});
