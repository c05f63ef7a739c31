import { CircleAlert } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { messageOf } from "#web/lib/api-client.ts";

/**
 * A background refresh failed while data is on screen: the data stays (replacing it would also
 * cut off an upload in flight), and this says it may be out of date, with a retry.
 */
export function RefreshFailedNote({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-2 rounded-md border border-[var(--color-border)] p-3 text-sm">
      <CircleAlert className="size-4 shrink-0 text-[var(--color-destructive)]" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        Could not refresh; what is shown may be out of date. {messageOf(error, "The server did not answer.")}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
