import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from "react-router";
import type { CurrentUser } from "#common/contracts/account";
import type { Notification, NotificationList } from "#common/contracts/notifications";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";

export const ACME = { id: "00000000-0000-4000-8000-00000000000a", name: "Acme" };
export const GLOBEX = { id: "00000000-0000-4000-8000-00000000000b", name: "Globex" };
export const EMPLOYEE: CurrentUser = { ...ANA, id: "user-employee", is_employee: true, organization_id: null };

/** One notification: an unread assignment in Acme by Bo, unless `fields` say otherwise. */
export function notification(index: number, fields: Partial<Notification> = {}): Notification {
  const id = `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
  return {
    id,
    kind: "assigned",
    title: `Task ${index} assigned to you`,
    body: `Bo assigned you TASK-${index}.`,
    link: `/action-log?entry=${id}`,
    organization: ACME,
    actor: { id: "user-bo", name: "Bo Chen" },
    read: false,
    created_at: new Date(Date.UTC(2030, 0, index)).toISOString(),
    ...fields,
  };
}

export function listOf(notifications: Notification[]): NotificationList {
  return { notifications, unread_count: notifications.filter((item) => !item.read).length };
}

/** Where the router is: the page a notification's link led to shows its path and query. */
function Location() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/**
 * Renders `ui` as the header of a memory router's pages, at "/" (any other page shows its path),
 * with a fresh query client holding `user`; returns the client.
 */
export function renderWithRouter(ui: ReactNode, user: CurrentUser = ANA, wrap: (children: ReactNode) => ReactNode = (children) => children): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(queryKeys.currentUser, user);
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            {ui}
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: null },
          { path: "*", element: <Location /> },
        ],
      },
    ],
    { initialEntries: ["/"] },
  );
  render(<QueryClientProvider client={queryClient}>{wrap(<RouterProvider router={router} />)}</QueryClientProvider>);
  return queryClient;
}
