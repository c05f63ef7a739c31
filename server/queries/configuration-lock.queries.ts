import { sql } from "drizzle-orm";
import type { Transaction } from "#server/db/database";

/** Namespace of the per-organization lock (with the organization's hash as the second key). */
const CONFIGURATION_LOCK_NAMESPACE = 72_710_020;

/**
 * Serialises the organization's configuration answers: the questionnaire's saves and module
 * submissions, and the answers Financial Setup records. A version is the previous one plus one,
 * and a submission must see every answer saved before it. Taken first in its transaction.
 */
export async function lockConfigurationForWrite(tx: Transaction, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CONFIGURATION_LOCK_NAMESPACE}, hashtext(${organizationId}))`);
}
