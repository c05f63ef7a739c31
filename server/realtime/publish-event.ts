import { sql } from "drizzle-orm";
import type { RealtimeEvent } from "#common/contracts/events";
import type { Transaction } from "#server/db/database";
import { realtimeEvents } from "#server/db/schema/index";

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
 */
export async function publishEvent(tx: Transaction, organizationId: string, event: RealtimeEvent): Promise<void> {
  const [row] = await tx
    .insert(realtimeEvents)
    .values({ organizationId, type: event.type, payload: event })
    .returning({ id: realtimeEvents.id });
  if (!row) throw new Error("realtime event was not recorded");
  const stored: StoredEvent = { id: row.id, organizationId, event };
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(stored)})`);
}
