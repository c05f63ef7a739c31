import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import type { Attachment } from "#common/contracts/attachments";
import type { ContentItem } from "#common/contracts/content";
import { Dialog, DialogContent, DialogTitle } from "#web/components/ui/dialog.tsx";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";

/** Test-only: library files and attachments as the API answers them, and a render with a query client. */

export const MILESTONE_ID = "11111111-1111-4111-8111-000000000002";
export const TARGET = { entityType: "milestone", entityId: MILESTONE_ID } as const;
export const TARGET_QUERY = `entity_type=milestone&entity_id=${MILESTONE_ID}`;

export const API = {
  list: "GET /api/attachments",
  candidates: "GET /api/attachments/candidates",
  attach: "POST /api/attachments",
  remove: (id: string) => `DELETE /api/attachments/${id}`,
  link: (contentId: string) => `GET /api/content/${contentId}/link`,
  usage: "GET /api/content/usage",
} as const;

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-4444-4444-8444-${String((sequence += 1)).padStart(12, "0")}`;

export function contentItem(overrides: Partial<ContentItem> & Pick<ContentItem, "title">): ContentItem {
  return {
    id: nextId("55555555"),
    mission_id: "66666666-6666-4666-8666-000000000001",
    parent_id: null,
    is_folder: false,
    description: null,
    file_name: `${overrides.title.toLowerCase().replace(/\s+/g, "-")}.pdf`,
    file_size: 1536,
    content_type: "application/pdf",
    uploaded_by: { id: ANA.id, name: "Ana Lima" },
    created_at: "2030-01-10T09:00:00.000Z",
    updated_at: "2030-01-10T09:00:00.000Z",
    child_count: null,
    thumbnail_url: null,
    location: null,
    ...overrides,
  };
}

export function attachmentOf(content: ContentItem, overrides: Partial<Attachment> = {}): Attachment {
  return {
    id: nextId("77777777"),
    entity_type: "milestone",
    entity_id: MILESTONE_ID,
    content,
    attached_by: { id: ANA.id, name: "Ana Lima" },
    attached_at: "2030-01-11T10:30:00.000Z",
    ...overrides,
  };
}

/** Renders `ui` with a fresh query client (no retries) holding the signed-in member; returns it and a user. */
export function renderWithClient(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.currentUser, ANA);
  const user = userEvent.setup();
  return { ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>), queryClient, user };
}

/** A form of the Add Attachment dialog on its own, in an open dialog (its Cancel closes a dialog). */
export function InDialog({ children }: { children: ReactNode }) {
  return (
    <Dialog open>
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>Add attachment</DialogTitle>
        {children}
      </DialogContent>
    </Dialog>
  );
}
