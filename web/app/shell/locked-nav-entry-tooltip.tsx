import { type ReactElement, useEffect, useRef } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "#web/components/ui/tooltip.tsx";

/**
 * A locked entry's reason in a Radix tooltip on hover and focus, loaded after the first screen
 * (see locked-nav-entry.tsx). `entry` is the entry's button; it takes the focus its stand-in had.
 */
export function LockedNavEntryTooltip({
  entry,
  reason,
  takeFocus,
  openAtOnce = false,
}: {
  entry: ReactElement;
  reason: string;
  takeFocus: boolean;
  /** The pointer was over the stand-in when this loaded: show the reason without waiting for a move. */
  openAtOnce?: boolean;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Focused, the trigger opens the tooltip, as it would have for the stand-in.
    if (takeFocus) triggerRef.current?.focus();
  }, [takeFocus]);

  // A provider each, with the spec's delays: only Launch Plan is ever locked this way, so there is
  // no neighbour to skip the delay to.
  return (
    <TooltipProvider>
      <Tooltip defaultOpen={openAtOnce}>
        <TooltipTrigger ref={triggerRef} asChild>
          {entry}
        </TooltipTrigger>
        {/* Beside the navigation column on wide screens; below the entry in the narrow navigation panel. */}
        <TooltipContent side={isWideScreen() ? "right" : "bottom"} collisionPadding={8}>
          {reason}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}

/** The width at which the navigation is a column beside the page (Tailwind's lg). */
function isWideScreen(): boolean {
  return typeof window.matchMedia !== "function" || window.matchMedia("(min-width: 1024px)").matches;
}
