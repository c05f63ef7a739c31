import { and, asc, eq, gt, lt, max, min, sql } from "drizzle-orm";
import type { RealtimeEvent } from "#common/contracts/events";
import type { Queryable, Transaction } from "#server/db/database";
import { realtimeEvents } from "#server/db/schema/index";

// The event log is read across organizations on purpose: the hub follows every organization's
// events, and pruning and catch-up go by id and age, not by tenant.

export type RealtimeEventRow = typeof realtimeEvents.$inferSelect;

/** Any fixed number: the transaction-scoped lock that orders event ids by commit. */
const EVENT_ORDER_LOCK_KEY = 72_710_002;

/** Held until the transaction ends, so publishing transactions take their ids in commit order. */
export async function lockEventOrder(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK_KEY})`);
}

/** Records the event in the log and returns its id. */
export async function insertRealtimeEvent(tx: Transaction, organizationId: string, event: RealtimeEvent): Promise<number> {
  const [row] = await tx
    .insert(realtimeEvents)
    .values({ organizationId, type: event.type, payload: event })
    .returning({ id: realtimeEvents.id });
  if (!row) throw new Error("realtime event was not recorded");
  return row.id;
}

/** Queues a NOTIFY that PostgreSQL delivers when the transaction commits. */
export async function notifyChannel(tx: Transaction, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** The newest event id in the log, or null while it is empty. */
export async function selectNewestEventId(db: Queryable): Promise<number | null> {
  const [row] = await db.select({ last: max(realtimeEvents.id) }).from(realtimeEvents);
  return row?.last ?? null;
}

/** The oldest event id still in the log (older ones were pruned), or null while it is empty. */
export async function selectOldestEventId(db: Queryable): Promise<number | null> {
  const [row] = await db.select({ first: min(realtimeEvents.id) }).from(realtimeEvents);
  return row?.first ?? null;
}

/** The organization's events after `afterId`, oldest first, at most `limit`. */
export function selectOrganizationEventsAfter(db: Queryable, organizationId: string, afterId: number, limit: number): Promise<RealtimeEventRow[]> {
  return db
    .select()
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.organizationId, organizationId), gt(realtimeEvents.id, afterId)))
    .orderBy(asc(realtimeEvents.id))
    .limit(limit);
}

/** Every organization's events after `afterId`, oldest first, at most `limit`. */
export function selectEventsAfter(db: Queryable, afterId: number, limit: number): Promise<RealtimeEventRow[]> {
  return db.select().from(realtimeEvents).where(gt(realtimeEvents.id, afterId)).orderBy(asc(realtimeEvents.id)).limit(limit);
}

export async function deleteEventsOlderThan(db: Queryable, retentionHours: number): Promise<void> {
  await db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, sql`now() - make_interval(hours => ${retentionHours})`));
}
