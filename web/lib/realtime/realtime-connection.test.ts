import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RealtimeEvent } from "#common/contracts/events";
import { FakeEventSource } from "#web/lib/testing/fake-event-source.ts";
import { RealtimeConnection, type RealtimeSnapshot } from "./realtime-connection.ts";

const ORG = "8f0c2a4e-1111-4a4a-9a9a-000000000001";
const changeData = JSON.stringify({ type: "organizationUpdated", organizationId: ORG });

let onEvent: ReturnType<typeof vi.fn<(event: RealtimeEvent) => void>>;
let onResync: ReturnType<typeof vi.fn<() => void>>;
let statuses: RealtimeSnapshot["status"][];
let connection: RealtimeConnection;

function latest(): FakeEventSource {
  const source = FakeEventSource.created.at(-1);
  if (!source) throw new Error("no EventSource was created");
  return source;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.created = [];
  statuses = [];
  onEvent = vi.fn<(event: RealtimeEvent) => void>();
  onResync = vi.fn<() => void>();
  connection = new RealtimeConnection({
    buildUrl: (lastEventId) => (lastEventId ? `/api/events?lastEventId=${encodeURIComponent(lastEventId)}` : "/api/events"),
    onEvent,
    onResync,
    onChange: (snapshot) => statuses.push(snapshot.status),
    createEventSource: (url) => new FakeEventSource(url) as unknown as EventSource,
  });
});

afterEach(() => {
  connection.stop();
  vi.useRealTimers();
});

/** Fails the current source and checks the next one comes exactly `delayMs` later. */
function failAndExpectRetryAfter(delayMs: number): void {
  const count = FakeEventSource.created.length;
  latest().fireError();
  expect(connection.state.status).toBe("CHANNEL_ERROR");
  vi.advanceTimersByTime(delayMs - 1);
  expect(FakeEventSource.created).toHaveLength(count);
  vi.advanceTimersByTime(1);
  expect(FakeEventSource.created).toHaveLength(count + 1);
  expect(connection.state.status).toBe("CONNECTING");
}

describe("RealtimeConnection", () => {
  it("is CLOSED before start, then CONNECTING, then SUBSCRIBED on open", () => {
    expect(connection.state).toEqual({ status: "CLOSED", attempts: 0, circuitOpen: false, lastEventAt: null });
    expect(FakeEventSource.created).toHaveLength(0);
    connection.start();
    expect(connection.state.status).toBe("CONNECTING");
    expect(latest().url).toBe("/api/events");
    latest().fireOpen();
    expect(connection.state).toMatchObject({ status: "SUBSCRIBED", attempts: 0, circuitOpen: false });
    expect(statuses).toEqual(["CONNECTING", "SUBSCRIBED"]);
  });

  it("passes a change message's event on, in order once the events' schema is there, and ignores malformed data", async () => {
    const startedAt = Date.now();
    connection.start();
    latest().fireOpen();
    latest().fireMessage("change", "not json", "1");
    latest().fireMessage("change", JSON.stringify({ type: "somethingElse" }), "2");
    latest().fireMessage("change", JSON.stringify({ type: "organizationUpdated", organizationId: "nope" }), "3");
    latest().fireMessage("change", changeData, "4");
    await vi.waitFor(() => expect(onEvent).toHaveBeenCalledTimes(1));
    expect(onEvent).toHaveBeenCalledWith({ type: "organizationUpdated", organizationId: ORG });
    expect(connection.state.lastEventAt).toBeGreaterThanOrEqual(startedAt);
  });

  it("calls onResync on a resync message", () => {
    connection.start();
    latest().fireOpen();
    latest().fireMessage("resync");
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(onEvent).not.toHaveBeenCalled();
  });

  it("reports CHANNEL_ERROR and retries after 1, 2, 4, 8 and 16 s, then opens the circuit", () => {
    connection.start();
    for (const [index, delay] of [1_000, 2_000, 4_000, 8_000, 16_000].entries()) {
      const failed = latest();
      failAndExpectRetryAfter(delay);
      expect(failed.closed).toBe(true);
      expect(connection.state.attempts).toBe(index + 1);
    }
    expect(FakeEventSource.created).toHaveLength(6);
    latest().fireError();
    expect(latest().closed).toBe(true);
    expect(connection.state).toMatchObject({ status: "CLOSED", attempts: 6, circuitOpen: true });
    vi.advanceTimersByTime(24 * 60 * 60_000);
    expect(FakeEventSource.created).toHaveLength(6);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("reconnect() resets the attempts and connects at once, even with the circuit open", () => {
    connection.start();
    for (const delay of [1_000, 2_000, 4_000, 8_000, 16_000]) failAndExpectRetryAfter(delay);
    latest().fireError();
    expect(connection.state.circuitOpen).toBe(true);
    connection.reconnect();
    expect(FakeEventSource.created).toHaveLength(7);
    expect(connection.state).toMatchObject({ status: "CONNECTING", attempts: 0, circuitOpen: false });
    failAndExpectRetryAfter(1_000);
    expect(connection.state.attempts).toBe(1);
  });

  it("reconnect() while connected closes the current source first", () => {
    connection.start();
    latest().fireOpen();
    const first = latest();
    connection.reconnect();
    expect(first.closed).toBe(true);
    expect(FakeEventSource.created).toHaveLength(2);
    expect(latest().closed).toBe(false);
  });

  it("reconnects from the last event id seen in a ping or a change message", () => {
    connection.start();
    latest().fireOpen();
    latest().fireMessage("ping", "", "41");
    failAndExpectRetryAfter(1_000);
    expect(latest().url).toBe("/api/events?lastEventId=41");
    latest().fireOpen();
    latest().fireMessage("change", changeData, "42");
    latest().fireMessage("ping", "", "");
    failAndExpectRetryAfter(1_000);
    expect(latest().url).toBe("/api/events?lastEventId=42");
  });

  it("times out when no message arrives for the idle timeout, then reconnects", () => {
    connection.start();
    latest().fireOpen();
    vi.advanceTimersByTime(30_000);
    latest().fireMessage("ping", "", "7");
    vi.advanceTimersByTime(59_999);
    expect(connection.state.status).toBe("SUBSCRIBED");
    const idle = latest();
    vi.advanceTimersByTime(1);
    expect(connection.state).toMatchObject({ status: "TIMED_OUT", attempts: 1 });
    expect(idle.closed).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.created).toHaveLength(2);
    expect(latest().url).toBe("/api/events?lastEventId=7");
  });

  it("times out when opening takes longer than the connect timeout", () => {
    connection.start();
    vi.advanceTimersByTime(9_999);
    expect(connection.state.status).toBe("CONNECTING");
    vi.advanceTimersByTime(1);
    expect(connection.state).toMatchObject({ status: "TIMED_OUT", attempts: 1 });
  });

  it("resets the attempts after a successful open", () => {
    connection.start();
    failAndExpectRetryAfter(1_000);
    failAndExpectRetryAfter(2_000);
    expect(connection.state.attempts).toBe(2);
    latest().fireOpen();
    expect(connection.state).toMatchObject({ status: "SUBSCRIBED", attempts: 0 });
    failAndExpectRetryAfter(1_000);
    expect(connection.state.attempts).toBe(1);
  });

  it("stop() closes the source and stops retrying", () => {
    connection.start();
    latest().fireOpen();
    const open = latest();
    connection.stop();
    expect(open.closed).toBe(true);
    expect(connection.state.status).toBe("CLOSED");
    open.fireError();
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeEventSource.created).toHaveLength(1);
    expect(connection.state.status).toBe("CLOSED");
  });

  it("stop() cancels a pending retry", () => {
    connection.start();
    latest().fireError();
    connection.stop();
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeEventSource.created).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(connection.state.status).toBe("CLOSED");
  });
});
