import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { COMMON_PASSWORD_MESSAGE } from "#common/contracts/auth";
import { type AcceptInvitationBody, EXISTING_ACCOUNT_MESSAGE, type InvitationBlocker, type InvitationPreview } from "#common/contracts/team";
import { PROVIDER_STAFF_ADDRESS_MESSAGE, isProviderDomainEmail } from "#common/domain/access";
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
  providerEmailDomain: string | null;
}

/** One answer for unknown, used, revoked and expired links: a link reveals nothing once dead. */
const INVALID_LINK_MESSAGE = "This invitation link is no longer valid. Ask for a new invitation.";

async function findValidInvitation(db: Database, token: string): Promise<ValidInvitation> {
  const invitation = await selectValidInvitation(db, hashInvitationToken(token));
  if (!invitation) throw new AppError("not_found", INVALID_LINK_MESSAGE);
  return invitation;
}

/**
 * What keeps the invitation from being accepted, or null. Told only to the holder of the link,
 * the invited person: the inviter was answered as for any address (decision 030).
 */
async function findBlocker(deps: Pick<InvitationDeps, "db" | "providerEmailDomain">, email: string): Promise<InvitationBlocker | null> {
  // Invitations sent before decision 030 may name a staff address.
  if (isProviderDomainEmail(email, deps.providerEmailDomain)) return "provider_staff_address";
  if (await selectEmailHasAccount(deps.db, email)) return "existing_account";
  return null;
}

function blockedError(blocker: InvitationBlocker): AppError {
  return blocker === "provider_staff_address"
    ? new AppError("forbidden", PROVIDER_STAFF_ADDRESS_MESSAGE)
    : new AppError("conflict", EXISTING_ACCOUNT_MESSAGE);
}

export async function lookupInvitation(deps: Pick<InvitationDeps, "db" | "providerEmailDomain">, token: string): Promise<InvitationPreview> {
  const invitation = await findValidInvitation(deps.db, token);
  return { email: invitation.email, organization_name: invitation.organizationName, blocked_by: await findBlocker(deps, invitation.email) };
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
  const blocker = await findBlocker(deps, invitation.email);
  if (blocker) throw blockedError(blocker);
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
    if (isUniqueViolation(error)) throw blockedError("existing_account");
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
