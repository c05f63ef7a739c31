import { Circle, CircleCheck, CircleX } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";

/**
 * One line of a checklist: a mark for met or not met beside its content. `compact` is a line of
 * a list inside a card (an open circle when not met); `boxed` is a bordered row of its own (a
 * red cross when not met: a condition that fails something).
 */
export function ChecklistItem({ met, variant, children }: { met: boolean; variant: "compact" | "boxed"; children: ReactNode }) {
  const boxed = variant === "boxed";
  const Icon = met ? CircleCheck : boxed ? CircleX : Circle;
  const tone = met ? "text-[var(--color-primary)]" : boxed ? "text-[var(--color-destructive)]" : "text-[var(--color-muted-foreground)]";
  return (
    <li className={boxed ? "flex gap-3 rounded-md border border-[var(--color-border)] p-3" : "flex items-start gap-2 text-sm"}>
      <Icon aria-hidden="true" className={cn("mt-0.5 shrink-0", boxed ? "size-5" : "size-4", tone)} />
      <div className={boxed ? "min-w-0 flex-1 space-y-1" : "min-w-0"}>{children}</div>
    </li>
  );
}
