import { useIsMutating, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { type ActionLogType, ACTION_LOG_MESSAGES } from "#common/domain/action-log";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Sheet, SheetClose, SheetContent } from "#web/components/ui/sheet.tsx";
import { actionLogEntryQuery } from "#web/features/action-log/api/action-log-api.ts";
import { EntryDetailBody, EntrySkeleton, isNotFound, samePageTypes } from "./entry-detail.tsx";
import { toastActionLogFailure } from "./entry-toasts.ts";

export interface EntryDetailSheetProps {
  /** The entry shown; null closes the sheet. */
  actionLogId: string | null;
  onClose: () => void;
  /** The types Edit offers; by default those of the entry's own page (a task stays on Tasks). */
  allowedTypes?: readonly ActionLogType[];
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
