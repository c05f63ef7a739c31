import type { CurrentUser, UpdateProfileBody } from "#common/contracts/account";
import type { Database } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { publishEvent } from "#server/realtime/publish-event";
import { updateAccountName, updateProfileFields } from "./account.queries.ts";

export function presentCaller(caller: Caller): CurrentUser {
  return {
    id: caller.userId,
    email: caller.email,
    full_name: caller.fullName,
    company_role: caller.companyRole,
    role: caller.role,
    is_employee: caller.isEmployee,
    organization_id: caller.organizationId,
  };
}

/**
 * Saves My Profile: the profile's full name and company role, and the account's display name,
 * in one transaction; screens of the user's organization that show them are told.
 */
export async function updateProfile(db: Database, caller: Caller, body: UpdateProfileBody): Promise<CurrentUser> {
  await db.transaction(async (tx) => {
    await updateProfileFields(tx, caller.userId, body.full_name, body.company_role);
    await updateAccountName(tx, caller.userId, body.full_name);
    if (caller.organizationId) {
      await publishEvent(tx, caller.organizationId, { type: "claimsRefreshed", organizationId: caller.organizationId, userId: caller.userId });
    }
  });
  return presentCaller({ ...caller, fullName: body.full_name, companyRole: body.company_role });
}
