import { LoaderCircle } from "lucide-react";
import { cn } from "#web/lib/cn.ts";

/** A spinner with a visible label, announced politely to screen readers. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn("flex items-center justify-center gap-2 p-8 text-sm", className)}>
      <LoaderCircle className="size-5 animate-spin text-[var(--color-primary)]" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
