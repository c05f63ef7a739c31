import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import type { CurrentUser } from "#common/contracts/account";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** A signed-in member user of an organization. */
export const ANA: CurrentUser = {
  id: "user-1",
  email: "ana@acme.example",
  full_name: "Ana Lima",
  company_role: null,
  role: "member_user",
  is_employee: false,
  organization_id: "0b5c3c4e-8f59-4a8e-9d7a-2f6c1b7e9a10",
};

/**
 * Renders `ui` with a fresh query client that already holds `user` as the current user (never
 * stale, no retries); returns the client.
 */
export function renderWithCurrentUser(ui: ReactElement, user: CurrentUser = ANA): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(queryKeys.currentUser, user);
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return queryClient;
}
