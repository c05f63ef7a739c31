import type { Context, Hono } from "hono";
import { z } from "zod";
import {
  changeMemberRoleRoute,
  getTeamRoute,
  inviteMemberRoute,
  removeMemberRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
} from "#common/contracts/team";
import type { Database } from "#server/db/database";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import type { Mailer } from "#server/mail/mailer";
import { inviteMember, resendInvitation, revokeInvitation } from "./team-invitations.service.ts";
import { changeMemberRole, getTeam, removeMember } from "./team.service.ts";

export interface TeamRouteDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  providerEmailDomain: string | null;
}

const invitationIdSchema = z.uuid();
/** User ids are ours (UUIDs) or Better Auth's (letters and digits); anything else names nobody. */
const memberIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** A path id that cannot exist is answered like an unknown one: 404, never a database error. */
function pathId(c: Context<AppEnv>, name: string, schema: z.ZodType<string>, message: string): string {
  const parsed = schema.safeParse(c.req.param(name));
  if (!parsed.success) throw new AppError("not_found", message);
  return parsed.data;
}

const invitationId = (c: Context<AppEnv>) => pathId(c, "invitationId", invitationIdSchema, "Invitation not found");
const memberId = (c: Context<AppEnv>) => pathId(c, "memberId", memberIdSchema, "Member not found");

export function registerTeamRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: TeamRouteDeps) {
  const { db } = deps;
  bindRoute(router, getTeamRoute, guard, ({ c }) => getTeam(db, c.get("organizationId"), requireCaller(c)));
  bindRoute(router, inviteMemberRoute, guard, ({ c, body }) =>
    inviteMember(deps, c.get("organizationId"), requireCaller(c), body, c.get("logger")),
  );
  bindRoute(router, resendInvitationRoute, guard, ({ c }) =>
    resendInvitation(deps, c.get("organizationId"), requireCaller(c), invitationId(c), c.get("logger")),
  );
  bindRoute(router, revokeInvitationRoute, guard, ({ c }) => revokeInvitation(db, c.get("organizationId"), requireCaller(c), invitationId(c)));
  bindRoute(router, changeMemberRoleRoute, guard, ({ c, body }) =>
    changeMemberRole(db, c.get("organizationId"), requireCaller(c), memberId(c), body.role),
  );
  bindRoute(router, removeMemberRoute, guard, ({ c }) =>
    removeMember(db, c.get("organizationId"), requireCaller(c), memberId(c), c.get("logger")),
  );
}
