import { useIsMutating, useQuery } from "@tanstack/react-query";
import { Suspense, lazy, useEffect, useId } from "react";
import type { ActionLogDetail } from "#common/contracts/action-log";
import { type ActionLogType, ACTION_LOG_MESSAGES, ACTION_LOG_TYPES, ACTION_LOG_TYPE_ITEMS } from "#common/domain/action-log";
import { PageError } from "#web/components/page-error.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Sheet, SheetClose, SheetContent } from "#web/components/ui/sheet.tsx";
import { actionLogEntryQuery } from "#web/features/action-log/api/action-log-api.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { StatusBadge } from "./entry-cells.tsx";
import { EntryActions } from "./entry-actions.tsx";
import { EntryComments } from "./entry-comments.tsx";
import { EntryFacts, ResolutionNote } from "./entry-facts.tsx";
import { EntryHistory } from "./entry-history.tsx";
import { toastActionLogFailure } from "./entry-toasts.ts";

// The attachments (list, Add Attachment, capture) load after the entry's own details.
const EntryAttachments = lazy(() => import("./entry-attachments.tsx").then((module) => ({ default: module.EntryAttachments })));

export interface EntryDetailSheetProps {
  /** The entry shown; null closes the sheet. */
  actionLogId: string | null;
  onClose: () => void;
  /** The types Edit offers; by default those of the entry's own page (a task stays on Tasks). */
  allowedTypes?: readonly ActionLogType[];
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The types listed on the same page as `type` (its navigation item). */
function samePageTypes(type: ActionLogType): ActionLogType[] {
  return ACTION_LOG_TYPES.filter((other) => ACTION_LOG_TYPE_ITEMS[other] === ACTION_LOG_TYPE_ITEMS[type]);
}

/**
 * An entry's details in a panel from the right (the whole width of a phone, 40rem on a wide
 * screen): its fields, status and actions, attachments, comments and history.
 */
export function EntryDetailSheet({ actionLogId, onClose, allowedTypes }: EntryDetailSheetProps) {
  const query = useQuery({ ...actionLogEntryQuery(actionLogId ?? ""), enabled: actionLogId !== null });
  // While this entry's delete runs, its refetch answers 404: the details stay until the sheet closes.
  const deleting = useIsMutating({ predicate: (mutation) => actionLogId !== null && mutation.state.variables === actionLogId }) > 0;
  const failed = query.isError && !isNotFound(query.error) ? query.error : null;
  useFetchFailedToast(failed, query.errorUpdatedAt);

  const gone = query.isError && isNotFound(query.error) && !deleting;
  const detail = gone ? undefined : query.data;
  const title = gone ? "Entry not found" : detail ? `${detail.entry.reference} · ${detail.entry.title}` : "Entry";

  return (
    <Sheet open={actionLogId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" title={title} className="w-full max-w-full sm:w-[40rem] [&>div:first-child>h2]:min-w-0 [&>div:first-child>h2]:text-base [&>div:first-child>h2]:break-words">
        <div className="flex-1 overflow-y-auto p-4 sm:p-6">
          {gone ? (
            <EntryGone />
          ) : detail ? (
            <EntryDetailBody key={detail.entry.id} detail={detail} allowedTypes={allowedTypes ?? samePageTypes(detail.entry.action_log_type)} onDeleted={onClose} />
          ) : failed ? (
            <PageError error={failed} onRetry={() => void query.refetch()} />
          ) : (
            <EntrySkeleton />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

/** Spec §8's "Failed to fetch action logs" with the server's reason, once per failed load. */
function useFetchFailedToast(error: Error | null, errorUpdatedAt: number) {
  useEffect(() => {
    if (error) toastActionLogFailure(ACTION_LOG_MESSAGES.fetchFailed, error);
  }, [error, errorUpdatedAt]);
}

function EntryDetailBody({ detail, allowedTypes, onDeleted }: { detail: ActionLogDetail; allowedTypes: readonly ActionLogType[]; onDeleted: () => void }) {
  const { entry } = detail;
  const descriptionId = useId();
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={entry.status} />
          <Badge variant="outline">{entry.action_log_type}</Badge>
        </div>
        <EntryActions entry={entry} allowedTypes={allowedTypes} onDeleted={onDeleted} />
      </div>
      <EntryFacts entry={entry} />
      <section aria-labelledby={descriptionId} className="space-y-1">
        <h3 id={descriptionId} className="font-semibold">
          Description
        </h3>
        <p className={cn("text-sm break-words whitespace-pre-wrap", !entry.description && "text-[var(--color-muted-foreground)]")}>
          {entry.description || "No description."}
        </p>
      </section>
      <ResolutionNote entry={entry} />
      <Suspense fallback={<p className="text-sm text-[var(--color-muted-foreground)]">Loading...</p>}>
        <EntryAttachments actionLogId={entry.id} canEdit={entry.can.edit} />
      </Suspense>
      <EntryComments actionLogId={entry.id} comments={detail.comments} />
      <EntryHistory history={detail.history} type={entry.action_log_type} />
    </div>
  );
}

function EntryGone() {
  return (
    <div role="alert" className="space-y-3">
      <p className="font-medium">This entry no longer exists</p>
      <p className="text-sm text-[var(--color-muted-foreground)]">It may have been deleted, or the link is wrong.</p>
      <SheetClose asChild>
        <Button type="button" variant="outline">
          Close
        </Button>
      </SheetClose>
    </div>
  );
}

const BLOCK = "rounded-md bg-[var(--color-muted)]";

/** Grey blocks in the shape of the details while they load. */
function EntrySkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-6 motion-safe:animate-pulse">
      <span className="sr-only">Loading entry...</span>
      <div aria-hidden="true" className="space-y-6">
        <div className="flex gap-2">
          <div className={cn(BLOCK, "h-5 w-20")} />
          <div className={cn(BLOCK, "h-5 w-16")} />
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className={cn(BLOCK, "h-9")} />
          ))}
        </div>
        <div className={cn(BLOCK, "h-24")} />
      </div>
    </div>
  );
}
