import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { employeeEventStreamRoute } from "#common/contracts/events";
import { buildRouteUrl } from "#web/lib/api-client.ts";
import { RealtimeConnection } from "#web/lib/realtime/realtime-connection.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** A burst of events (an import, a busy morning) refreshes the portfolio once. */
export const PORTFOLIO_EVENT_DEBOUNCE_MS = 1_000;

/**
 * While the portfolio is open, listens to every organization's events (employees' stream) and
 * asks for the portfolio again after them, and after each (re)connection: the stream replays
 * nothing, so whatever happened while it was down is read afresh.
 */
export function usePortfolioEvents(createEventSource?: (url: string) => EventSource): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.portfolio }), PORTFOLIO_EVENT_DEBOUNCE_MS);
    };
    let subscribed = false;
    const connection = new RealtimeConnection({
      buildUrl: () => buildRouteUrl(employeeEventStreamRoute),
      onEvent: refresh,
      onResync: refresh,
      onChange: (snapshot) => {
        const now = snapshot.status === "SUBSCRIBED";
        if (now && !subscribed) refresh();
        subscribed = now;
      },
      createEventSource,
    });
    connection.start();
    return () => {
      clearTimeout(timer);
      connection.stop();
    };
  }, [queryClient, createEventSource]);
}
