import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { CLOSED_SNAPSHOT, LIVE_STATUS_POLL_MS, describeLiveData, isLiveDataStale } from "#web/lib/realtime/live-data.ts";
import { useRealtime } from "#web/lib/realtime/realtime-provider.tsx";

const LABELS = {
  live: "Live",
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  paused: "Live updates paused",
} as const;

/**
 * The live-update channel of a data screen (pricing, data setup): its state, a manual reconnect once retries
 * have stopped, and a warning when the data may be stale (down 5 minutes without events).
 */
export function LiveDataStatus({ subject }: { subject: string }) {
  const { snapshot, reconnect } = useRealtime();
  const state = describeLiveData(snapshot);
  const [stale, setStale] = useState(false);
  const offline = state !== "live";
  const { lastEventAt } = snapshot;

  // While the stream is down, check every second whether 5 minutes passed without events.
  useEffect(() => {
    if (!offline) return;
    const disconnectedAt = Date.now();
    const timer = setInterval(() => {
      if (isLiveDataStale({ ...CLOSED_SNAPSHOT, lastEventAt }, disconnectedAt, Date.now())) setStale(true);
    }, LIVE_STATUS_POLL_MS);
    return () => {
      clearInterval(timer);
      setStale(false);
    };
  }, [offline, lastEventAt]);

  return (
    <div className="flex flex-wrap items-center gap-2 text-xs" data-testid="live-data-status">
      <span role="status" className="inline-flex items-center gap-1.5 text-[var(--color-muted-foreground)]">
        <span
          aria-hidden="true"
          className={`size-2 rounded-full ${state === "live" ? "bg-emerald-500" : state === "paused" ? "bg-[var(--color-destructive)]" : "bg-amber-500"}`}
        />
        {LABELS[state]}
      </span>
      {state === "paused" ? (
        <Button size="sm" variant="outline" onClick={reconnect}>
          <RefreshCw aria-hidden="true" />
          Reconnect
        </Button>
      ) : null}
      {offline && stale ? (
        <span role="alert" className="text-[var(--color-destructive)]">
          {subject} may be out of date: no live updates for 5 minutes.
        </span>
      ) : null}
    </div>
  );
}
