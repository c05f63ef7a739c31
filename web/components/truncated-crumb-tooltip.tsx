import type { ReactElement } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "#web/components/ui/tooltip.tsx";

/** A cut breadcrumb's whole label in a tooltip on hover and keyboard focus (loaded only when a label is cut). */
export default function TruncatedCrumbTooltip({ crumb, label }: { crumb: ReactElement; label: string }) {
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>{crumb}</TooltipTrigger>
        <TooltipContent side="bottom" collisionPadding={8} className="max-w-80">
          {label}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
