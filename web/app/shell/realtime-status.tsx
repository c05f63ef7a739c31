import { RefreshCw } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { useRealtime } from "#web/lib/realtime/realtime-provider.tsx";

/** Says when live updates are interrupted, and offers a manual reconnect once retries stop. */
export function RealtimeStatus() {
  const { snapshot, reconnect } = useRealtime();
  if (snapshot.circuitOpen) {
    return (
      <div role="status" className="flex items-center gap-2 text-xs text-[var(--color-destructive)]">
        <span>Live updates paused</span>
        <Button size="sm" variant="outline" onClick={reconnect}>
          <RefreshCw aria-hidden="true" />
          Reconnect
        </Button>
      </div>
    );
  }
  if (snapshot.status === "CHANNEL_ERROR" || snapshot.status === "TIMED_OUT") {
    return (
      <span role="status" className="text-xs text-[var(--color-muted-foreground)]">
        Reconnecting…
      </span>
    );
  }
  return null;
}
