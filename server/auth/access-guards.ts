import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { ORGANIZATION_HEADER, type RouteAccess } from "#common/contracts/http";
import type { Database } from "#server/db/database";
import type { AccessItemId } from "#common/domain/navigation-items";
import type { AccessSettings } from "#server/env";
import { AppError } from "#server/lib/app-error";
import type { AppEnv, Caller } from "#server/lib/app-context";
import { requireItemAccess } from "./access-facts.ts";
import { selectOrganizationId } from "./acting-organization.queries.ts";

const organizationIdSchema = z.uuid();

/** The signed-in caller; behind a non-public guard there always is one. */
export function requireCaller(c: Context<AppEnv>): Caller {
  const caller = c.get("caller");
  if (!caller) throw new AppError("unauthenticated", "Sign in to continue");
  return caller;
}

/**
 * The organization the caller acts for. A member's is their profile's: naming any other gets 404,
 * the same answer as an organization that does not exist. An employee names one (header, or the
 * `org` query parameter where headers cannot be sent), and it must exist.
 */
export async function resolveActingOrganization(db: Database, caller: Caller, named: string | undefined): Promise<string> {
  if (!caller.isEmployee) {
    if (!caller.organizationId) {
      throw new AppError("no_organization", "Your account is not part of an organization yet");
    }
    if (named !== undefined && named !== caller.organizationId) {
      throw new AppError("not_found", "Organization not found");
    }
    return caller.organizationId;
  }
  if (named === undefined) {
    throw new AppError("bad_request", `Select an organization to act for (send its id in the ${ORGANIZATION_HEADER} header)`);
  }
  if (!organizationIdSchema.safeParse(named).success) throw new AppError("not_found", "Organization not found");
  const found = await selectOrganizationId(db, named);
  if (!found) throw new AppError("not_found", "Organization not found");
  return found;
}

/** A route gated by a navigation item's rules, and the settings those rules read. */
export interface ItemGate {
  item: AccessItemId;
  settings: AccessSettings;
}

/**
 * The middleware enforcing a route's declared access level and, on routes that act for an
 * organization and name a gating item, that item's access rules (403 with the rule's reason).
 * "employee-organization" is both checks in turn: an employee, then the organization they name.
 */
export function guardAccess(db: Database, access: RouteAccess, gate?: ItemGate): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (access === "public") return next();
    const caller = requireCaller(c);
    if ((access === "employee" || access === "employee-organization") && !caller.isEmployee) {
      throw new AppError("forbidden", "Only provider employees can do this");
    }
    if (access === "organization" || access === "employee-organization") {
      const named = c.req.header(ORGANIZATION_HEADER) ?? c.req.query("org");
      const organizationId = await resolveActingOrganization(db, caller, named);
      c.set("organizationId", organizationId);
      if (gate) await requireItemAccess(db, caller, organizationId, gate.item, gate.settings);
    }
    return next();
  };
}
