import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DEFAULT_MEMBER_ROLE } from "#common/domain/member-roles";
import { users } from "./auth.ts";

export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationName: text("organization_name").notNull(),
    /** IANA time zone of the organization: its daily digest goes out at a local hour. */
    timeZone: text("time_zone").notNull().default("UTC"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Names identify organizations to operators (the CLI's --org), so they are unique regardless of case.
  (table) => [uniqueIndex("organizations_name_unique").on(sql`lower(${table.organizationName})`)],
);

export const DEFAULT_PROFILE_ROLE = DEFAULT_MEMBER_ROLE;

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    isEmployee: boolean("is_employee").notNull().default(false),
    role: text("role").notNull().default(DEFAULT_PROFILE_ROLE),
    fullName: text("full_name"),
    companyRole: text("company_role"),
    email: text("email").notNull(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("profiles_organization_id_idx").on(table.organizationId)],
);
