import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { organizations } from "./organizations.ts";

/**
 * Spec §3 member_missions: one project of an organization. The current mission (end_date null) is
 * made with the organization's first file; an employee starting a new one ends the current, and
 * the library starts empty while the earlier missions' files stay readable.
 */
export const memberMissions = pgTable(
  "member_missions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    endDate: timestamp("end_date", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // At most one current mission per organization, whatever two requests do at once.
    uniqueIndex("member_missions_one_current").on(table.organizationId).where(sql`${table.endDate} is null`),
    index("member_missions_organization_idx").on(table.organizationId, table.createdAt),
  ],
);

/**
 * Spec §3 content: the file library's folders and files. A file's bytes live in storage under
 * `file_path` (a server-made key); `file_name` is the uploader's name, neutralised, offered on
 * download. Titles are unique per folder (case-insensitive, trimmed by the service).
 */
export const content = pgTable(
  "content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    missionId: uuid("mission_id")
      .notNull()
      .references(() => memberMissions.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => content.id, { onDelete: "cascade" }),
    isFolder: boolean("is_folder").notNull().default(false),
    title: text("title").notNull(),
    description: text("description"),
    filePath: text("file_path"),
    fileName: text("file_name"),
    fileSize: bigint("file_size", { mode: "number" }),
    contentType: text("content_type"),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("content_title_unique_per_folder").on(
      table.missionId,
      sql`coalesce(${table.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${table.title})`,
    ),
    index("content_folder_idx").on(table.organizationId, table.missionId, table.parentId),
    index("content_parent_idx").on(table.parentId),
    check(
      "content_file_or_folder",
      sql`(${table.isFolder} and ${table.filePath} is null and ${table.fileSize} is null) or (not ${table.isFolder} and ${table.filePath} is not null and ${table.fileSize} is not null)`,
    ),
    check("content_not_own_parent", sql`${table.parentId} is null or ${table.parentId} <> ${table.id}`),
  ],
);

/**
 * Spec §3 entity_attachments: a library file attached to an entity of the organization (a
 * milestone; the action log's entries). Removing the link never removes the file; removing the
 * file removes its links.
 */
export const entityAttachments = pgTable(
  "entity_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    entityType: text("entity_type").notNull(),
    entityId: uuid("entity_id").notNull(),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    attachedBy: text("attached_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("entity_attachments_once").on(table.organizationId, table.entityType, table.entityId, table.contentId),
    index("entity_attachments_content_idx").on(table.contentId),
  ],
);
