import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { RealtimeEvent } from "#common/contracts/events";
import {
  ORGANIZATION_REFRESH_DEBOUNCE_MS,
  isOrganizationScopedQuery,
  queryKeys,
  queryKeysForEvent,
  refreshDelayForEvent,
} from "./event-query-keys.ts";

/** Invalidations waiting for one debounce delay; each new arrival restarts the wait. */
class PendingRefresh {
  private readonly keys = new Map<string, QueryKey>();
  private everyOrganizationQuery = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly delayMs: number,
  ) {}

  add(keys: readonly QueryKey[], everyOrganizationQuery = false): void {
    for (const key of keys) this.keys.set(JSON.stringify(key), key);
    this.everyOrganizationQuery ||= everyOrganizationQuery;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.keys.clear();
    this.everyOrganizationQuery = false;
  }

  private flush(): void {
    if (this.everyOrganizationQuery) {
      void this.queryClient.invalidateQueries({ predicate: (query) => isOrganizationScopedQuery(query.queryKey) });
    }
    for (const queryKey of this.keys.values()) void this.queryClient.invalidateQueries({ queryKey });
    this.cancel();
  }
}

/**
 * Turns realtime events and organization switches into cache invalidations, gathered so that a
 * burst refetches each query once: organization data after 300 ms, other events after 50 ms.
 */
export class QueryRefresher {
  private readonly pendingByDelay = new Map<number, PendingRefresh>();

  constructor(private readonly queryClient: QueryClient) {}

  handleEvent(event: RealtimeEvent): void {
    this.pending(refreshDelayForEvent(event)).add(queryKeysForEvent(event));
  }

  /**
   * An employee switched organization. The previous organization's data is dropped at once
   * (in-flight requests cancelled, screens back to loading) so that it never shows under the new
   * name; the refetch joins the 300 ms organization refresh, so quick successive switches fetch once.
   */
  handleOrganizationChanged(): void {
    const scoped = this.queryClient.getQueryCache().findAll({ predicate: (query) => isOrganizationScopedQuery(query.queryKey) });
    for (const query of scoped) query.reset();
    this.pending(ORGANIZATION_REFRESH_DEBOUNCE_MS).add([queryKeys.currentUser], true);
  }

  /** The stream could not replay everything missed: refetch all. */
  refreshEverything(): void {
    void this.queryClient.invalidateQueries();
  }

  cancel(): void {
    for (const pending of this.pendingByDelay.values()) pending.cancel();
  }

  private pending(delayMs: number): PendingRefresh {
    let pending = this.pendingByDelay.get(delayMs);
    if (!pending) {
      pending = new PendingRefresh(this.queryClient, delayMs);
      this.pendingByDelay.set(delayMs, pending);
    }
    return pending;
  }
}
