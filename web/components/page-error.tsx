import { Button } from "./ui/button.tsx";
import { messageOf } from "#web/lib/api-client.ts";

/** A failed page load: what went wrong, and a retry. */
export function PageError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  const message = messageOf(error, "Something went wrong while loading this page.");
  return (
    <div role="alert" className="space-y-3 rounded-md border border-[var(--color-destructive)] p-4">
      <p className="text-sm">{message}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
