import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

/** Spec §9: pricing queries go stale after 5 minutes (the catalog, estimates). */
export const PRICING_STALE_MS = 5 * 60_000;

/**
 * Cache settings of spec §9: stale after 5 min, kept 10 min, one retry, offline-first. A 401 is
 * not retried: asking again will not bring the session back, and the session guard should send
 * the user to sign in at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status === 401),
        refetchOnWindowFocus: false,
        refetchOnMount: "always",
        networkMode: "offlineFirst",
      },
      mutations: { retry: 0, networkMode: "offlineFirst" },
    },
  });
}

/** How long the queries must stay quiet before the first screen counts as having its data. */
export const SETTLE_QUIET_MS = 100;
/** The most the first screen is waited for (a query that hangs must not hold back the rest). */
export const SETTLE_MAX_WAIT_MS = 5000;

/**
 * Resolves once the queries the first screen asked have answered: nothing fetching for
 * SETTLE_QUIET_MS after something fetched (the reads come in waves: the session, then what it
 * unlocks), or after SETTLE_MAX_WAIT_MS.
 */
export function waitForQueriesToSettle(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(quietTimer);
      clearTimeout(maxTimer);
      unsubscribe();
      resolve();
    };
    const maxTimer = setTimeout(finish, SETTLE_MAX_WAIT_MS);
    let fetched = false;
    const check = () => {
      const fetching = queryClient.isFetching() > 0;
      fetched ||= fetching;
      clearTimeout(quietTimer);
      if (fetched && !fetching) quietTimer = setTimeout(() => queryClient.isFetching() === 0 && finish(), SETTLE_QUIET_MS);
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
  });
}
