import { ArrowRightLeft } from "lucide-react";
import type { DragEvent } from "react";
import { Link, type To } from "react-router";
import type { ActionLogEntry } from "#common/contracts/action-log";
import { ACTION_LOG_STATUS_FLOW, type ActionLogStatus } from "#common/domain/action-log";
import { Button } from "#web/components/ui/button.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "#web/components/ui/dropdown-menu.tsx";
import { cn } from "#web/lib/cn.ts";
import { Assignee, DueDate, RiskScore } from "./entry-cells.tsx";

/** The data type a dragged card carries. */
export const ENTRY_DRAG_TYPE = "application/x-portal-action-log-entry";

export interface BoardCardProps {
  entry: ActionLogEntry;
  href: To;
  showRisk: boolean;
  dragging: boolean;
  onDragStart: (entry: ActionLogEntry) => void;
  onDragEnd: () => void;
  onMove: (entry: ActionLogEntry, toStatus: ActionLogStatus) => void;
}

/**
 * One entry on the board. It can be dragged to another column, and moved by the keyboard or on a
 * touch screen through its "Move to…" menu, which offers only the moves the status flow allows.
 */
export function BoardCard({ entry, href, showRisk, dragging, onDragStart, onDragEnd, onMove }: BoardCardProps) {
  const movable = entry.can.edit;
  return (
    <li
      draggable={movable}
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.setData(ENTRY_DRAG_TYPE, entry.id);
        event.dataTransfer.setData("text/plain", `${entry.reference} ${entry.title}`);
        event.dataTransfer.effectAllowed = "move";
        onDragStart(entry);
      }}
      onDragEnd={onDragEnd}
      className={cn(
        "space-y-2 rounded-md border border-[var(--color-border)] bg-[var(--color-card)] p-3 text-sm shadow-sm",
        movable && "cursor-grab active:cursor-grabbing",
        dragging && "opacity-50",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <span className="font-mono text-xs text-[var(--color-muted-foreground)]">{entry.reference}</span>
        <span className="text-xs text-[var(--color-muted-foreground)]">{showRisk ? <RiskScore score={entry.risk_score} /> : entry.priority}</span>
      </div>
      <Link to={href} className="block font-medium break-words underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-[var(--color-ring)] focus-visible:outline-none">
        {entry.title}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs">
        <Assignee entry={entry} />
        <DueDate entry={entry} />
      </div>
      {movable ? <MoveMenu entry={entry} onMove={onMove} /> : null}
    </li>
  );
}

function MoveMenu({ entry, onMove }: { entry: ActionLogEntry; onMove: (entry: ActionLogEntry, toStatus: ActionLogStatus) => void }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="w-full">
          <ArrowRightLeft aria-hidden="true" />
          Move to…<span className="sr-only"> ({entry.reference})</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel className="text-xs text-[var(--color-muted-foreground)]">Move {entry.reference} to</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ACTION_LOG_STATUS_FLOW[entry.status].map((status) => (
          <DropdownMenuItem key={status} onSelect={() => onMove(entry, status)}>
            {status}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
