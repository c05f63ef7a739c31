import { queryOptions } from "@tanstack/react-query";
import { getToolsOverviewRoute } from "#common/contracts/tools";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** Each tool with its counts or its lock; entry, file, menu, NDA and launchpad events refresh it. */
export const toolsOverviewQuery = queryOptions({
  queryKey: queryKeys.tools,
  queryFn: ({ signal }) => callRoute(getToolsOverviewRoute, { signal }),
});
