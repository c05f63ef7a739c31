/** Realtime reconnection constants (spec §4, §9). */
export const RECONNECT_INITIAL_DELAY_MS = 1_000;
export const RECONNECT_MAX_DELAY_MS = 30_000;
/** After more than this many failed attempts the circuit opens and reconnecting stops. */
export const RECONNECT_MAX_ATTEMPTS = 5;
export const REALTIME_DEBOUNCE_MS = 50;
export const STALE_DATA_THRESHOLD_MS = 5 * 60_000;
export const RECENT_EVENT_LOG_SIZE = 50;

/** Delay before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelayMs(attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_INITIAL_DELAY_MS * 2 ** exponent);
}

/** True once the attempts so far exceed the limit: the circuit breaker is open. */
export function isCircuitOpen(attempts: number): boolean {
  return attempts > RECONNECT_MAX_ATTEMPTS;
}
