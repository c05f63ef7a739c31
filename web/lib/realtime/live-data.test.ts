import { describe, expect, it } from "vitest";
import { STALE_DATA_THRESHOLD_MS } from "#common/domain/reconnect-policy";
import { CLOSED_SNAPSHOT, describeLiveData, isLiveDataStale } from "./live-data.ts";
import type { RealtimeSnapshot } from "./realtime-connection.ts";

const snapshot = (overrides: Partial<RealtimeSnapshot>): RealtimeSnapshot => ({ ...CLOSED_SNAPSHOT, ...overrides });

describe("describeLiveData", () => {
  it("names each state of the stream, the open circuit first", () => {
    expect(describeLiveData(snapshot({ status: "SUBSCRIBED" }))).toBe("live");
    expect(describeLiveData(snapshot({ status: "CLOSED" }))).toBe("connecting");
    expect(describeLiveData(snapshot({ status: "CONNECTING" }))).toBe("connecting");
    expect(describeLiveData(snapshot({ status: "CHANNEL_ERROR", attempts: 2 }))).toBe("reconnecting");
    expect(describeLiveData(snapshot({ status: "TIMED_OUT", attempts: 1 }))).toBe("reconnecting");
    expect(describeLiveData(snapshot({ status: "CHANNEL_ERROR", attempts: 6, circuitOpen: true }))).toBe("paused");
  });
});

describe("isLiveDataStale", () => {
  const disconnectedAt = 1_000_000;

  it("is never stale while subscribed", () => {
    expect(isLiveDataStale(snapshot({ status: "SUBSCRIBED" }), disconnectedAt, disconnectedAt + 60 * STALE_DATA_THRESHOLD_MS)).toBe(false);
  });

  it("turns stale 5 minutes after the disconnection, not a moment before", () => {
    const down = snapshot({ status: "CHANNEL_ERROR" });
    expect(isLiveDataStale(down, disconnectedAt, disconnectedAt + STALE_DATA_THRESHOLD_MS - 1)).toBe(false);
    expect(isLiveDataStale(down, disconnectedAt, disconnectedAt + STALE_DATA_THRESHOLD_MS)).toBe(true);
  });

  it("counts from the last event when it came after the disconnection", () => {
    const lastEventAt = disconnectedAt + 60_000;
    const down = snapshot({ status: "TIMED_OUT", lastEventAt });
    expect(isLiveDataStale(down, disconnectedAt, disconnectedAt + STALE_DATA_THRESHOLD_MS)).toBe(false);
    expect(isLiveDataStale(down, disconnectedAt, lastEventAt + STALE_DATA_THRESHOLD_MS)).toBe(true);
  });

  it("is not stale without a known disconnection", () => {
    expect(isLiveDataStale(snapshot({ status: "CLOSED" }), null, Date.now())).toBe(false);
  });
});
