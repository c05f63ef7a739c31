import { Suspense, lazy, useId } from "react";
import type { ActionLogDetail } from "#common/contracts/action-log";
import { type ActionLogType, ACTION_LOG_TYPES, ACTION_LOG_TYPE_ITEMS } from "#common/domain/action-log";
import { Badge } from "#web/components/ui/badge.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { StatusBadge } from "./entry-cells.tsx";
import { EntryActions } from "./entry-actions.tsx";
import { EntryComments } from "./entry-comments.tsx";
import { EntryFacts, ResolutionNote } from "./entry-facts.tsx";
import { EntryHistory } from "./entry-history.tsx";

/** An entry's details, wherever they are shown: the detail sheet of the list pages and a help request's page. */

// The attachments (list, Add Attachment, capture) load after the entry's own details.
const EntryAttachments = lazy(() => import("./entry-attachments.tsx").then((module) => ({ default: module.EntryAttachments })));

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The types listed on the same page as `type` (its navigation item). */
export function samePageTypes(type: ActionLogType): ActionLogType[] {
  return ACTION_LOG_TYPES.filter((other) => ACTION_LOG_TYPE_ITEMS[other] === ACTION_LOG_TYPE_ITEMS[type]);
}

export function EntryDetailBody({ detail, allowedTypes, onDeleted }: { detail: ActionLogDetail; allowedTypes: readonly ActionLogType[]; onDeleted: () => void }) {
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

const BLOCK = "rounded-md bg-[var(--color-muted)]";

/** Grey blocks in the shape of the details while they load. */
export function EntrySkeleton() {
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
