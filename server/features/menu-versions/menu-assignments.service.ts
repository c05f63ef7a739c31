import type { OrganizationMenu, UserMenuExclusions } from "#common/contracts/menu-versions";
import type { Database, Queryable } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { selectEffectiveMenu } from "#server/queries/access-facts.queries";
import {
  deleteUserMenuExclusions,
  insertUserMenuExclusions,
  selectMemberMenuExclusions,
  selectMenuVersionByNameForShare,
  selectOrganizationMenuSetting,
  selectProfileForUpdate,
  upsertOrganizationMenuVersion,
} from "./menu-versions.queries.ts";
import { assertProviderAdministrator, publishMenuChanged } from "./menu-versions.service.ts";

async function readOrganizationMenu(db: Queryable, organizationId: string): Promise<OrganizationMenu> {
  const setting = await selectOrganizationMenuSetting(db, organizationId);
  if (!setting) throw new AppError("not_found", "Organization not found");
  const menu = await selectEffectiveMenu(db, organizationId);
  const byUser = new Map<string, { user_id: string; email: string; items: string[] }>();
  for (const row of await selectMemberMenuExclusions(db, organizationId)) {
    const entry = byUser.get(row.userId) ?? { user_id: row.userId, email: row.email, items: [] };
    entry.items.push(row.itemId);
    byUser.set(row.userId, entry);
  }
  return {
    organization_id: setting.organizationId,
    menu_version: setting.menuVersion,
    effective_version: menu.name,
    menu_config: menu.config,
    user_exclusions: [...byUser.values()],
  };
}

/** What the organization uses: the version its settings name, the one in force, its members' exclusions. */
export async function getOrganizationMenu(
  db: Database,
  caller: Caller,
  settings: AccessSettings,
  organizationId: string,
): Promise<OrganizationMenu> {
  assertProviderAdministrator(caller, settings);
  return readOrganizationMenu(db, organizationId);
}

/** Assigns a version by name (stored as the version spells it), or none with null. */
export async function assignMenuVersion(
  db: Database,
  caller: Caller,
  settings: AccessSettings,
  organizationId: string,
  menuVersion: string | null,
): Promise<OrganizationMenu> {
  assertProviderAdministrator(caller, settings);
  return db.transaction(async (tx) => {
    if (!(await selectOrganizationMenuSetting(tx, organizationId))) throw new AppError("not_found", "Organization not found");
    let versionName: string | null = null;
    if (menuVersion !== null) {
      const version = await selectMenuVersionByNameForShare(tx, menuVersion);
      if (!version) {
        const message = `There is no menu version named "${menuVersion}"`;
        throw new AppError("validation_failed", message, [{ path: "menu_version", message }]);
      }
      versionName = version.versionName;
    }
    await upsertOrganizationMenuVersion(tx, organizationId, versionName);
    const result = await readOrganizationMenu(tx, organizationId);
    await publishMenuChanged(tx, [organizationId]);
    return result;
  });
}

/**
 * Replaces the items hidden for one user. Their organization's sessions refresh; a user without
 * an organization (an employee) sees the change on their next load.
 */
export async function setUserMenuExclusions(
  db: Database,
  caller: Caller,
  settings: AccessSettings,
  userId: string,
  items: readonly string[],
): Promise<UserMenuExclusions> {
  assertProviderAdministrator(caller, settings);
  const sorted = [...items].sort();
  return db.transaction(async (tx) => {
    const profile = await selectProfileForUpdate(tx, userId);
    if (!profile) throw new AppError("not_found", "User not found");
    await deleteUserMenuExclusions(tx, userId);
    await insertUserMenuExclusions(tx, userId, sorted);
    if (profile.organizationId) await publishMenuChanged(tx, [profile.organizationId]);
    return { user_id: userId, items: sorted };
  });
}
