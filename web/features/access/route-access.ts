import type { Access } from "#common/contracts/access";
import {
  type AccessDecision,
  deniedRedirectFor,
  LAUNCH_PLAN_LOCKED_REASON,
  NOT_IN_BUSINESS_ASPECTS_REASON,
  NOT_IN_MENU_VERSION_REASON,
} from "#common/domain/access";
import { findItemForPath } from "#common/domain/navigation-items";

// The menu-only verdicts of common/domain/access.ts (`enforced: false`): the item leaves the menu
// but its page stays open. The answer carries each item's menu state, not the facts behind it
// (menu exclusions and e-mails stay on the server), so these are told apart by their reason.
// route-access.test.ts checks this against checkRouteAccess over a matrix of facts.
const MENU_ONLY_REASONS: ReadonlySet<string> = new Set([
  NOT_IN_BUSINESS_ASPECTS_REASON,
  NOT_IN_MENU_VERSION_REASON,
  LAUNCH_PLAN_LOCKED_REASON,
]);

/**
 * The route guard's decision for `path`, from the server's access answer: what checkRouteAccess
 * decides with the caller's facts. Paths no item guards are allowed.
 */
export function decideRouteAccess(path: string, access: Pick<Access, "items">): AccessDecision {
  const id = findItemForPath(path);
  const state = id ? access.items[id] : undefined;
  if (!id || !state || state.state === "visible" || MENU_ONLY_REASONS.has(state.reason)) return { allowed: true };
  return { allowed: false, reason: state.reason, redirectTo: deniedRedirectFor(id) };
}

/** Whether any item guards `path`: only those wait for the access answer. */
export function isGuardedPath(path: string): boolean {
  return findItemForPath(path) !== null;
}
