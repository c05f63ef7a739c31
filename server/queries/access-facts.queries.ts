import { eq, sql, type SQL } from "drizzle-orm";
import { DEFAULT_MENU_VERSION, type MenuConfig, emptyMenuConfig, parseMenuConfig } from "#common/domain/menu-config";
import type { Queryable } from "#server/db/database";
import { newestBusinessAspectsSql } from "./business-aspects.queries.ts";
import { readJsonValue } from "#server/db/json-value";
import {
  launchpadProgress,
  menuVersions,
  ndas,
  organizationExtensions,
  organizationSettings,
  organizations,
  userMenuExclusions,
} from "#server/db/schema/index";

// What the access rules (common/domain/access.ts) decide on, read for the route guard, the access
// answer, the dashboard and the menu assignments.

export interface EffectiveMenu {
  /** The menu version in force: the organization's when it names an active one, else "v1". */
  name: string;
  config: MenuConfig;
}

/** The stored facts, decoded; the rules turn them into AccessFacts. */
export interface StoredAccessFacts {
  /** The newest NDA's status, or null while there is none. */
  ndaStatus: string | null;
  completedPages: string[];
  /** The newest submitted business-aspects answer, as stored. */
  businessAspects: unknown;
  menu: EffectiveMenu;
  userExcludedItems: string[];
  /** The extensions active for the organization. */
  activeExtensions: string[];
}

/**
 * The organization's menu version as JSON `{ name, config }`, or SQL null when neither its version
 * nor "v1" has an active row. An organization naming no version, or one that is missing or
 * inactive, falls back to "v1": the active "v1" row when there is one, else no exclusions.
 */
function effectiveMenuSql(organizationId: string): SQL {
  const named = sql`(select nullif(trim(${organizationSettings.menuVersion}), '') from ${organizationSettings}
    where ${organizationSettings.organizationId} = ${organizationId})`;
  return sql`(select json_build_object('name', ${menuVersions.versionName}, 'config', ${menuVersions.menuConfig})
    from ${menuVersions}
    where ${menuVersions.isActive}
      and lower(${menuVersions.versionName}) in (lower(coalesce(${named}, ${DEFAULT_MENU_VERSION})), ${DEFAULT_MENU_VERSION})
    order by lower(${menuVersions.versionName}) = ${DEFAULT_MENU_VERSION}
    limit 1)`;
}

function toStringList(value: unknown): string[] {
  const parsed = readJsonValue(value);
  return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === "string") : [];
}

function toEffectiveMenu(value: unknown): EffectiveMenu {
  const parsed = readJsonValue(value) as { name?: unknown; config?: unknown } | null;
  if (!parsed || typeof parsed.name !== "string") return { name: DEFAULT_MENU_VERSION, config: emptyMenuConfig() };
  return { name: parsed.name, config: parseMenuConfig(parsed.config) };
}

/** The menu version an organization uses (for the administrator's view of it). */
export async function selectEffectiveMenu(db: Queryable, organizationId: string): Promise<EffectiveMenu> {
  const [row] = await db
    .select({ menu: sql<unknown>`${effectiveMenuSql(organizationId)}` })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return toEffectiveMenu(row?.menu);
}

/**
 * The access facts of `userId` acting for `organizationId`, in one round trip: the newest NDA's
 * status, the completed launchpad pages, the newest submitted business-aspects answer, the
 * effective menu version, the user's own menu exclusions and the active extensions. Undefined when the organization is gone.
 */
export async function selectStoredAccessFacts(db: Queryable, organizationId: string, userId: string): Promise<StoredAccessFacts | undefined> {
  const [row] = await db
    .select({
      ndaStatus: sql<string | null>`(select ${ndas.status} from ${ndas}
        where ${ndas.organizationId} = ${organizationId}
        order by ${ndas.createdAt} desc, ${ndas.updatedAt} desc limit 1)`,
      completedPages: sql<unknown>`(select coalesce(json_agg(${launchpadProgress.pageId}), '[]'::json) from ${launchpadProgress}
        where ${launchpadProgress.organizationId} = ${organizationId} and ${launchpadProgress.isCompleted})`,
      businessAspects: newestBusinessAspectsSql(organizationId),
      menu: sql<unknown>`${effectiveMenuSql(organizationId)}`,
      userExcludedItems: sql<unknown>`(select coalesce(json_agg(${userMenuExclusions.itemId}), '[]'::json) from ${userMenuExclusions}
        where ${userMenuExclusions.profileId} = ${userId})`,
      activeExtensions: sql<unknown>`(select coalesce(json_agg(${organizationExtensions.extensionId}), '[]'::json) from ${organizationExtensions}
        where ${organizationExtensions.organizationId} = ${organizationId} and ${organizationExtensions.state} = 'active')`,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) return undefined;
  return {
    ndaStatus: row.ndaStatus,
    completedPages: toStringList(row.completedPages),
    businessAspects: readJsonValue(row.businessAspects),
    menu: toEffectiveMenu(row.menu),
    userExcludedItems: toStringList(row.userExcludedItems),
    activeExtensions: toStringList(row.activeExtensions),
  };
}
