import { CircleCheck } from "lucide-react";
import { useState } from "react";
import type { ApAutomationWorkspace } from "#common/contracts/extension-workspaces";
import { WORKSPACE_MESSAGES } from "#common/domain/extension-workspaces";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { formatDateTime } from "#web/lib/format-date.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { ReopenWorkspaceDialog } from "./workspace-dialogs.tsx";

/** What every workspace answers besides its answers (the two workspaces share it). */
export type WorkspaceState = Pick<ApAutomationWorkspace, "status" | "saved" | "submitted" | "reopened" | "missing" | "can">;

function byWhom(action: string, entry: { at: string; by_name: string | null }): string {
  return `${action} on ${formatDateTime(entry.at)}${entry.by_name ? ` by ${entry.by_name}` : ""}`;
}

export function WorkspaceStatusBadge({ status }: { status: WorkspaceState["status"] }) {
  if (status === "submitted") {
    return (
      <Badge className="gap-1 border-transparent bg-[var(--color-primary)] text-[var(--color-primary-foreground)]">
        <CircleCheck className="size-3.5" aria-hidden="true" />
        Submitted
      </Badge>
    );
  }
  return <Badge variant="outline">Draft</Badge>;
}

/**
 * Where the set-up stands: who saved, submitted and reopened it (with the reason), what a
 * submission still needs, and, once submitted, the reopening for those allowed.
 */
export function WorkspaceStatus({ workspace, label, onReopen }: { workspace: WorkspaceState; label: string; onReopen: (reason: string) => Promise<unknown> }) {
  const [reopening, setReopening] = useState(false);
  const { status, saved, submitted, reopened, missing, can } = workspace;
  const history = [
    saved ? byWhom("Draft saved", saved) : "Not saved yet.",
    submitted ? byWhom(status === "submitted" ? "Submitted" : "Last submitted", submitted) : null,
  ].filter((line): line is string => line !== null);
  return (
    <section aria-label="Set-up status" className="space-y-3 rounded-xl border border-[var(--color-border)] bg-[var(--color-card)] p-4 text-sm shadow-sm sm:p-6">
      <ul className="space-y-1 text-[var(--color-muted-foreground)]">
        {history.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {reopened ? (
          <li>
            {byWhom("Reopened", reopened)}: <q>{reopened.reason}</q>
          </li>
        ) : null}
      </ul>
      {status === "submitted" ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>{can.reopen ? "The set-up is read-only. Reopen it to change it." : WORKSPACE_MESSAGES.submittedLocked}</p>
          {can.reopen ? (
            <Button type="button" variant="outline" onClick={() => setReopening(true)}>
              Reopen
            </Button>
          ) : null}
        </div>
      ) : missing.length > 0 ? (
        <div className="space-y-1">
          <p className="font-medium">Before you can submit:</p>
          <ul className="list-disc space-y-0.5 pl-5">
            {missing.map((issue) => (
              <li key={`${issue.path}-${issue.message}`}>{issue.message}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p>Everything needed is filled in: submit the set-up when it is ready.</p>
      )}
      <ReopenWorkspaceDialog
        label={label}
        open={reopening}
        onOpenChange={setReopening}
        onReopen={async (reason) => {
          await onReopen(reason);
          lazyToast.success(WORKSPACE_MESSAGES.reopened);
        }}
      />
    </section>
  );
}
