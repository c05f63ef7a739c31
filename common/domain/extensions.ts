import type { AccessItemId } from "./navigation-items.ts";

/**
 * The ERP add-on extensions an organization can have (spec §1, §2): each is a navigation item of
 * the Extensions section, an add-on line of the price list, and a page where the organization
 * prepares it for go-live. Its page opens once the extension is active for the organization (and
 * always for employees); /extensions lists them with their state.
 */

export const EXTENSION_IDS = ["decision-maker-dashboard", "ap-automation", "container-management"] as const satisfies readonly AccessItemId[];
export type ExtensionId = (typeof EXTENSION_IDS)[number];

/** Extensions with a workspace the organization prepares and submits (the readiness score counts them). */
export const WORKSPACE_EXTENSION_IDS = ["ap-automation", "container-management"] as const satisfies readonly ExtensionId[];

/** No row: available. The stored states are the other two. */
export const EXTENSION_STATES = ["available", "requested", "active"] as const;
export type ExtensionState = (typeof EXTENSION_STATES)[number];

/** What activating or deactivating did to the subscription (organization_extensions.plan_change). */
export const EXTENSION_PLAN_CHANGES = ["estimate", "next_plan"] as const;
export type ExtensionPlanChange = (typeof EXTENSION_PLAN_CHANGES)[number];

export const EXTENSION_HISTORY_ACTIONS = ["requested", "withdrawn", "declined", "activated", "deactivated"] as const;
export type ExtensionHistoryAction = (typeof EXTENSION_HISTORY_ACTIONS)[number];

export interface ExtensionDefinition {
  id: ExtensionId;
  label: string;
  route: string;
  /** The add-on line of the price list (pricing_addons.inventory_id) it is billed as. */
  inventoryId: string;
  /** One sentence: what it does for the organization. */
  summary: string;
  /** What its page helps prepare, as short points. */
  highlights: readonly string[];
}

export const EXTENSIONS: readonly ExtensionDefinition[] = [
  {
    id: "decision-maker-dashboard",
    label: "Decision-maker Dashboard",
    route: "/extensions/decision-maker-dashboard",
    inventoryId: "EXT-DMD",
    summary: "One page an executive reads in a minute: readiness, plan progress against the go-live date, the subscription, risks and decisions.",
    highlights: ["Readiness score with its breakdown", "Plan progress against the target go-live date", "One-page board summary as PDF"],
  },
  {
    id: "ap-automation",
    label: "AP Automation",
    route: "/extensions/ap-automation",
    inventoryId: "EXT-APA",
    summary: "Vendor bills captured from an intake address, routed through approval rules, matched and paid in scheduled runs.",
    highlights: ["Approval rules by amount and role", "Two- or three-way matching", "Vendor list import and payment runs"],
  },
  {
    id: "container-management",
    label: "Container Management",
    route: "/extensions/container-management",
    inventoryId: "EXT-CTM",
    summary: "Inbound containers tracked from port to warehouse, with their landed costs allocated to what they carry.",
    highlights: ["Container types, ports and shipping lanes", "Landed-cost allocation method", "Open containers import"],
  },
];

export function isExtensionId(value: string): value is ExtensionId {
  return (EXTENSION_IDS as readonly string[]).includes(value);
}

export function findExtension(id: string): ExtensionDefinition | undefined {
  return EXTENSIONS.find((extension) => extension.id === id);
}

/** Why a member cannot open an extension's page yet (the "Access Restricted" toast's text). */
export function extensionNotActiveReason(id: ExtensionId): string {
  const label = findExtension(id)?.label ?? "This extension";
  return `${label} is not active for your organization yet. Request it on the Extensions page.`;
}

/** Where a refused extension page sends its visitor. */
export const EXTENSIONS_ROUTE = "/extensions";
