import { cn } from "#web/lib/cn.ts";

/**
 * What shows while something loads: grey blocks in the shape of what is coming, so the screen
 * does not change its wording in turn (navigation, page code, page data) before the content
 * arrives. The label is for screen readers, announced politely.
 */
export function LoadingSkeleton({ label, shape, className }: { label: string; shape: "navigation" | "page" | "cards"; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn("motion-safe:animate-pulse", className)}>
      <span className="sr-only">{label}</span>
      {shape === "navigation" ? <NavigationShape /> : shape === "page" ? <PageShape /> : <CardsShape />}
    </div>
  );
}

const BLOCK = "rounded-md bg-[var(--color-muted)]";

function NavigationShape() {
  return (
    <div aria-hidden="true" className="space-y-3 p-2">
      {["w-24", "w-32", "w-28", "w-36", "w-24", "w-28"].map((width, index) => (
        <div key={index} className={cn(BLOCK, "h-4", width)} />
      ))}
    </div>
  );
}

function CardsShape() {
  return (
    <div aria-hidden="true" className="grid gap-6 lg:grid-cols-2">
      <div className={cn(BLOCK, "h-56")} />
      <div className={cn(BLOCK, "h-56")} />
    </div>
  );
}

/** The page frame's title and description above the cards (page-frame.tsx). */
function PageShape() {
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-6xl space-y-6">
      <div className="space-y-2">
        <div className={cn(BLOCK, "h-8 w-48")} />
        <div className={cn(BLOCK, "h-4 w-72 max-w-full")} />
      </div>
      <CardsShape />
    </div>
  );
}
