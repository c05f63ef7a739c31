import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { eventStreamRoute } from "#common/contracts/events";
import { buildRouteUrl } from "../api-client.ts";
import { EMPLOYEE_ORGANIZATION_CHANGED } from "../selected-organization.ts";
import { CLOSED_SNAPSHOT as closed } from "./live-data.ts";
import { QueryRefresher } from "./query-refresher.ts";
import { RealtimeConnection, type RealtimeSnapshot } from "./realtime-connection.ts";

interface RealtimeContextValue {
  snapshot: RealtimeSnapshot;
  reconnect: () => void;
}

const RealtimeContext = createContext<RealtimeContextValue>({ snapshot: closed, reconnect: () => {} });

/** The stream's address. EventSource cannot send headers, so an employee names the organization in `org`. */
export function buildEventStreamUrl(organizationId: string | null, lastEventId: string | undefined): string {
  return buildRouteUrl(eventStreamRoute, { query: { org: organizationId || undefined, lastEventId: lastEventId || undefined } });
}

/**
 * Keeps one event stream open while `enabled` (signed in, and for an employee an organization
 * selected) and turns events into debounced cache invalidations. `organizationId` is the
 * employee's selection (null for members); a new one opens a new stream, which starts from that
 * organization's current position rather than replaying another organization's event id.
 */
export function RealtimeProvider({
  enabled,
  organizationId = null,
  children,
}: {
  enabled: boolean;
  organizationId?: string | null;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [snapshot, setSnapshot] = useState<RealtimeSnapshot>(closed);
  const connection = useRef<RealtimeConnection | null>(null);
  const refresher = useMemo(() => new QueryRefresher(queryClient), [queryClient]);

  // Independent of the stream: a switch both reconnects the stream and schedules this refresh,
  // and the stream's teardown must not cancel it.
  useEffect(() => {
    const onOrganizationChanged = () => refresher.handleOrganizationChanged();
    window.addEventListener(EMPLOYEE_ORGANIZATION_CHANGED, onOrganizationChanged);
    return () => {
      window.removeEventListener(EMPLOYEE_ORGANIZATION_CHANGED, onOrganizationChanged);
      refresher.cancel();
    };
  }, [refresher]);

  useEffect(() => {
    if (!enabled) return;
    // Opened at once, so that no change made while the first screen loads is missed.
    const next = new RealtimeConnection({
      buildUrl: (lastEventId) => buildEventStreamUrl(organizationId, lastEventId),
      onEvent: (event) => refresher.handleEvent(event),
      onResync: () => refresher.refreshEverything(),
      onChange: setSnapshot,
    });
    connection.current = next;
    next.start();
    return () => {
      next.stop();
      connection.current = null;
      setSnapshot(closed);
    };
  }, [enabled, organizationId, refresher]);

  const reconnect = useCallback(() => connection.current?.reconnect(), []);
  const value = useMemo(() => ({ snapshot, reconnect }), [snapshot, reconnect]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeContextValue {
  return useContext(RealtimeContext);
}
