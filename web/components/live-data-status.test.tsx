import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STALE_DATA_THRESHOLD_MS } from "#common/domain/reconnect-policy";
import type { RealtimeSnapshot } from "#web/lib/realtime/realtime-connection.ts";
import { CLOSED_SNAPSHOT } from "#web/lib/realtime/live-data.ts";
import { LiveDataStatus } from "./live-data-status.tsx";

const realtime = vi.hoisted(() => ({
  snapshot: { status: "SUBSCRIBED", attempts: 0, circuitOpen: false, lastEventAt: null } as RealtimeSnapshot,
  reconnect: vi.fn(),
}));
vi.mock("#web/lib/realtime/realtime-provider.tsx", () => ({ useRealtime: () => realtime }));

function showWith(snapshot: Partial<RealtimeSnapshot>) {
  realtime.snapshot = { ...CLOSED_SNAPSHOT, ...snapshot };
  return render(<LiveDataStatus subject="Prices" />);
}

afterEach(() => {
  vi.useRealTimers();
  realtime.reconnect.mockClear();
});

describe("LiveDataStatus", () => {
  it("says Live while subscribed, with no warning", () => {
    showWith({ status: "SUBSCRIBED" });
    expect(screen.getByRole("status").textContent).toBe("Live");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Reconnect" })).toBeNull();
  });

  it("says Reconnecting… while retrying, and offers Reconnect once retries stop", async () => {
    const view = showWith({ status: "CHANNEL_ERROR", attempts: 2 });
    expect(screen.getByRole("status").textContent).toContain("Reconnecting…");
    expect(screen.queryByRole("button", { name: "Reconnect" })).toBeNull();

    realtime.snapshot = { ...realtime.snapshot, attempts: 6, circuitOpen: true };
    view.rerender(<LiveDataStatus subject="Prices" />);
    expect(screen.getByRole("status").textContent).toContain("Live updates paused");
    await userEvent.click(screen.getByRole("button", { name: "Reconnect" }));
    expect(realtime.reconnect).toHaveBeenCalledTimes(1);
  });

  it("warns that the data may be stale after 5 minutes down without events, and stops once live again", () => {
    vi.useFakeTimers();
    const view = showWith({ status: "CHANNEL_ERROR", attempts: 6, circuitOpen: true });
    act(() => vi.advanceTimersByTime(STALE_DATA_THRESHOLD_MS - 2_000));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByRole("alert").textContent).toContain("Prices may be out of date: no live updates for 5 minutes.");

    realtime.snapshot = { ...CLOSED_SNAPSHOT, status: "SUBSCRIBED", lastEventAt: Date.now() };
    view.rerender(<LiveDataStatus subject="Prices" />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Live");
  });
});
