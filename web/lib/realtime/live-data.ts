import { STALE_DATA_THRESHOLD_MS } from "#common/domain/reconnect-policy";
import type { RealtimeSnapshot } from "./realtime-connection.ts";

/** Spec §9: the realtime status is re-read every second. */
export const LIVE_STATUS_POLL_MS = 1_000;

export const CLOSED_SNAPSHOT: RealtimeSnapshot = { status: "CLOSED", attempts: 0, circuitOpen: false, lastEventAt: null };

export type LiveDataState = "live" | "connecting" | "reconnecting" | "paused";

export function describeLiveData(snapshot: RealtimeSnapshot): LiveDataState {
  if (snapshot.circuitOpen) return "paused";
  if (snapshot.status === "SUBSCRIBED") return "live";
  if (snapshot.status === "CHANNEL_ERROR" || snapshot.status === "TIMED_OUT") return "reconnecting";
  return "connecting";
}

/**
 * Spec §4, §9: data is called stale once the stream is down and nothing has arrived for 5 minutes.
 * `disconnectedAt` is when the stream last left SUBSCRIBED; the later of it and the last event counts.
 */
export function isLiveDataStale(snapshot: RealtimeSnapshot, disconnectedAt: number | null, now: number): boolean {
  if (snapshot.status === "SUBSCRIBED" || disconnectedAt === null) return false;
  const lastSign = Math.max(snapshot.lastEventAt ?? 0, disconnectedAt);
  return now - lastSign >= STALE_DATA_THRESHOLD_MS;
}
