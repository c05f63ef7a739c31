import { eq } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { organizations } from "#server/db/schema/index";

/** The organization's id when it exists: the check before an employee may act for it. */
export async function selectOrganizationId(db: Queryable, organizationId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.id;
}
