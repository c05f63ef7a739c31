import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { PostalAddress, TaxId } from "#common/contracts/organization-profile";
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

/**
 * What the ERP needs to know of the organization (/organization), one row per organization once
 * someone saves it. A table of its own rather than columns on `organizations`: that row is read on
 * every switcher list and access check, and the profile's addresses and lists would only weigh
 * them down. The time zone stays on `organizations` (the daily reminders read it there) and the
 * base currency on Financial Setup's answers (its one source).
 */
export const organizationProfiles = pgTable(
  "organization_profiles",
  {
    organizationId: uuid("organization_id")
      .primaryKey()
      .references(() => organizations.id, { onDelete: "cascade" }),
    legalName: text("legal_name"),
    registeredAddress: jsonb("registered_address").$type<PostalAddress>(),
    /** Null: invoices go to the registered address. */
    billingAddress: jsonb("billing_address").$type<PostalAddress>(),
    taxIds: jsonb("tax_ids").$type<TaxId[]>().notNull().default([]),
    industry: text("industry"),
    companySize: text("company_size"),
    /** The logo in the portal's storage, under organizations/<id>/logo/; a new key for each upload. */
    logoKey: text("logo_key"),
    logoContentType: text("logo_content_type"),
    logoSize: integer("logo_size"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "organization_profiles_logo_whole",
      sql`(${table.logoKey} is null) = (${table.logoContentType} is null) and (${table.logoKey} is null) = (${table.logoSize} is null)`,
    ),
  ],
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
