import { describe, expect, it } from "vitest";
import {
  RECONNECT_INITIAL_DELAY_MS,
  RECONNECT_MAX_ATTEMPTS,
  RECONNECT_MAX_DELAY_MS,
  isCircuitOpen,
  reconnectDelayMs,
} from "./reconnect-policy.ts";

describe("reconnectDelayMs", () => {
  it.each([
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [5, 16_000],
    [6, 30_000],
    [7, 30_000],
    [8, 30_000],
    [9, 30_000],
    [10, 30_000],
  ])("waits %i → %i ms", (attempt, expected) => {
    expect(reconnectDelayMs(attempt)).toBe(expected);
  });

  it("starts at the initial delay and never exceeds the cap", () => {
    expect(RECONNECT_INITIAL_DELAY_MS).toBe(1_000);
    expect(RECONNECT_MAX_DELAY_MS).toBe(30_000);
    expect(reconnectDelayMs(0)).toBe(RECONNECT_INITIAL_DELAY_MS);
    expect(reconnectDelayMs(1_000)).toBe(RECONNECT_MAX_DELAY_MS);
  });
});

describe("isCircuitOpen", () => {
  it("opens only once the attempts exceed the limit", () => {
    expect(RECONNECT_MAX_ATTEMPTS).toBe(5);
    for (let attempts = 0; attempts <= RECONNECT_MAX_ATTEMPTS; attempts += 1) expect(isCircuitOpen(attempts)).toBe(false);
    expect(isCircuitOpen(RECONNECT_MAX_ATTEMPTS + 1)).toBe(true);
    expect(isCircuitOpen(100)).toBe(true);
  });
});
