import { Lock } from "lucide-react";

/** A locked milestone and why, in the server's words ("Complete the following milestones first: …", §5). */
export function MilestoneLockNotice({ reason }: { reason: string | null }) {
  return (
    <div className="flex gap-3 rounded-md border border-[var(--color-border)] bg-[var(--color-muted)] p-3 text-sm">
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-[var(--color-muted-foreground)]" />
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium">Locked</p>
        <p className="break-words">{reason ?? "This milestone is locked."}</p>
      </div>
    </div>
  );
}
