import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { REALTIME_DEBOUNCE_MS } from "#common/domain/reconnect-policy";
import { queryKeysForEvent } from "./event-query-keys.ts";
import { RealtimeConnection, type RealtimeSnapshot } from "./realtime-connection.ts";

interface RealtimeContextValue {
  snapshot: RealtimeSnapshot;
  reconnect: () => void;
}

const closed: RealtimeSnapshot = { status: "CLOSED", attempts: 0, circuitOpen: false, lastEventAt: null };
const RealtimeContext = createContext<RealtimeContextValue>({ snapshot: closed, reconnect: () => {} });

/**
 * Keeps one event stream open while `enabled` (signed in) and turns events into cache
 * invalidations, gathered for 50 ms so that a burst refetches each query once.
 */
export function RealtimeProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [snapshot, setSnapshot] = useState<RealtimeSnapshot>(closed);
  const connection = useRef<RealtimeConnection | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const pending = new Map<string, QueryKey>();
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      for (const queryKey of pending.values()) void queryClient.invalidateQueries({ queryKey });
      pending.clear();
    };
    const next = new RealtimeConnection({
      buildUrl: (lastEventId) => (lastEventId ? `/api/events?lastEventId=${encodeURIComponent(lastEventId)}` : "/api/events"),
      onEvent: (event) => {
        for (const key of queryKeysForEvent(event)) pending.set(JSON.stringify(key), key);
        clearTimeout(flushTimer);
        flushTimer = setTimeout(flush, REALTIME_DEBOUNCE_MS);
      },
      onResync: () => void queryClient.invalidateQueries(),
      onChange: setSnapshot,
    });
    connection.current = next;
    next.start();
    return () => {
      clearTimeout(flushTimer);
      next.stop();
      connection.current = null;
      setSnapshot(closed);
    };
  }, [enabled, queryClient]);

  const reconnect = useCallback(() => connection.current?.reconnect(), []);
  const value = useMemo(() => ({ snapshot, reconnect }), [snapshot, reconnect]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeContextValue {
  return useContext(RealtimeContext);
}
