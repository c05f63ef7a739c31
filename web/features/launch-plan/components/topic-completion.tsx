import { CircleCheck } from "lucide-react";
import { type Ref, useEffect, useRef } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { messageOf } from "#web/lib/api-client.ts";

const COMPLETE_FAILED = "Failed to mark this topic as complete. Please try again.";

/**
 * Where focus goes once the topic is completed: the button that did it is gone, and focus left on
 * the page's body would send a keyboard user back to the top. Only on the change, never on load.
 */
export function useFocusWhenCompleted(complete: boolean) {
  const ref = useRef<HTMLParagraphElement>(null);
  const wasComplete = useRef(complete);
  useEffect(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (complete && !wasComplete.current && focusLost) ref.current?.focus();
    wasComplete.current = complete;
  }, [complete]);
  return ref;
}

/** "Completed" with its check. */
export function TopicCompleted({ ref }: { ref?: Ref<HTMLParagraphElement> }) {
  return (
    <p ref={ref} tabIndex={-1} className="inline-flex items-center gap-2 text-sm font-semibold text-[var(--color-primary)] focus:outline-none">
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
  const completedRef = useFocusWhenCompleted(complete);
  return (
    <div className="space-y-3 border-t border-[var(--color-border)] pt-4">
      <div aria-live="polite">
        {complete ? (
          <TopicCompleted ref={completedRef} />
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
