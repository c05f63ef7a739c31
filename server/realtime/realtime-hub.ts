import type { Logger } from "pino";
import { realtimeEventSchema } from "#common/contracts/events";
import type { Database, NotificationSource } from "#server/db/database";
import type { Metrics } from "#server/lib/metrics";
import { REALTIME_CHANNEL, type StoredEvent } from "./publish-event.ts";
import {
  type RealtimeEventRow,
  deleteEventsOlderThan,
  selectEventsAfter,
  selectNewestEventId,
  selectOldestEventId,
  selectOrganizationEventsAfter,
} from "./realtime-events.queries.ts";

/** At most this many missed events are replayed; a client further behind is told to resync. */
export const REPLAY_LIMIT = 500;
const RECENT_IDS_KEPT = 10_000;
const PRUNE_INTERVAL_MS = 10 * 60_000;
const CATCH_UP_PAGE = 1_000;
/**
 * Event streams one session may hold open in this process: a tab holds one, so more means many
 * tabs or a client that leaks connections, and each stream holds a socket and a subscription.
 */
export const MAX_STREAMS_PER_SESSION = 10;

export type EventListener = (stored: StoredEvent) => void;

/** The subscribers' key of those who hear every organization (never an organization id: not a UUID). */
const EVERY_ORGANIZATION = "*";

export interface ReplayResult {
  events: StoredEvent[];
  /** False when events after `afterId` may have been pruned or exceed the replay limit. */
  complete: boolean;
}

/**
 * Fans events out to this process's subscribers. Events arrive through NOTIFY (a dedicated
 * connection on PostgreSQL, in-process on PGlite); after the listening connection is restored,
 * the hub reads what it missed from the event log, so no committed event is lost.
 */
export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<EventListener>>();
  private readonly shutdownHooks = new Set<() => void>();
  private readonly recentIds = new Set<number>();
  private readonly streamsBySession = new Map<string, number>();
  private lastSeenId = 0;
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly source: NotificationSource,
    private readonly options: { retentionHours: number; logger: Logger; metrics: Metrics },
  ) {}

  async start(): Promise<void> {
    this.lastSeenId = (await selectNewestEventId(this.db)) ?? 0;
    await this.source.listen(REALTIME_CHANNEL, (payload) => this.receive(payload), () => void this.catchUp());
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.pruneTimer);
    for (const hook of this.shutdownHooks) hook();
    this.shutdownHooks.clear();
    this.subscribers.clear();
    await this.source.close();
  }

  /** The newest event id this process has seen: where a fresh client's replay would start. */
  currentEventId(): number {
    return this.lastSeenId;
  }

  /** Every organization's events as they arrive (the employees' portfolio): no replay. */
  subscribeAll(listener: EventListener): () => void {
    return this.subscribe(EVERY_ORGANIZATION, listener);
  }

  subscribe(organizationId: string, listener: EventListener): () => void {
    let set = this.subscribers.get(organizationId);
    if (!set) {
      set = new Set();
      this.subscribers.set(organizationId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.subscribers.delete(organizationId);
    };
  }

  /**
   * Takes one of the session's stream slots, or null when it holds MAX_STREAMS_PER_SESSION
   * already. The returned release frees the slot; calling it again does nothing.
   */
  claimStreamSlot(sessionId: string): (() => void) | null {
    const open = this.streamsBySession.get(sessionId) ?? 0;
    if (open >= MAX_STREAMS_PER_SESSION) return null;
    this.streamsBySession.set(sessionId, open + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.streamsBySession.get(sessionId) ?? 1) - 1;
      if (left > 0) this.streamsBySession.set(sessionId, left);
      else this.streamsBySession.delete(sessionId);
    };
  }

  /** Registers something to close when the server shuts down (open event streams). */
  onShutdown(hook: () => void): () => void {
    this.shutdownHooks.add(hook);
    return () => this.shutdownHooks.delete(hook);
  }

  /** The organization's events after `afterId`, oldest first. */
  async replay(organizationId: string, afterId: number): Promise<ReplayResult> {
    const oldestKept = await selectOldestEventId(this.db);
    const rows = await selectOrganizationEventsAfter(this.db, organizationId, afterId, REPLAY_LIMIT + 1);
    // Ids before the oldest one kept may have been pruned; with the log empty, anything the hub
    // has seen since `afterId` was.
    const pruned = oldestKept === null ? afterId < this.lastSeenId : afterId < oldestKept - 1;
    const events = rows.slice(0, REPLAY_LIMIT).flatMap((row) => this.toStored(row));
    return { events, complete: !pruned && rows.length <= REPLAY_LIMIT };
  }

  private toStored(row: RealtimeEventRow): StoredEvent[] {
    const parsed = realtimeEventSchema.safeParse(row.payload);
    return parsed.success ? [{ id: row.id, organizationId: row.organizationId, event: parsed.data }] : [];
  }

  private receive(payload: string): void {
    try {
      const stored = JSON.parse(payload) as StoredEvent;
      const parsed = realtimeEventSchema.safeParse(stored.event);
      if (!parsed.success) throw new Error(`unknown event ${JSON.stringify(stored.event)}`);
      this.dispatch({ id: stored.id, organizationId: stored.organizationId, event: parsed.data });
    } catch (error) {
      this.options.logger.warn({ err: error }, "ignored a malformed realtime notification");
    }
  }

  private dispatch(stored: StoredEvent): void {
    if (this.recentIds.has(stored.id)) return;
    this.recentIds.add(stored.id);
    if (this.recentIds.size > RECENT_IDS_KEPT) {
      const oldest = this.recentIds.values().next().value;
      if (oldest !== undefined) this.recentIds.delete(oldest);
    }
    this.lastSeenId = Math.max(this.lastSeenId, stored.id);
    this.options.metrics.realtimeEvents.inc();
    for (const listener of this.subscribers.get(stored.organizationId) ?? []) listener(stored);
    for (const listener of this.subscribers.get(EVERY_ORGANIZATION) ?? []) listener(stored);
  }

  /** After a lost LISTEN connection: deliver what was committed meanwhile. */
  private async catchUp(): Promise<void> {
    try {
      for (;;) {
        const rows = await selectEventsAfter(this.db, this.lastSeenId, CATCH_UP_PAGE);
        for (const row of rows) {
          for (const stored of this.toStored(row)) this.dispatch(stored);
          this.lastSeenId = Math.max(this.lastSeenId, row.id);
        }
        if (rows.length < CATCH_UP_PAGE) return;
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, "realtime catch-up failed");
    }
  }

  private async prune(): Promise<void> {
    try {
      await deleteEventsOlderThan(this.db, this.options.retentionHours);
    } catch (error) {
      this.options.logger.warn({ err: error }, "realtime event log pruning failed");
    }
  }
}
