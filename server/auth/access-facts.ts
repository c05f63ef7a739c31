import { type AccessFacts, checkEntityAccess, checkItemAccess, type EntityGate } from "#common/domain/access";
import { readBusinessAspects } from "#common/domain/business-aspects";
import { computePageCompletion, findDonePages } from "#common/domain/launchpad";
import type { AccessItemId } from "#common/domain/navigation-items";
import { isNdaSigned } from "#common/domain/nda-status";
import type { Queryable } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { selectStoredAccessFacts } from "#server/queries/access-facts.queries";

/**
 * The server's side of common/domain/access.ts: it gathers the facts the rules decide on, in one
 * statement, and refuses gated calls with the rule's reason (403).
 */

/** The facts the access rules decide on, for `caller` acting for `organizationId`. */
export async function loadAccessFacts(
  db: Queryable,
  caller: Caller,
  organizationId: string,
  settings: AccessSettings,
): Promise<AccessFacts> {
  const stored = await selectStoredAccessFacts(db, organizationId, caller.userId);
  if (!stored) throw new AppError("not_found", "Organization not found");
  const businessAspects = readBusinessAspects(stored.businessAspects);
  return {
    isEmployee: caller.isEmployee,
    email: caller.email,
    ndaSigned: isNdaSigned(stored.ndaStatus),
    // Pages outside the business aspects count as done, as in the launchpad's own reading.
    launchpadPercent: computePageCompletion(findDonePages(stored.completedPages, businessAspects)),
    businessAspects,
    menu: stored.menu.config,
    menuVersion: stored.menu.name,
    userExcludedItems: stored.userExcludedItems,
    activeExtensions: stored.activeExtensions,
    providerEmailDomain: settings.providerEmailDomain,
    providerAdminEmail: settings.providerAdminEmail,
  };
}

/**
 * Refuses the call (403, the rule's reason as the message) unless `caller` may use `itemId` in
 * the organization. Returns the facts, for services that decide more from them.
 */
export async function requireItemAccess(
  db: Queryable,
  caller: Caller,
  organizationId: string,
  itemId: AccessItemId,
  settings: AccessSettings,
): Promise<AccessFacts> {
  const facts = await loadAccessFacts(db, caller, organizationId, settings);
  const decision = checkItemAccess(itemId, facts);
  if (!decision.allowed) throw new AppError("forbidden", decision.reason);
  return facts;
}

/** As requireItemAccess, for one entity (checkEntityAccess: a help request is open to those it concerns before the NDA). */
export async function requireEntityAccess(
  db: Queryable,
  caller: Caller,
  organizationId: string,
  gate: EntityGate,
  settings: AccessSettings,
): Promise<AccessFacts> {
  const facts = await loadAccessFacts(db, caller, organizationId, settings);
  const decision = checkEntityAccess(gate, caller, facts);
  if (!decision.allowed) throw new AppError("forbidden", decision.reason);
  return facts;
}
