import type { Hono } from "hono";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import { SSE_EVENT, eventStreamRoute } from "#common/contracts/events";
import { employeeEventStreamRoute } from "#common/contracts/portfolio";
import { requireCaller } from "#server/auth/access-guards";
import type { AppEnv, Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { bindRoute } from "#server/lib/bind-route";
import type { RouteGuard } from "#server/lib/route-guard";
import type { Metrics } from "#server/lib/metrics";
import type { StoredEvent } from "./publish-event.ts";
import { MAX_STREAMS_PER_SESSION, type RealtimeHub } from "./realtime-hub.ts";

const HEARTBEAT_MS = 25_000;
/** A slot frees when one of the session's streams closes: a tab closed, or its client gone. */
const STREAM_LIMIT_RETRY_AFTER_SECONDS = 30;

function writeChange(stream: SSEStreamingApi, stored: StoredEvent) {
  return stream.writeSSE({ event: SSE_EVENT.change, id: String(stored.id), data: JSON.stringify(stored.event) });
}

/** One of the session's stream slots, or 429 with Retry-After when all are taken. */
function claimSlot(hub: RealtimeHub, caller: Caller, setHeader: (name: string, value: string) => void): () => void {
  const release = hub.claimStreamSlot(caller.sessionId);
  if (release) return release;
  setHeader("Retry-After", String(STREAM_LIMIT_RETRY_AFTER_SECONDS));
  throw new AppError(
    "rate_limited",
    `At most ${MAX_STREAMS_PER_SESSION} live update streams can be open at once for one sign-in. Close other tabs of the portal and reload.`,
  );
}

/**
 * Keeps an event stream open until its client leaves or the server shuts down: counted in the
 * metrics, a heartbeat every 25 s, `unsubscribe` and the session's slot released at the end.
 * `start` writes what comes first (the opening ping, a replay) once the stream is subscribed.
 */
async function holdStream(
  stream: SSEStreamingApi,
  context: { hub: RealtimeHub; metrics: Metrics; releaseSlot: () => void; unsubscribe: () => void },
  start: () => Promise<void>,
): Promise<void> {
  const { hub, metrics, releaseSlot, unsubscribe } = context;
  metrics.realtimeClients.inc();
  let finish: () => void = () => {};
  const closed = new Promise<void>((resolve) => (finish = resolve));
  stream.onAbort(finish);
  const removeShutdownHook = hub.onShutdown(finish);
  const heartbeat = setInterval(() => void stream.writeSSE({ event: SSE_EVENT.ping, data: "" }).catch(() => stream.abort()), HEARTBEAT_MS);
  try {
    await start();
    await closed;
  } finally {
    clearInterval(heartbeat);
    unsubscribe();
    removeShutdownHook();
    releaseSlot();
    metrics.realtimeClients.dec();
  }
}

/**
 * GET /api/employee/events: every organization's events as they arrive, for the employees'
 * portfolio. Nothing is replayed: a client that (re)connects asks for its overview again.
 */
function registerEmployeeEventRoute(router: Hono<AppEnv>, guard: RouteGuard, hub: RealtimeHub, metrics: Metrics) {
  bindRoute(router, employeeEventStreamRoute, guard, async ({ c }) => {
    const releaseSlot = claimSlot(hub, requireCaller(c), (name, value) => c.header(name, value));
    return streamSSE(c, async (stream) => {
      // Unnamed messages: the portfolio listens with onmessage and needs no more than this.
      const unsubscribe = hub.subscribeAll(
        (stored) => void stream.writeSSE({ data: JSON.stringify({ type: stored.event.type, organizationId: stored.organizationId }) }).catch(() => stream.abort()),
      );
      await holdStream(stream, { hub, metrics, releaseSlot, unsubscribe }, () => stream.writeSSE({ event: SSE_EVENT.ping, data: "" }));
    });
  });
}

/** GET /api/events: the acting organization's events, live, after replaying what was missed. */
export function registerEventRoutes(router: Hono<AppEnv>, guard: RouteGuard, hub: RealtimeHub, metrics: Metrics) {
  registerEmployeeEventRoute(router, guard, hub, metrics);
  bindRoute(router, eventStreamRoute, guard, async ({ c, query }) => {
    const organizationId = c.get("organizationId");
    const lastEventHeader = c.req.header("last-event-id");
    const lastEventId = /^\d{1,19}$/.test(lastEventHeader ?? "") ? lastEventHeader : query.lastEventId;
    const releaseSlot = claimSlot(hub, requireCaller(c), (name, value) => c.header(name, value));

    return streamSSE(c, async (stream) => {
      // Ids sent during the replay, to drop their live duplicates; not needed (or kept) after it.
      let sent: Set<number> | null = new Set<number>();
      let buffered: StoredEvent[] | null = [];
      const deliver = (stored: StoredEvent) => {
        if (sent?.has(stored.id)) return;
        sent?.add(stored.id);
        void writeChange(stream, stored).catch(() => stream.abort());
      };
      // Subscribe before replaying so nothing committed in between is missed; hold live events
      // until the replay is written, then drop the ones the replay already sent.
      const unsubscribe = hub.subscribe(organizationId, (stored) => (buffered ? buffered.push(stored) : deliver(stored)));
      await holdStream(stream, { hub, metrics, releaseSlot, unsubscribe }, async () => {
        // The first message carries an id, so a client that reconnects before any change arrives
        // still names a point to replay from.
        const startId = lastEventId ?? String(hub.currentEventId());
        await stream.writeSSE({ event: SSE_EVENT.ping, id: startId, data: "" });
        if (lastEventId !== undefined) {
          const replay = await hub.replay(organizationId, Number(lastEventId));
          if (!replay.complete) await stream.writeSSE({ event: SSE_EVENT.resync, data: "" });
          replay.events.forEach(deliver);
        }
        const live = buffered ?? [];
        buffered = null;
        live.sort((a, b) => a.id - b.id).forEach(deliver);
        sent = null;
      });
    });
  });
}
