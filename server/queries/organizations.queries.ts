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

/**
 * Locks the organization's row for the rest of the transaction, so the writes that take it (its
 * estimates, its extensions) run one after another. NO KEY UPDATE, not UPDATE: inserting a row
 * that references the organization (an event, a history entry) still passes its foreign-key
 * check. With UPDATE, another feature's transaction holding the event-order lock (publishEvent)
 * would wait here for its event's insert while this one waited for that lock: a deadlock. False
 * when the organization is gone.
 */
export async function lockOrganizationRow(db: Queryable, organizationId: string): Promise<boolean> {
  const rows = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for("no key update");
  return rows.length > 0;
}
