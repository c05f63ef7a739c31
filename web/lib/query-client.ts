import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

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
