import type { Hono } from "hono";
import { acceptInvitationRoute, lookupInvitationRoute } from "#common/contracts/team";
import type { Auth } from "#server/auth/auth";
import type { Database } from "#server/db/database";
import type { AppEnv } from "#server/lib/app-context";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import { acceptInvitation, lookupInvitation } from "./invitations.service.ts";

export interface InvitationRouteDeps {
  db: Database;
  auth: Auth;
  providerEmailDomain: string | null;
}

/** The public side of an invitation link: who it is for, and accepting it. */
export function registerInvitationRoutes(router: Hono<AppEnv>, guard: RouteGuard, deps: InvitationRouteDeps) {
  bindRoute(router, lookupInvitationRoute, guard, ({ body }) => lookupInvitation(deps, body.token));
  bindRoute(router, acceptInvitationRoute, guard, async ({ c, body }) => {
    const accepted = await acceptInvitation(deps, body, c.req.raw.headers, c.get("logger"));
    // The new session's cookies travel with the answer, so the browser is signed in at once.
    const response = c.json({ email: accepted.email });
    for (const cookie of accepted.sessionCookies) response.headers.append("set-cookie", cookie);
    return response;
  });
}
