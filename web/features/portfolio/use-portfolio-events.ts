import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { employeeEventStreamRoute } from "#common/contracts/portfolio";
import { buildRouteUrl } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** A burst of events (an import, a busy morning) refreshes the portfolio once. */
export const PORTFOLIO_EVENT_DEBOUNCE_MS = 1_000;

/**
 * While the portfolio is open, listens to every organization's events (the employees' stream)
 * and asks for the portfolio again after them. The browser's EventSource reconnects by itself;
 * the stream replays nothing, so each (re)opening asks again too. A plain EventSource, not the
 * realtime provider's connection: that one's code would leave the first screens' chunk for a
 * chunk of its own (decision 047), and a missed event here costs one poll at most.
 */
export function usePortfolioEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.portfolio }), PORTFOLIO_EVENT_DEBOUNCE_MS);
    };
    const source = new EventSource(buildRouteUrl(employeeEventStreamRoute), { withCredentials: true });
    source.onopen = refresh;
    source.onmessage = refresh;
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [queryClient]);
}
