import { asc, eq, getTableColumns, isNull, or, sql } from "drizzle-orm";
import { DEFAULT_MENU_VERSION } from "#common/domain/menu-config";
import type { Queryable } from "#server/db/database";
import { menuVersions, organizationSettings, organizations, profiles, userMenuExclusions } from "#server/db/schema/index";

export type MenuVersionRow = typeof menuVersions.$inferSelect & { organizationCount: number };

// Settings name versions as written; they match a version regardless of case and surrounding spaces.
const namedVersion = sql`lower(trim(${organizationSettings.menuVersion}))`;

const menuVersionColumns = {
  ...getTableColumns(menuVersions),
  organizationCount: sql<number>`(select count(*)::int from ${organizationSettings}
    where ${namedVersion} = lower(${menuVersions.versionName}))`,
};

export function selectMenuVersions(db: Queryable): Promise<MenuVersionRow[]> {
  return db
    .select(menuVersionColumns)
    .from(menuVersions)
    .orderBy(sql`lower(${menuVersions.versionName})`);
}

export async function selectMenuVersion(db: Queryable, menuVersionId: string): Promise<MenuVersionRow | undefined> {
  const [row] = await db.select(menuVersionColumns).from(menuVersions).where(eq(menuVersions.id, menuVersionId));
  return row;
}

/** The version and its name before the change, locked until the transaction ends. */
export async function selectMenuVersionForUpdate(db: Queryable, menuVersionId: string): Promise<{ versionName: string } | undefined> {
  const [row] = await db
    .select({ versionName: menuVersions.versionName })
    .from(menuVersions)
    .where(eq(menuVersions.id, menuVersionId))
    .for("update");
  return row;
}

/** The version named `name` regardless of case, share-locked so that a rename cannot slip past the assignment. */
export async function selectMenuVersionByNameForShare(db: Queryable, name: string): Promise<{ versionName: string } | undefined> {
  const [row] = await db
    .select({ versionName: menuVersions.versionName })
    .from(menuVersions)
    .where(sql`lower(${menuVersions.versionName}) = lower(${name})`)
    .for("share");
  return row;
}

export async function insertMenuVersion(
  db: Queryable,
  values: { versionName: string; isActive: boolean; menuConfig: unknown },
): Promise<{ id: string }> {
  const [row] = await db.insert(menuVersions).values(values).returning({ id: menuVersions.id });
  if (!row) throw new Error("menu version was not inserted");
  return row;
}

export async function updateMenuVersionRow(
  db: Queryable,
  menuVersionId: string,
  changes: { versionName?: string; isActive?: boolean; menuConfig?: unknown },
): Promise<void> {
  await db
    .update(menuVersions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(menuVersions.id, menuVersionId));
}

/** Points the settings naming `oldName` at `newName`, so that a rename keeps its organizations. */
export async function renameVersionInSettings(db: Queryable, oldName: string, newName: string): Promise<void> {
  await db
    .update(organizationSettings)
    .set({ menuVersion: newName, updatedAt: new Date() })
    .where(sql`${namedVersion} = lower(${oldName})`);
}

export async function selectOrganizationIdsNamingVersion(db: Queryable, name: string): Promise<string[]> {
  const rows = await db
    .select({ id: organizationSettings.organizationId })
    .from(organizationSettings)
    .where(sql`${namedVersion} = lower(${name})`);
  return rows.map((row) => row.id);
}

/** Organizations on the fallback: their settings name no active version other than "v1". */
export async function selectOrganizationIdsOnFallback(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, organizations.id))
    .where(
      or(
        isNull(organizationSettings.menuVersion),
        sql`not exists (select 1 from ${menuVersions} where ${menuVersions.isActive}
          and lower(${menuVersions.versionName}) = ${namedVersion}
          and lower(${menuVersions.versionName}) <> ${DEFAULT_MENU_VERSION})`,
      ),
    );
  return rows.map((row) => row.id);
}

/** The organization and the version its settings name; undefined when there is no such organization. */
export async function selectOrganizationMenuSetting(
  db: Queryable,
  organizationId: string,
): Promise<{ organizationId: string; menuVersion: string | null } | undefined> {
  const [row] = await db
    .select({ organizationId: organizations.id, menuVersion: organizationSettings.menuVersion })
    .from(organizations)
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return row;
}

export async function upsertOrganizationMenuVersion(db: Queryable, organizationId: string, menuVersion: string | null): Promise<void> {
  await db
    .insert(organizationSettings)
    .values({ organizationId, menuVersion })
    .onConflictDoUpdate({ target: organizationSettings.organizationId, set: { menuVersion, updatedAt: new Date() } });
}

/** The members of the organization with items hidden for them, one row per item. */
export function selectMemberMenuExclusions(
  db: Queryable,
  organizationId: string,
): Promise<{ userId: string; email: string; itemId: string }[]> {
  return db
    .select({ userId: profiles.id, email: profiles.email, itemId: userMenuExclusions.itemId })
    .from(userMenuExclusions)
    .innerJoin(profiles, eq(profiles.id, userMenuExclusions.profileId))
    .where(eq(profiles.organizationId, organizationId))
    .orderBy(asc(profiles.email), asc(profiles.id), asc(userMenuExclusions.itemId));
}

/** The user's profile, locked so that concurrent replacements of their exclusions queue up. */
export async function selectProfileForUpdate(db: Queryable, userId: string): Promise<{ organizationId: string | null } | undefined> {
  const [row] = await db
    .select({ organizationId: profiles.organizationId })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("update");
  return row;
}

export async function deleteUserMenuExclusions(db: Queryable, userId: string): Promise<void> {
  await db.delete(userMenuExclusions).where(eq(userMenuExclusions.profileId, userId));
}

export async function insertUserMenuExclusions(db: Queryable, userId: string, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db.insert(userMenuExclusions).values(itemIds.map((itemId) => ({ profileId: userId, itemId })));
}
