import { CircleCheck } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { messageOf } from "#web/lib/api-client.ts";

const COMPLETE_FAILED = "Failed to mark this topic as complete. Please try again.";

/** "Completed" with its check, announced when it appears. */
export function TopicCompleted() {
  return (
    <p className="inline-flex items-center gap-2 text-sm font-semibold text-[var(--color-primary)]">
      <CircleCheck aria-hidden="true" className="size-5" />
      Completed
    </p>
  );
}

/**
 * The topic's completion: its button ("Mark as complete", "Mark as done"), disabled while it
 * saves, then "Completed"; a failure is shown beside it.
 */
export function TopicCompletion({
  complete,
  label,
  pending,
  error,
  onComplete,
}: {
  complete: boolean;
  label: string;
  pending: boolean;
  error: unknown;
  onComplete: () => void;
}) {
  return (
    <div className="space-y-3 border-t border-[var(--color-border)] pt-4">
      <div aria-live="polite">
        {complete ? (
          <TopicCompleted />
        ) : (
          <Button type="button" onClick={onComplete} disabled={pending} aria-busy={pending || undefined}>
            <CircleCheck aria-hidden="true" />
            {pending ? "Saving…" : label}
          </Button>
        )}
      </div>
      {error && !complete ? (
        <p role="alert" className="text-sm break-words text-[var(--color-destructive)]">
          {messageOf(error, COMPLETE_FAILED)}
        </p>
      ) : null}
    </div>
  );
}
