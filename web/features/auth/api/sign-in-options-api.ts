import { queryOptions } from "@tanstack/react-query";
import { getSignInOptionsRoute } from "#common/contracts/auth";
import { callRoute } from "#web/lib/api-client.ts";

/** The ways to sign in besides a password. Not tied to any event, so its key stays here. */
export const signInOptionsQuery = queryOptions({
  queryKey: ["sign-in-options"] as const,
  queryFn: ({ signal }) => callRoute(getSignInOptionsRoute, { signal }),
  // Configuration changes only with a restart; a failure just leaves single sign-on out.
  staleTime: Infinity,
  retry: false,
});
