import { createHash, randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { INVITATION_TTL_DAYS, type Invitation } from "#common/contracts/team";
import { PROVIDER_STAFF_ADDRESS_MESSAGE, isProviderDomainEmail } from "#common/domain/access";
import type { MemberRole } from "#common/domain/member-roles";
import type { Queryable, Transaction } from "#server/db/database";
import { AppError, isUniqueViolation } from "#server/lib/app-error";
import type { Mailer } from "#server/mail/mailer";
import { buildInvitationMessage } from "#server/mail/messages";
import { type InvitationRow, insertInvitation, selectHasPendingInvitation } from "#server/queries/invitations.queries";
import { selectEmailHasAccount } from "#server/queries/users.queries";

// Invitations are issued by two features (a team inviting, an employee creating an organization
// with its first member), so the issuing machinery lives here, beside the rest of sign-up.

export interface InvitationMailDeps {
  mailer: Mailer;
  publicUrl: string;
}

/** What issuing an invitation needs besides the mail: the domain whose addresses are staff-only. */
export interface InvitationIssueDeps extends InvitationMailDeps {
  providerEmailDomain: string | null;
}

/** Who sends the invitation; their name appears in the email. */
export interface Inviter {
  userId: string;
  email: string;
  fullName: string | null;
}

const ACCOUNT_EXISTS_MESSAGE = "This email already has an account";
const PENDING_MESSAGE = "An invitation to this email is already pending";
const MAIL_FAILED_MESSAGE = "The invitation email could not be sent. Please try again.";

/** Only the hash is stored: the token itself travels in the emailed link alone. */
export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function presentInvitation(row: InvitationRow, now = new Date()): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    sent_at: row.sentAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() < now.getTime(),
  };
}

function pendingConflict(): AppError {
  return new AppError("conflict", PENDING_MESSAGE, [{ path: "email", message: PENDING_MESSAGE }]);
}

/** What is stored for a mailed link: the token's hash, never the token, and its dates. */
export interface InvitationLink {
  tokenHash: string;
  expiresAt: Date;
  sentAt: Date;
}

export interface InvitationMail {
  email: string;
  organizationName: string;
  inviter: Inviter;
}

/**
 * Mails a fresh link (32 random bytes, base64url: 43 characters) and returns what to store for
 * it. Nothing is written here: callers store the link in their transaction once the mail went
 * out, so a failed send leaves nothing behind. Sending from inside that transaction is not an
 * option: the outbox mailer writes through the database handle, and PGlite (one connection)
 * would make it wait for the open transaction forever.
 */
export async function mailInvitationLink(deps: InvitationMailDeps, mail: InvitationMail, logger: Logger): Promise<InvitationLink> {
  const token = randomBytes(32).toString("base64url");
  const sentAt = new Date();
  const expiresAt = new Date(sentAt.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  const url = `${deps.publicUrl}/change-password?invitation=${token}`;
  const inviterName = mail.inviter.fullName || mail.inviter.email;
  try {
    await deps.mailer.send(buildInvitationMessage(mail.email, mail.organizationName, inviterName, url, expiresAt));
  } catch (error) {
    logger.warn({ event: "auth.invitation_mail_failed", email: mail.email, err: error }, "invitation: the email could not be sent");
    throw new AppError("mail_failed", MAIL_FAILED_MESSAGE);
  }
  return { tokenHash: hashInvitationToken(token), expiresAt, sentAt };
}

/**
 * Refuses an address on the provider's own domain as a member of a customer organization: such
 * addresses are the provider's staff, whom the domain rule of ETL Admin trusts (decision 030).
 */
export function assertCustomerMemberEmail(email: string, providerEmailDomain: string | null): void {
  if (isProviderDomainEmail(email, providerEmailDomain)) {
    throw new AppError("validation_failed", PROVIDER_STAFF_ADDRESS_MESSAGE, [{ path: "email", message: PROVIDER_STAFF_ADDRESS_MESSAGE }]);
  }
}

/**
 * Refuses an email that already has an account anywhere. Only for employees, who see every
 * organization: a team's admin must learn nothing of accounts outside it (decision 030).
 */
export async function assertEmailHasNoAccount(db: Queryable, email: string): Promise<void> {
  if (await selectEmailHasAccount(db, email)) {
    throw new AppError("conflict", ACCOUNT_EXISTS_MESSAGE, [{ path: "email", message: ACCOUNT_EXISTS_MESSAGE }]);
  }
}

/**
 * The first half of inviting someone: checks that the email may join a customer organization and
 * has no pending invitation in it (null: one being created), then mails the link. Whether the
 * email has an account elsewhere is not checked here: the invited person learns it from the link.
 */
export async function sendInvitation(
  db: Queryable,
  deps: InvitationIssueDeps,
  organizationId: string | null,
  mail: InvitationMail,
  logger: Logger,
): Promise<InvitationLink> {
  assertCustomerMemberEmail(mail.email, deps.providerEmailDomain);
  if (organizationId && (await selectHasPendingInvitation(db, organizationId, mail.email))) throw pendingConflict();
  return mailInvitationLink(deps, mail, logger);
}

export interface InvitationRecord {
  organizationId: string;
  email: string;
  role: MemberRole;
  invitedBy: string;
}

/** The second half: stores the mailed invitation in the caller's transaction. */
export async function storeInvitation(tx: Transaction, record: InvitationRecord, link: InvitationLink): Promise<InvitationRow> {
  try {
    return await insertInvitation(tx, { ...record, tokenHash: link.tokenHash, expiresAt: link.expiresAt, sentAt: link.sentAt });
  } catch (error) {
    // Another request invited the same email in between: the pending-email index decides.
    if (isUniqueViolation(error)) throw pendingConflict();
    throw error;
  }
}

export function logInvitationSent(logger: Logger, record: Omit<InvitationRecord, "role">): void {
  logger.info(
    { event: "auth.invitation_sent", organizationId: record.organizationId, email: record.email, invitedBy: record.invitedBy },
    "invitation: sent",
  );
}
