import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { COMMON_PASSWORD_MESSAGE } from "#common/contracts/auth";
import type { AcceptInvitationBody, InvitationPreview } from "#common/contracts/team";
import { type Auth, CLIENT_IP_HEADER } from "#server/auth/auth";
import { hashInvitationToken } from "#server/auth/invitation-tokens";
import { isCommonPassword } from "#server/auth/password-policy";
import type { Database } from "#server/db/database";
import { AppError, isUniqueViolation } from "#server/lib/app-error";
import { insertUserWithProfile, selectEmailHasAccount } from "#server/queries/users.queries";
import { publishEvent } from "#server/realtime/publish-event";
import { type ValidInvitation, selectValidInvitation, updateInvitationAccepted } from "./invitations.queries.ts";

export interface InvitationDeps {
  db: Database;
  auth: Auth;
}

/** One answer for unknown, used, revoked and expired links: a link reveals nothing once dead. */
const INVALID_LINK_MESSAGE = "This invitation link is no longer valid. Ask for a new invitation.";
const ACCOUNT_EXISTS_MESSAGE = "This email already has an account. Sign in instead.";

async function findValidInvitation(db: Database, token: string): Promise<ValidInvitation> {
  const invitation = await selectValidInvitation(db, hashInvitationToken(token));
  if (!invitation) throw new AppError("not_found", INVALID_LINK_MESSAGE);
  return invitation;
}

export async function lookupInvitation(db: Database, token: string): Promise<InvitationPreview> {
  const invitation = await findValidInvitation(db, token);
  return { email: invitation.email, organization_name: invitation.organizationName };
}

export interface AcceptedInvitation {
  email: string;
  /** Better Auth's Set-Cookie headers for the new session. */
  sessionCookies: string[];
}

/**
 * Accepts an invitation: creates the account (user, password, profile in the invitation's
 * organization and role) and uses up the invitation in one transaction, then signs the new
 * member in through Better Auth so the browser holds a session.
 */
export async function acceptInvitation(
  deps: InvitationDeps,
  body: AcceptInvitationBody,
  requestHeaders: Headers,
  logger: Logger,
): Promise<AcceptedInvitation> {
  const { db, auth } = deps;
  const invitation = await findValidInvitation(db, body.token);
  if (isCommonPassword(body.newPassword)) {
    throw new AppError("validation_failed", `newPassword: ${COMMON_PASSWORD_MESSAGE}`, [{ path: "newPassword", message: COMMON_PASSWORD_MESSAGE }]);
  }
  if (await selectEmailHasAccount(db, invitation.email)) throw new AppError("conflict", ACCOUNT_EXISTS_MESSAGE);
  const passwordHash = await (await auth.$context).password.hash(body.newPassword);
  const userId = randomUUID();
  try {
    await db.transaction(async (tx) => {
      if (!(await updateInvitationAccepted(tx, invitation.organizationId, invitation.id))) {
        throw new AppError("not_found", INVALID_LINK_MESSAGE);
      }
      const member = {
        id: userId,
        email: invitation.email,
        name: body.full_name,
        passwordHash,
        organizationId: invitation.organizationId,
        isEmployee: false,
        fullName: body.full_name,
        companyRole: null,
        role: invitation.role,
      };
      await insertUserWithProfile(tx, member, randomUUID());
      await publishEvent(tx, invitation.organizationId, { type: "teamChanged", organizationId: invitation.organizationId });
    });
  } catch (error) {
    // The same email got an account in between (another invitation accepted, an operator).
    if (isUniqueViolation(error)) throw new AppError("conflict", ACCOUNT_EXISTS_MESSAGE);
    throw error;
  }
  logger.info({ event: "auth.invitation_accepted", organizationId: invitation.organizationId, userId, email: invitation.email }, "invitation: accepted");
  return { email: invitation.email, sessionCookies: await signInNewMember(auth, invitation.email, body.newPassword, requestHeaders) };
}

async function signInNewMember(auth: Auth, email: string, password: string, requestHeaders: Headers): Promise<string[]> {
  const headers = new Headers(requestHeaders);
  // Only the server sets the client address Better Auth records; never take one from the caller.
  headers.delete(CLIENT_IP_HEADER);
  const { headers: answer } = await auth.api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
  return answer.getSetCookie();
}
