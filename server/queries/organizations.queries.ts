import { eq } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { organizations } from "#server/db/schema/index";

/** The organization's name, for documents and emails that show it; undefined when it is gone. */
export async function selectOrganizationName(db: Queryable, organizationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organizations.organizationName })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name;
}

/** Every organization's id, for what concerns them all (a new curriculum). */
export async function selectAllOrganizationIds(db: Queryable): Promise<string[]> {
  const rows = await db.select({ id: organizations.id }).from(organizations);
  return rows.map((row) => row.id);
}
