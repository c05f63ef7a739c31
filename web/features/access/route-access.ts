import type { Access } from "#common/contracts/access";
import type { AccessDecision } from "#common/domain/access";
import { findItemForPath } from "#common/domain/navigation-items";

/**
 * The route guard's decision for `path`: the page verdict the server's access answer gives for
 * the item guarding it (checkItemAccess there, so checkRouteAccess's decision). Paths no item
 * guards are allowed.
 */
export function decideRouteAccess(path: string, access: Pick<Access, "pages">): AccessDecision {
  const id = findItemForPath(path);
  const page = id ? access.pages[id] : undefined;
  if (!page || page.allowed) return { allowed: true };
  return { allowed: false, reason: page.reason, redirectTo: page.redirect_to };
}

/** Whether any item guards `path`: only those wait for the access answer. */
export function isGuardedPath(path: string): boolean {
  return findItemForPath(path) !== null;
}
