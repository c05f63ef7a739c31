import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RECONNECT_MAX_ATTEMPTS, STALE_DATA_THRESHOLD_MS, reconnectDelayMs } from "#common/domain/reconnect-policy";
import { RealtimeProvider } from "#web/lib/realtime/realtime-provider.tsx";
import { FakeEventSource } from "#web/lib/testing/fake-event-source.ts";
import { LiveDataStatus } from "./live-data-status.tsx";

// The status reads the real provider, whose stream is a FakeEventSource the test opens and breaks.
// Under fake time the clicks go through fireEvent: user-event's wrapper waits on a real timer.
function renderStatus() {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider enabled>
        <LiveDataStatus subject="Prices" />
      </RealtimeProvider>
    </QueryClientProvider>,
  );
}

/** The stream the provider opened last. */
function stream(): FakeEventSource {
  const source = FakeEventSource.created.at(-1);
  if (!source) throw new Error("no stream was opened");
  return source;
}

/** Fails the stream and then every retry until retries stop; returns how long the retries waited. */
function failUntilPaused(): number {
  let waited = 0;
  act(() => stream().fireError());
  for (let attempt = 1; attempt <= RECONNECT_MAX_ATTEMPTS; attempt += 1) {
    act(() => vi.advanceTimersByTime(reconnectDelayMs(attempt)));
    waited += reconnectDelayMs(attempt);
    act(() => stream().fireError());
  }
  return waited;
}

beforeEach(() => {
  FakeEventSource.created = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("LiveDataStatus", () => {
  it("says Connecting… until the stream opens, then Live while subscribed, with no warning", () => {
    renderStatus();
    expect(screen.getByRole("status").textContent).toBe("Connecting…");
    act(() => stream().fireOpen());
    expect(screen.getByRole("status").textContent).toBe("Live");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Reconnect" })).toBeNull();
  });

  it("says Reconnecting… while retrying, and offers Reconnect once retries stop", () => {
    vi.useFakeTimers();
    renderStatus();
    act(() => stream().fireOpen());
    act(() => stream().fireError());
    act(() => vi.advanceTimersByTime(reconnectDelayMs(1)));
    act(() => stream().fireError());
    // Two failed attempts: still retrying on its own.
    expect(screen.getByRole("status").textContent).toContain("Reconnecting…");
    expect(screen.queryByRole("button", { name: "Reconnect" })).toBeNull();

    for (let attempt = 2; attempt <= RECONNECT_MAX_ATTEMPTS; attempt += 1) {
      act(() => vi.advanceTimersByTime(reconnectDelayMs(attempt)));
      act(() => stream().fireError());
    }
    expect(screen.getByRole("status").textContent).toContain("Live updates paused");
    const opened = FakeEventSource.created.length;
    fireEvent.click(screen.getByRole("button", { name: "Reconnect" }));
    // Reconnect opens one new stream at once, the retries counted afresh.
    expect(FakeEventSource.created).toHaveLength(opened + 1);
    expect(stream().closed).toBe(false);
    expect(screen.getByRole("status").textContent).toBe("Connecting…");
    expect(screen.queryByRole("button", { name: "Reconnect" })).toBeNull();
  });

  it("warns that the data may be stale after 5 minutes down without events, and stops once live again", () => {
    vi.useFakeTimers();
    renderStatus();
    act(() => stream().fireOpen());
    // Down from the first failure on: the retries' waits count towards the 5 minutes.
    const retrying = failUntilPaused();
    expect(screen.getByRole("status").textContent).toContain("Live updates paused");
    act(() => vi.advanceTimersByTime(STALE_DATA_THRESHOLD_MS - 2_000 - retrying));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByRole("alert").textContent).toContain("Prices may be out of date: no live updates for 5 minutes.");

    fireEvent.click(screen.getByRole("button", { name: "Reconnect" }));
    act(() => stream().fireOpen());
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Live");
  });
});
