import { createHmac, timingSafeEqual } from "node:crypto";
import { parse } from "hono/utils/cookie";
import type { Database } from "#server/db/database";
import { DEFAULT_PROFILE_ROLE } from "#server/db/schema/organizations";
import type { Caller } from "#server/lib/app-context";
import { prepareSelectSessionCaller } from "./session.queries.ts";

/**
 * Reads the caller behind a Better Auth session cookie in one query (session, user and profile),
 * checking the cookie's signature the way Better Auth signs it (HMAC-SHA256, base64). Only the
 * hot read path is done here; sign-in, sign-out and session renewal stay Better Auth's.
 */
export class SessionReader {
  private readonly selectCaller: ReturnType<typeof prepareSelectSessionCaller>;

  constructor(
    db: Database,
    private readonly secret: string,
    private readonly cookieName: string,
  ) {
    this.selectCaller = prepareSelectSessionCaller(db);
  }

  /** The token inside a correctly signed session cookie, or null. */
  readToken(cookieHeader: string | undefined): string | null {
    if (!cookieHeader) return null;
    const raw = parse(cookieHeader, this.cookieName)[this.cookieName];
    if (!raw) return null;
    const dot = raw.lastIndexOf(".");
    if (dot < 1) return null;
    const token = raw.slice(0, dot);
    const signature = Buffer.from(raw.slice(dot + 1), "base64");
    const expected = createHmac("sha256", this.secret).update(token).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
  }

  async loadCaller(cookieHeader: string | undefined): Promise<Caller | null> {
    const token = this.readToken(cookieHeader);
    if (!token) return null;
    const [row] = await this.selectCaller.execute({ token });
    if (!row) return null;
    return {
      userId: row.userId,
      email: row.email,
      sessionId: row.sessionId,
      isEmployee: row.isEmployee ?? false,
      role: row.role ?? DEFAULT_PROFILE_ROLE,
      organizationId: row.organizationId ?? null,
      fullName: row.fullName ?? null,
      companyRole: row.companyRole ?? null,
    };
  }
}

/** Builds the reader with the cookie name Better Auth uses under the current settings. */
export async function createSessionReader(
  db: Database,
  secret: string,
  auth: { $context: Promise<{ authCookies: { sessionToken: { name: string } } }> },
): Promise<SessionReader> {
  const context = await auth.$context;
  return new SessionReader(db, secret, context.authCookies.sessionToken.name);
}
