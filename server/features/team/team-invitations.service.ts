import type { Logger } from "pino";
import type { Invitation, InviteMemberBody } from "#common/contracts/team";
import {
  type InvitationIssueDeps,
  type InvitationRecord,
  type Inviter,
  assertCustomerMemberEmail,
  logInvitationSent,
  mailInvitationLink,
  presentInvitation,
  sendInvitation,
  storeInvitation,
} from "#server/auth/invitation-tokens";
import type { Database } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { selectOrganizationName } from "#server/queries/organizations.queries";
import { publishEvent } from "#server/realtime/publish-event";
import { selectIsMemberEmail, selectPendingInvitation, updateInvitationLink, updateInvitationRevoked } from "./team.queries.ts";
import { assertCanManageTeam } from "./team.service.ts";

export interface TeamInvitationDeps extends InvitationIssueDeps {
  db: Database;
}

const NOT_FOUND_MESSAGE = "Invitation not found";
const ALREADY_MEMBER_MESSAGE = "This email is already a member of your organization";

function inviterOf(caller: Caller): Inviter {
  return { userId: caller.userId, email: caller.email, fullName: caller.fullName };
}

async function loadOrganizationName(db: Database, organizationId: string): Promise<string> {
  const name = await selectOrganizationName(db, organizationId);
  if (name === undefined) throw new AppError("not_found", "Organization not found");
  return name;
}

/**
 * Invites someone to the acting organization: the email goes out first, then the invitation is
 * stored. An address with an account in another organization is invited like any other, so the
 * answer tells the admin nothing about it; the invitation's link tells the invited person
 * (decision 030).
 */
export async function inviteMember(
  deps: TeamInvitationDeps,
  organizationId: string,
  caller: Caller,
  body: InviteMemberBody,
  logger: Logger,
): Promise<Invitation> {
  assertCanManageTeam(caller);
  const { db } = deps;
  const organizationName = await loadOrganizationName(db, organizationId);
  if (await selectIsMemberEmail(db, organizationId, body.email)) {
    throw new AppError("conflict", ALREADY_MEMBER_MESSAGE, [{ path: "email", message: ALREADY_MEMBER_MESSAGE }]);
  }
  const mail = { email: body.email, organizationName, inviter: inviterOf(caller) };
  const link = await sendInvitation(db, deps, organizationId, mail, logger);
  const record: InvitationRecord = { organizationId, email: body.email, role: body.role, invitedBy: caller.userId };
  const row = await db.transaction(async (tx) => {
    const inserted = await storeInvitation(tx, record, link);
    await publishEvent(tx, organizationId, { type: "teamChanged", organizationId });
    return inserted;
  });
  logInvitationSent(logger, record);
  return presentInvitation(row);
}

/** Sends a pending invitation again with a new link and a new expiry; the previous link stops working. */
export async function resendInvitation(
  deps: TeamInvitationDeps,
  organizationId: string,
  caller: Caller,
  invitationId: string,
  logger: Logger,
): Promise<Invitation> {
  assertCanManageTeam(caller);
  const { db } = deps;
  const pending = await selectPendingInvitation(db, organizationId, invitationId);
  if (!pending) throw new AppError("not_found", NOT_FOUND_MESSAGE);
  // Invitations sent before decision 030 may name a staff address; no new link goes to one.
  assertCustomerMemberEmail(pending.email, deps.providerEmailDomain);
  const organizationName = await loadOrganizationName(db, organizationId);
  const link = await mailInvitationLink(deps, { email: pending.email, organizationName, inviter: inviterOf(caller) }, logger);
  const row = await db.transaction(async (tx) => {
    // Accepted or revoked while the mail was on its way: the new link is never stored.
    const updated = await updateInvitationLink(tx, organizationId, invitationId, link);
    if (!updated) throw new AppError("not_found", NOT_FOUND_MESSAGE);
    await publishEvent(tx, organizationId, { type: "teamChanged", organizationId });
    return updated;
  });
  logInvitationSent(logger, { organizationId, email: row.email, invitedBy: caller.userId });
  return presentInvitation(row);
}

export async function revokeInvitation(db: Database, organizationId: string, caller: Caller, invitationId: string): Promise<{ id: string }> {
  assertCanManageTeam(caller);
  return db.transaction(async (tx) => {
    const revoked = await updateInvitationRevoked(tx, organizationId, invitationId);
    if (!revoked) throw new AppError("not_found", NOT_FOUND_MESSAGE);
    await publishEvent(tx, organizationId, { type: "teamChanged", organizationId });
    return { id: revoked.id };
  });
}
