import type { Logger } from "pino";
import type { z } from "zod";
import type { CreatedOrganization, EmployeeOrganization, createOrganizationBodySchema } from "#common/contracts/organizations";
import {
  type InvitationIssueDeps,
  type InvitationLink,
  assertEmailHasNoAccount,
  logInvitationSent,
  presentInvitation,
  sendInvitation,
  storeInvitation,
} from "#server/auth/invitation-tokens";
import type { Database } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError, isUniqueViolation } from "#server/lib/app-error";
import { insertOrganization, selectAllOrganizations, selectOrganizationByName } from "./organizations.queries.ts";
import { presentOrganization } from "./organizations.service.ts";

export interface EmployeeOrganizationDeps extends InvitationIssueDeps {
  db: Database;
}

type OnboardOrganizationBody = z.output<typeof createOrganizationBodySchema>;

const DUPLICATE_NAME_MESSAGE = "An organization with this name already exists";
const duplicateName = () =>
  new AppError("conflict", DUPLICATE_NAME_MESSAGE, [{ path: "organization_name", message: DUPLICATE_NAME_MESSAGE }]);

export async function listAllOrganizations(db: Database): Promise<EmployeeOrganization[]> {
  const rows = await selectAllOrganizations(db);
  return rows.map((row) => ({ id: row.id, organization_name: row.organizationName }));
}

/**
 * An employee onboards a customer: the organization and, when a first member is named, their
 * invitation, written together. The invitation email goes out before the write, so a failed
 * send leaves neither the organization nor the invitation behind.
 */
export async function onboardOrganization(
  deps: EmployeeOrganizationDeps,
  caller: Caller,
  body: OnboardOrganizationBody,
  logger: Logger,
): Promise<CreatedOrganization> {
  const { db } = deps;
  const name = body.organization_name;
  if (await selectOrganizationByName(db, name)) throw duplicateName();
  const firstMember = body.first_member;
  let link: InvitationLink | null = null;
  if (firstMember) {
    const inviter = { userId: caller.userId, email: caller.email, fullName: caller.fullName };
    // Employees see every organization, so they are told; an organization's own admin is not.
    await assertEmailHasNoAccount(db, firstMember.email);
    link = await sendInvitation(db, deps, null, { email: firstMember.email, organizationName: name, inviter }, logger);
  }
  try {
    const created = await db.transaction(async (tx) => {
      const organization = await insertOrganization(tx, name);
      if (!firstMember || !link) return { organization, invitation: null };
      const record = { organizationId: organization.id, email: firstMember.email, role: firstMember.role, invitedBy: caller.userId };
      return { organization, invitation: await storeInvitation(tx, record, link) };
    });
    if (created.invitation) logInvitationSent(logger, { ...created.invitation, invitedBy: caller.userId });
    return {
      organization: presentOrganization(created.organization),
      invitation: created.invitation ? presentInvitation(created.invitation) : null,
    };
  } catch (error) {
    // Another request took the name in between; the unique index on lower(name) decides.
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}
