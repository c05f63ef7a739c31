import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/database";
import { profiles, sessions, users } from "#server/db/schema/index";

/**
 * The caller behind an unexpired session token (session, user and profile), as a statement
 * prepared once: it runs on every API request. Execute it with `{ token }`.
 */
export function prepareSelectSessionCaller(db: Database) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      email: users.email,
      isEmployee: profiles.isEmployee,
      role: profiles.role,
      organizationId: profiles.organizationId,
      fullName: profiles.fullName,
      companyRole: profiles.companyRole,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(sql`${sessions.token} = ${sql.placeholder("token")} and ${sessions.expiresAt} > now()`)
    .prepare("select_session_caller");
}
