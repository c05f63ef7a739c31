import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import type { CurrentUser } from "#common/contracts/account";
import type { ContentItem, ContentList, Mission } from "#common/contracts/content";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import ContentPage from "#web/features/content/pages/content-page.tsx";

/** Test-only: the library as the API answers it, and the page in a memory router. */

export const API = {
  list: "GET /api/content",
  createFolder: "POST /api/content/folders",
  update: (id: string) => `PATCH /api/content/${id}`,
  move: (id: string) => `POST /api/content/${id}/move`,
  removal: (id: string) => `GET /api/content/${id}/removal`,
  remove: (id: string) => `DELETE /api/content/${id}`,
  link: (id: string) => `GET /api/content/${id}/link`,
  startMission: "POST /api/content/missions",
} as const;

export const IDS = {
  mission: "33333333-3333-4333-8333-000000000001",
  earlierMission: "33333333-3333-4333-8333-000000000002",
  contracts: "44444444-4444-4444-8444-000000000001",
  signed: "44444444-4444-4444-8444-000000000002",
  kickoff: "44444444-4444-4444-8444-000000000003",
  logo: "44444444-4444-4444-8444-000000000004",
  notes: "44444444-4444-4444-8444-000000000005",
  archive: "44444444-4444-4444-8444-000000000006",
} as const;

export const EMPLOYEE: CurrentUser = { ...ANA, id: "user-employee", email: "eve@provider.example", full_name: "Eve Employee", is_employee: true };

export function contentItem(overrides: Partial<ContentItem> & Pick<ContentItem, "id" | "title">): ContentItem {
  return {
    mission_id: IDS.mission,
    parent_id: null,
    is_folder: false,
    description: null,
    file_name: `${overrides.title}.pdf`,
    file_size: 1_572_864,
    content_type: "application/pdf",
    uploaded_by: { id: ANA.id, name: "Ana Lima" },
    created_at: "2030-03-04T10:00:00.000Z",
    updated_at: "2030-03-04T10:00:00.000Z",
    child_count: null,
    thumbnail_url: null,
    location: null,
    ...overrides,
  };
}

export function folder(overrides: Partial<ContentItem> & Pick<ContentItem, "id" | "title">): ContentItem {
  return contentItem({ is_folder: true, file_name: null, file_size: null, content_type: null, child_count: 0, ...overrides });
}

export const CONTRACTS = folder({ id: IDS.contracts, title: "Contracts", description: "Signed agreements", child_count: 2 });
export const ARCHIVE = folder({ id: IDS.archive, title: "Archive" });
export const KICKOFF = contentItem({ id: IDS.kickoff, title: "Kickoff deck", file_name: "kickoff.pdf", description: "Slides from the first meeting" });
export const LOGO = contentItem({ id: IDS.logo, title: "Logo", file_name: "logo.png", content_type: "image/png", file_size: 2048, thumbnail_url: "/api/files/logo?signature=t" });
export const SIGNED = contentItem({ id: IDS.signed, title: "Signed NDA", parent_id: IDS.contracts, file_name: "nda.pdf" });

export const CURRENT_MISSION: Mission = { id: IDS.mission, created_at: "2030-01-01T09:00:00.000Z", end_date: null, file_count: 3 };
export const EARLIER_MISSION: Mission = { id: IDS.earlierMission, created_at: "2029-01-01T09:00:00.000Z", end_date: "2029-12-31T09:00:00.000Z", file_count: 7 };

export function listing(overrides: Partial<ContentList> = {}): ContentList {
  return {
    mission: CURRENT_MISSION,
    missions: [CURRENT_MISSION],
    writable: true,
    folder_path: [],
    items: [CONTRACTS, ARCHIVE, KICKOFF, LOGO],
    truncated: false,
    usage: { used_bytes: 24_190_000, quota_bytes: 5 * 1024 ** 3, max_file_bytes: 50 * 1024 ** 2, capture_max_seconds: 300 },
    ...overrides,
  };
}

/** The query of a recorded request's path ("/api/content?parent=…" → its parameters). */
export function queryOf(path: string): URLSearchParams {
  return new URL(path, "http://localhost").searchParams;
}

/** The page at `path` (with its query) in a memory router; returns the router and the query client. */
export function renderContentPage(path = "/content", user: CurrentUser = ANA) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(queryKeys.currentUser, user);
  const router = createMemoryRouter([{ path: "/content", element: <ContentPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
