import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { organizations, profiles } from "./organizations.ts";

/** Spec §3: a named navigation configuration; organizations without one use "v1" (no exclusions). */
export const menuVersions = pgTable(
  "menu_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionName: text("version_name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    /** { excludeItems: string[], customPermissions: Record<string, string> } */
    menuConfig: jsonb("menu_config").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("menu_versions_name_unique").on(sql`lower(${table.versionName})`)],
);

/** Spec §3: per-organization settings; menu_version names a menu version (null: the fallback). */
export const organizationSettings = pgTable("organization_settings", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  menuVersion: text("menu_version"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Navigation items hidden for one user (spec §6: "hidden per user by menu exclusion"). */
export const userMenuExclusions = pgTable(
  "user_menu_exclusions",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.itemId] })],
);
