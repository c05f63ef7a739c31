import type { RealtimeEvent } from "#common/contracts/events";
import type { Transaction } from "#server/db/database";
import { insertRealtimeEvent, lockEventOrder, notifyChannel } from "./realtime-events.queries.ts";

export const REALTIME_CHANNEL = "portal_events";

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
  await lockEventOrder(tx);
  const stored: StoredEvent = { id: await insertRealtimeEvent(tx, organizationId, event), organizationId, event };
  await notifyChannel(tx, REALTIME_CHANNEL, JSON.stringify(stored));
}
