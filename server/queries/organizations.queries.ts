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
