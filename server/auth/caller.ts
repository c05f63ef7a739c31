import { eq } from "drizzle-orm";
import type { Database } from "#server/db/database";
import { profiles } from "#server/db/schema/index";
import type { Caller } from "#server/lib/app-context";
import { DEFAULT_PROFILE_ROLE } from "#server/db/schema/organizations";
import type { Auth } from "./auth.ts";

/** The signed-in user behind the request's session cookie, with their profile; null when none. */
export async function loadCaller(auth: Auth, db: Database, headers: Headers): Promise<Caller | null> {
  if (!headers.get("cookie")) return null;
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, result.user.id));
  return {
    userId: result.user.id,
    email: result.user.email,
    sessionId: result.session.id,
    isEmployee: profile?.isEmployee ?? false,
    role: profile?.role ?? DEFAULT_PROFILE_ROLE,
    organizationId: profile?.organizationId ?? null,
    fullName: profile?.fullName ?? null,
    companyRole: profile?.companyRole ?? null,
  };
}
