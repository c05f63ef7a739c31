import { eq, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { organizations } from "#server/db/schema/index";

export type OrganizationRow = typeof organizations.$inferSelect;

export async function selectOrganizationById(db: Queryable, organizationId: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return row;
}

export async function selectOrganizationByName(db: Queryable, name: string): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(sql`lower(${organizations.organizationName}) = lower(${name})`);
  return row;
}

/** Every organization, by name regardless of case (the employee switcher). */
export function selectAllOrganizations(db: Queryable): Promise<OrganizationRow[]> {
  return db
    .select()
    .from(organizations)
    .orderBy(sql`lower(${organizations.organizationName})`, organizations.id);
}

export async function insertOrganization(db: Queryable, name: string): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values({ organizationName: name }).returning();
  if (!row) throw new Error("organization was not inserted");
  return row;
}

/** Sets the name and, when given, the time zone. */
export async function updateOrganizationDetails(
  db: Queryable,
  organizationId: string,
  details: { name: string; timeZone?: string },
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .update(organizations)
    .set({ organizationName: details.name, ...(details.timeZone === undefined ? {} : { timeZone: details.timeZone }), updatedAt: new Date() })
    .where(eq(organizations.id, organizationId))
    .returning();
  return row;
}
