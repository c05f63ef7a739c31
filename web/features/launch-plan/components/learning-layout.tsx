import { ChevronDown, ListTree } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useLocation } from "react-router";
import { cn } from "#web/lib/cn.ts";

/**
 * The learning pages' layout: the course outline beside the content where there is room, and on
 * narrow screens (the content area under 56rem) a "Course outline" toggle above the content that
 * opens it in place. Without an outline (a course without the sidebar) the content takes the
 * whole width.
 */
export function LearningLayout({ outline, children }: { outline: ReactNode | null; children: ReactNode }) {
  const location = useLocation();
  const panelId = useId();
  // Open for one location only: following a link in the outline closes it on a narrow screen.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  if (outline === null) return <div className="min-w-0 space-y-6">{children}</div>;
  return (
    <div className="@container min-w-0">
      <div className="grid min-w-0 gap-6 @4xl:grid-cols-[17rem_minmax(0,1fr)] @4xl:items-start">
        <div className="min-w-0 @4xl:sticky @4xl:top-0 @4xl:max-h-[calc(100dvh-7.5rem)] @4xl:overflow-y-auto">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpenAt(open ? null : location.key)}
            className="flex h-10 w-full items-center gap-2 rounded-md border border-[var(--color-border)] bg-[var(--color-card)] px-3 text-sm font-medium hover:bg-[var(--color-muted)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)] @4xl:hidden"
          >
            <ListTree aria-hidden="true" className="size-4" />
            <span className="flex-1 text-left">Course outline</span>
            <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform motion-reduce:transition-none", open && "rotate-180")} />
          </button>
          <div id={panelId} data-open={open} className={cn("mt-2 @4xl:mt-0 @4xl:block", open ? "block" : "hidden")}>
            {outline}
          </div>
        </div>
        <div className="min-w-0 space-y-6">{children}</div>
      </div>
    </div>
  );
}
