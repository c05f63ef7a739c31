import { Circle, CircleCheck, CircleMinus, Lock } from "lucide-react";
import { Link } from "react-router";
import type { ChecklistItem } from "#common/contracts/dashboard";
import { NDA_REQUIRED_REASON } from "#common/domain/access";

function statusText(item: ChecklistItem): string {
  switch (item.status) {
    case "complete":
      return "Complete";
    case "not_applicable":
      return "Not applicable";
    case "incomplete":
      return "Not started";
    case "locked":
      return item.locked_reason === NDA_REQUIRED_REASON ? "Locked — needs the NDA" : "Locked";
  }
}

const ICONS = { complete: CircleCheck, not_applicable: CircleMinus, incomplete: Circle, locked: Lock } as const;

/**
 * The ten launchpad pages in order with their status. A locked page is not linked: the guard
 * would only send the user back; the reason says what to do instead.
 */
export function LaunchpadChecklist({ items }: { items: readonly ChecklistItem[] }) {
  return (
    <ol className="divide-y divide-[var(--color-border)]">
      {items.map((item) => {
        const Icon = ICONS[item.status];
        const showReason = item.status === "locked" && item.locked_reason && item.locked_reason !== NDA_REQUIRED_REASON;
        return (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <span className="flex min-w-0 items-center gap-2 text-sm">
              <Icon
                aria-hidden="true"
                className={item.status === "complete" ? "size-4 shrink-0 text-[var(--color-primary)]" : "size-4 shrink-0 text-[var(--color-muted-foreground)]"}
              />
              {item.status === "locked" ? (
                <span>{item.label}</span>
              ) : (
                <Link to={item.route} className="font-medium underline-offset-4 hover:underline">
                  {item.label}
                </Link>
              )}
            </span>
            <span className="text-sm text-[var(--color-muted-foreground)]">
              {statusText(item)}
              {showReason ? <span className="block text-xs">{item.locked_reason}</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
