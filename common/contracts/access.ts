import { z } from "zod";
import { type AccessFacts, describeItemAccess } from "../domain/access.ts";
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
 * Whether the item's page may be opened (checkItemAccess in common/domain/access.ts): refused with
 * the reason the "Access Restricted" toast shows and where the route guard sends the user.
 */
export const pageAccessSchema = z.discriminatedUnion("allowed", [
  z.object({ allowed: z.literal(true) }),
  z.object({ allowed: z.literal(false), reason: z.string(), redirect_to: z.string() }),
]);
export type PageAccess = z.infer<typeof pageAccessSchema>;

/**
 * Everything the web needs for the navigation and its route guards, decided by the server: the
 * facts that are safe to show, and every gating item's menu state and page verdict. The web asks no
 * second opinion.
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
  /** How the navigation shows each item. */
  items: z.record(z.enum(ACCESS_ITEM_IDS), navItemStateSchema),
  /**
   * Each item's page verdict, for the route guard. Not derivable from `items`: menu-only rules
   * (Ecommerce without the aspect, Action Log outside its menu version, the locked Launch Plan)
   * hide or lock the entry but leave the page open.
   */
  pages: z.record(z.enum(ACCESS_ITEM_IDS), pageAccessSchema),
});
export type Access = z.infer<typeof accessSchema>;

/**
 * The per-item part of the answer for these facts. It sits next to the schema so that the server
 * and the web's tests build the answer the same way.
 */
export function presentAccessItems(facts: AccessFacts): Pick<Access, "items" | "pages"> {
  const items = {} as Access["items"];
  const pages = {} as Access["pages"];
  for (const id of ACCESS_ITEM_IDS) {
    const { state, page } = describeItemAccess(id, facts);
    items[id] = state;
    pages[id] = page.allowed ? { allowed: true } : { allowed: false, reason: page.reason, redirect_to: page.redirectTo };
  }
  return { items, pages };
}

export const getAccessRoute = defineRoute({
  id: "getAccess",
  method: "get",
  path: "/api/access",
  summary: "What the caller may see and open in the acting organization (navigation and route guards)",
  tag: "Access",
  access: "organization",
  response: accessSchema,
});
