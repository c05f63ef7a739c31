import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RealtimeEvent } from "#common/contracts/events";
import { isOrganizationScopedQuery, queryKeys, queryKeysForEvent } from "./event-query-keys.ts";
import { QueryRefresher } from "./query-refresher.ts";

const ORG = "00000000-0000-4000-8000-00000000000a";
const organizationUpdated: RealtimeEvent = { type: "organizationUpdated", organizationId: ORG };
const teamChanged: RealtimeEvent = { type: "teamChanged", organizationId: ORG };
const claimsRefreshed: RealtimeEvent = { type: "claimsRefreshed", organizationId: ORG, userId: "user-1" };

let queryClient: QueryClient;
let refresher: QueryRefresher;
let invalidated: unknown[];

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  refresher = new QueryRefresher(queryClient);
  invalidated = [];
  const invalidate = queryClient.invalidateQueries.bind(queryClient);
  vi.spyOn(queryClient, "invalidateQueries").mockImplementation((filters, options) => {
    invalidated.push(filters?.queryKey ?? "organization-scoped");
    return invalidate(filters, options);
  });
});

afterEach(() => {
  refresher.cancel();
  queryClient.clear();
  vi.useRealTimers();
});

describe("event query keys", () => {
  it("maps each event to the queries it makes out of date", () => {
    expect(queryKeysForEvent(teamChanged)).toEqual([queryKeys.team]);
    expect(queryKeysForEvent(claimsRefreshed)).toEqual([queryKeys.currentUser, queryKeys.team, queryKeys.organization, queryKeys.access]);
    expect(queryKeysForEvent(organizationUpdated)).toEqual([queryKeys.organization, queryKeys.employeeOrganizations]);
  });

  it("treats every query as organization-scoped but the current user and the employee list", () => {
    expect(isOrganizationScopedQuery(queryKeys.team)).toBe(true);
    expect(isOrganizationScopedQuery(["anything-new", 1])).toBe(true);
    expect(isOrganizationScopedQuery(queryKeys.currentUser)).toBe(false);
    expect(isOrganizationScopedQuery(queryKeys.employeeOrganizations)).toBe(false);
  });
});

describe("QueryRefresher", () => {
  it("refreshes organization data 300 ms after the last of a burst, each query once", () => {
    refresher.handleEvent(organizationUpdated);
    vi.advanceTimersByTime(200);
    refresher.handleEvent(claimsRefreshed);
    vi.advanceTimersByTime(299);
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(invalidated).toEqual([
      queryKeys.organization,
      queryKeys.employeeOrganizations,
      queryKeys.currentUser,
      queryKeys.team,
      queryKeys.access,
    ]);
  });

  it("keeps the 50 ms debounce for other events", () => {
    refresher.handleEvent(teamChanged);
    vi.advanceTimersByTime(49);
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(invalidated).toEqual([queryKeys.team]);
  });

  it("drops the previous organization's data at once on a switch and refetches 300 ms later", async () => {
    let fetches = 0;
    queryClient.setQueryData(queryKeys.currentUser, { id: "me" });
    queryClient.setQueryData(queryKeys.employeeOrganizations, [{ id: ORG }]);
    queryClient.setQueryData(["unobserved"], "old");
    const team = new QueryObserver(queryClient, {
      queryKey: queryKeys.team,
      queryFn: () => `team ${++fetches}`,
    });
    const unsubscribe = team.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(team.getCurrentResult().data).toBe("team 1");

    refresher.handleOrganizationChanged();
    expect(team.getCurrentResult().data).toBeUndefined();
    expect(queryClient.getQueryData(["unobserved"])).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.currentUser)).toEqual({ id: "me" });
    expect(queryClient.getQueryData(queryKeys.employeeOrganizations)).toEqual([{ id: ORG }]);

    refresher.handleOrganizationChanged();
    await vi.advanceTimersByTimeAsync(299);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(2);
    expect(team.getCurrentResult().data).toBe("team 2");
    expect(invalidated).toEqual(["organization-scoped", queryKeys.currentUser]);
    unsubscribe();
  });

  it("cancel() drops pending refreshes", () => {
    refresher.handleEvent(organizationUpdated);
    refresher.handleEvent(teamChanged);
    refresher.cancel();
    vi.advanceTimersByTime(1_000);
    expect(invalidated).toEqual([]);
  });
});
