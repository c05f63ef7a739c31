import { SSE_EVENT, type RealtimeEvent } from "#common/contracts/events";
import { isCircuitOpen, reconnectDelayMs } from "#common/domain/reconnect-policy";

type EventReader = (data: unknown) => RealtimeEvent | null;
let eventReader: Promise<EventReader> | null = null;

/**
 * The events' schema (and zod with it) loads beside the first screen rather than in it. The stream
 * itself opens at once, so no event is missed; events that arrive before the schema wait for it.
 */
function loadEventReader(): Promise<EventReader> {
  eventReader ??= import("./event-reader.ts").then(({ readRealtimeEvent }) => readRealtimeEvent);
  return eventReader;
}

/** Channel states (spec §4): CLOSED → SUBSCRIBED; CHANNEL_ERROR / TIMED_OUT → reconnect. */
export type RealtimeStatus = "CLOSED" | "CONNECTING" | "SUBSCRIBED" | "CHANNEL_ERROR" | "TIMED_OUT";

export interface RealtimeSnapshot {
  status: RealtimeStatus;
  /** Failed attempts since the last success. */
  attempts: number;
  /** True when reconnecting stopped after too many failures; a manual reconnect resets it. */
  circuitOpen: boolean;
  lastEventAt: number | null;
}

export interface RealtimeConnectionOptions {
  /** The stream's address, given the last event id seen (for replay). */
  buildUrl: (lastEventId: string | undefined) => string;
  onEvent: (event: RealtimeEvent) => void;
  /** The server could not replay everything missed: refetch all data. */
  onResync: () => void;
  onChange: (snapshot: RealtimeSnapshot) => void;
  createEventSource?: (url: string) => EventSource;
  /** No message (the server pings every 25 s) for this long means the channel timed out. */
  idleTimeoutMs?: number;
  /** Opening must finish within this long. */
  connectTimeoutMs?: number;
}

/** One Server-Sent Events channel with the backoff and circuit breaker of spec §4 and §9. */
export class RealtimeConnection {
  private source: EventSource | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private lastEventId: string | undefined;
  private stopped = true;
  private delivery: Promise<void> = Promise.resolve();
  private snapshot: RealtimeSnapshot = { status: "CLOSED", attempts: 0, circuitOpen: false, lastEventAt: null };

  constructor(private readonly options: RealtimeConnectionOptions) {}

  get state(): RealtimeSnapshot {
    return this.snapshot;
  }

  start(): void {
    this.stopped = false;
    void loadEventReader().catch(() => undefined);
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.teardown();
    this.update({ status: "CLOSED" });
  }

  /** A user's retry: resets the attempt count and connects at once. */
  reconnect(): void {
    this.stopped = false;
    this.teardown();
    this.update({ attempts: 0, circuitOpen: false });
    this.open();
  }

  private open(): void {
    const create = this.options.createEventSource ?? ((url: string) => new EventSource(url, { withCredentials: true }));
    const source = create(this.options.buildUrl(this.lastEventId));
    this.source = source;
    this.update({ status: "CONNECTING" });
    this.armWatchdog(this.options.connectTimeoutMs ?? 10_000);

    source.onopen = () => {
      this.update({ status: "SUBSCRIBED", attempts: 0, circuitOpen: false });
      this.armWatchdog(this.options.idleTimeoutMs ?? 60_000);
    };
    source.onerror = () => this.fail("CHANNEL_ERROR");
    const remember = (message: MessageEvent) => {
      if (message.lastEventId) this.lastEventId = message.lastEventId;
      this.armWatchdog(this.options.idleTimeoutMs ?? 60_000);
    };
    source.addEventListener(SSE_EVENT.ping, (message) => remember(message as MessageEvent));
    source.addEventListener(SSE_EVENT.resync, (message) => {
      remember(message as MessageEvent);
      this.options.onResync();
    });
    source.addEventListener(SSE_EVENT.change, (message) => {
      const event = message as MessageEvent<string>;
      remember(event);
      const data = safeJson(event.data);
      // In order, each after the one before, once the schema is there.
      this.delivery = this.delivery.then(async () => {
        const read = await loadEventReader();
        const parsed = read(data);
        if (!parsed || this.stopped) return;
        this.update({ lastEventAt: Date.now() });
        this.options.onEvent(parsed);
      });
    });
  }

  private fail(status: "CHANNEL_ERROR" | "TIMED_OUT"): void {
    if (this.stopped) return;
    this.teardown();
    const attempts = this.snapshot.attempts + 1;
    if (isCircuitOpen(attempts)) {
      this.update({ status: "CLOSED", attempts, circuitOpen: true });
      return;
    }
    this.update({ status, attempts });
    this.retryTimer = setTimeout(() => this.open(), reconnectDelayMs(attempts));
  }

  private armWatchdog(ms: number): void {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => this.fail("TIMED_OUT"), ms);
  }

  private teardown(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.watchdog);
    if (this.source) {
      this.source.onopen = null;
      this.source.onerror = null;
      this.source.close();
      this.source = undefined;
    }
  }

  private update(patch: Partial<RealtimeSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.options.onChange(this.snapshot);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
