import { sql } from "drizzle-orm";
import type { RealtimeEvent } from "#common/contracts/events";
import type { Transaction } from "#server/db/database";
import { realtimeEvents } from "#server/db/schema/index";

export const REALTIME_CHANNEL = "portal_events";
/** Any fixed number: the transaction-scoped lock that orders event ids by commit. */
const EVENT_ORDER_LOCK_KEY = 72_710_002;

/** What travels through NOTIFY and the hub: an event with its log id and organization. */
export interface StoredEvent {
  id: number;
  organizationId: string;
  event: RealtimeEvent;
}

/**
 * Records an event in the log and queues its NOTIFY, inside the caller's transaction: PostgreSQL
 * delivers the notification only when that transaction commits, so listeners never hear of a
 * write that was rolled back, and a committed write is always in the log for replay.
 *
 * Ids come from a sequence, and transactions commit in any order: without care an event with a
 * lower id could commit after a higher one was delivered, and resuming "after the last id seen"
 * would skip it. A transaction-scoped advisory lock taken before the insert makes publishing
 * transactions take their ids in commit order. Call this as the last statement of the
 * transaction, so the lock is held only for the insert and the commit.
 */
export async function publishEvent(tx: Transaction, organizationId: string, event: RealtimeEvent): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK_KEY})`);
  const [row] = await tx
    .insert(realtimeEvents)
    .values({ organizationId, type: event.type, payload: event })
    .returning({ id: realtimeEvents.id });
  if (!row) throw new Error("realtime event was not recorded");
  const stored: StoredEvent = { id: row.id, organizationId, event };
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(stored)})`);
}
