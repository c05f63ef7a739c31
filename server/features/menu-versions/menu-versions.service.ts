import type { CreateMenuVersionBody, MenuVersion, UpdateMenuVersionBody } from "#common/contracts/menu-versions";
import { isProviderAdministrator } from "#common/domain/access";
import { DEFAULT_MENU_VERSION, parseMenuConfig } from "#common/domain/menu-config";
import type { Database, Transaction } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { Caller } from "#server/lib/app-context";
import { AppError, isUniqueViolation } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import {
  type MenuVersionRow,
  insertMenuVersion,
  renameVersionInSettings,
  selectMenuVersion,
  selectMenuVersionForUpdate,
  selectMenuVersions,
  selectOrganizationIdsNamingVersion,
  selectOrganizationIdsOnFallback,
  updateMenuVersionRow,
} from "./menu-versions.queries.ts";

/** Menu versions are the provider administrator's alone (PROVIDER_ADMIN_EMAIL); nobody's when unset. */
export function assertProviderAdministrator(caller: Caller, settings: AccessSettings): void {
  if (!isProviderAdministrator(caller.email, settings.providerAdminEmail)) {
    throw new AppError("forbidden", "Only the provider administrator can manage menu versions");
  }
}

function presentMenuVersion(row: MenuVersionRow): MenuVersion {
  return {
    id: row.id,
    version_name: row.versionName,
    is_active: row.isActive,
    menu_config: parseMenuConfig(row.menuConfig),
    organization_count: row.organizationCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function nameTaken(): AppError {
  const message = "A menu version with this name already exists";
  return new AppError("conflict", message, [{ path: "version_name", message }]);
}

/** Open sessions of every organization concerned refetch what they may see (the last statements of `tx`). */
export async function publishMenuChanged(tx: Transaction, organizationIds: Iterable<string>): Promise<void> {
  for (const organizationId of new Set(organizationIds)) {
    await publishEvent(tx, organizationId, { type: "menuChanged", organizationId });
  }
}

/**
 * The organizations whose menu a change to the versions named `names` can alter: those naming one
 * of them and, when one is "v1", those on the fallback. Read after the change.
 */
async function selectAffectedOrganizationIds(tx: Transaction, names: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of new Set(names.map((entry) => entry.toLowerCase()))) {
    ids.push(...(await selectOrganizationIdsNamingVersion(tx, name)));
  }
  if (names.some((name) => name.toLowerCase() === DEFAULT_MENU_VERSION)) ids.push(...(await selectOrganizationIdsOnFallback(tx)));
  return ids;
}

async function readMenuVersion(tx: Transaction, menuVersionId: string): Promise<MenuVersionRow> {
  const row = await selectMenuVersion(tx, menuVersionId);
  if (!row) throw new Error("menu version vanished inside its transaction");
  return row;
}

export async function listMenuVersions(db: Database, caller: Caller, settings: AccessSettings): Promise<MenuVersion[]> {
  assertProviderAdministrator(caller, settings);
  return (await selectMenuVersions(db)).map(presentMenuVersion);
}

export async function createMenuVersion(
  db: Database,
  caller: Caller,
  settings: AccessSettings,
  body: CreateMenuVersionBody,
): Promise<MenuVersion> {
  assertProviderAdministrator(caller, settings);
  try {
    return await db.transaction(async (tx) => {
      const { id } = await insertMenuVersion(tx, { versionName: body.version_name, isActive: body.is_active, menuConfig: body.menu_config });
      const row = await readMenuVersion(tx, id);
      await publishMenuChanged(tx, await selectAffectedOrganizationIds(tx, [row.versionName]));
      return presentMenuVersion(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * Renames, (de)activates or reconfigures a version. Organizations naming it keep it through a
 * rename; each organization whose menu may change is told so.
 */
export async function updateMenuVersion(
  db: Database,
  caller: Caller,
  settings: AccessSettings,
  menuVersionId: string,
  body: UpdateMenuVersionBody,
): Promise<MenuVersion> {
  assertProviderAdministrator(caller, settings);
  try {
    return await db.transaction(async (tx) => {
      const before = await selectMenuVersionForUpdate(tx, menuVersionId);
      if (!before) throw new AppError("not_found", "Menu version not found");
      await updateMenuVersionRow(tx, menuVersionId, {
        versionName: body.version_name,
        isActive: body.is_active,
        menuConfig: body.menu_config,
      });
      const newName = body.version_name ?? before.versionName;
      if (newName !== before.versionName) await renameVersionInSettings(tx, before.versionName, newName);
      const row = await readMenuVersion(tx, menuVersionId);
      await publishMenuChanged(tx, await selectAffectedOrganizationIds(tx, [before.versionName, newName]));
      return presentMenuVersion(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}
