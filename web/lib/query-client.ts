import { QueryClient } from "@tanstack/react-query";

/** Cache settings of spec §9: stale after 5 min, kept 10 min, one retry, offline-first. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
        refetchOnMount: "always",
        networkMode: "offlineFirst",
      },
      mutations: { retry: 0, networkMode: "offlineFirst" },
    },
  });
}
