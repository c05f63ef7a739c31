import { sql } from "drizzle-orm";
import type { Transaction } from "#server/db/database";

/**
 * The pricing catalog's transaction-scoped advisory lock. Replacing the catalog takes it
 * exclusively; saving an estimate takes it shared while it prices its lines, so a save never
 * prices from a catalog that an import is replacing (it waits and reads the new one).
 */
const CATALOG_LOCK_KEY = 72_710_005;

export async function lockCatalogForWrite(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CATALOG_LOCK_KEY})`);
}

export async function lockCatalogForRead(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${CATALOG_LOCK_KEY})`);
}
