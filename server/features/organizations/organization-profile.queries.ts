import { and, eq, sql } from "drizzle-orm";
import type { PostalAddress, TaxId } from "#common/contracts/organization-profile";
import type { Queryable } from "#server/db/database";
import { launchpadProgress, organizationProfiles, organizations } from "#server/db/schema/index";

export type OrganizationProfileRow = typeof organizationProfiles.$inferSelect;

/** The organization with its profile: null until someone saves one. */
export interface OrganizationWithProfile {
  organizationName: string;
  timeZone: string;
  profile: OrganizationProfileRow | null;
}

export interface ProfileDetails {
  legalName: string | null;
  registeredAddress: PostalAddress | null;
  billingAddress: PostalAddress | null;
  taxIds: TaxId[];
  industry: string | null;
  companySize: string | null;
}

export interface StoredLogo {
  key: string;
  contentType: string;
  size: number;
}

const withProfile = { organizationName: organizations.organizationName, timeZone: organizations.timeZone, profile: organizationProfiles };

export async function selectOrganizationWithProfile(db: Queryable, organizationId: string): Promise<OrganizationWithProfile | undefined> {
  const [row] = await db
    .select(withProfile)
    .from(organizations)
    .leftJoin(organizationProfiles, eq(organizationProfiles.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return row;
}

/**
 * The same, with the organization's row locked until the transaction ends: profile and logo
 * writes of one organization take turns, so each reads the logo it replaces.
 */
export async function lockOrganizationWithProfile(db: Queryable, organizationId: string): Promise<OrganizationWithProfile | undefined> {
  const [row] = await db
    .select(withProfile)
    .from(organizations)
    .leftJoin(organizationProfiles, eq(organizationProfiles.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId))
    .for("no key update", { of: organizations });
  return row;
}

/** The base currency Financial Setup saved (draft or complete), as written; null when it has none. */
export async function selectFinancialSetupBaseCurrency(db: Queryable, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: sql<string | null>`${launchpadProgress.dataSnapshot} ->> 'base_currency'` })
    .from(launchpadProgress)
    .where(and(eq(launchpadProgress.organizationId, organizationId), eq(launchpadProgress.pageId, "financial-setup")));
  return row?.code ?? null;
}

export async function upsertProfileDetails(db: Queryable, organizationId: string, details: ProfileDetails, now: Date): Promise<void> {
  await db
    .insert(organizationProfiles)
    .values({ organizationId, ...details, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: organizationProfiles.organizationId, set: { ...details, updatedAt: now } });
}

export async function updateOrganizationTimeZone(db: Queryable, organizationId: string, timeZone: string, now: Date): Promise<void> {
  await db.update(organizations).set({ timeZone, updatedAt: now }).where(eq(organizations.id, organizationId));
}

/** Records the organization's logo (null: none), creating the profile row if need be. */
export async function upsertProfileLogo(db: Queryable, organizationId: string, logo: StoredLogo | null, now: Date): Promise<void> {
  const columns = { logoKey: logo?.key ?? null, logoContentType: logo?.contentType ?? null, logoSize: logo?.size ?? null };
  await db
    .insert(organizationProfiles)
    .values({ organizationId, ...columns, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: organizationProfiles.organizationId, set: { ...columns, updatedAt: now } });
}
