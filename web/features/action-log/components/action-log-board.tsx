import { type DragEvent, useId, useState } from "react";
import type { To } from "react-router";
import type { ActionLogEntry } from "#common/contracts/action-log";
import { ACTION_LOG_STATUSES, ACTION_LOG_STATUS_FLOW, type ActionLogStatus } from "#common/domain/action-log";
import { cn } from "#web/lib/cn.ts";
import { BoardCard, ENTRY_DRAG_TYPE } from "./board-card.tsx";
import { StatusBadge } from "./entry-cells.tsx";
import { StatusChangeDialog } from "./status-change-dialog.tsx";

export interface ActionLogBoardProps {
  entries: readonly ActionLogEntry[];
  /** Entries matching the filters; more than are shown means the board is cut short. */
  total: number;
  showRisk: boolean;
  entryHref: (entry: ActionLogEntry) => To;
}

interface PendingMove {
  entry: ActionLogEntry;
  toStatus: ActionLogStatus;
}

/**
 * The board: a column per status with its count. Every move, dropped or chosen from a card's
 * menu, goes through the status change dialog, which asks for a resolution note when the move
 * needs one and saves.
 */
export function ActionLogBoard({ entries, total, showRisk, entryHref }: ActionLogBoardProps) {
  const id = useId();
  const [dragged, setDragged] = useState<ActionLogEntry | null>(null);
  const [over, setOver] = useState<ActionLogStatus | null>(null);
  const [move, setMove] = useState<PendingMove | null>(null);
  const canDrop = (status: ActionLogStatus) => dragged !== null && ACTION_LOG_STATUS_FLOW[dragged.status].includes(status);
  const endDrag = () => {
    setDragged(null);
    setOver(null);
  };

  const dropProps = (status: ActionLogStatus) =>
    canDrop(status)
      ? {
          onDragOver: (event: DragEvent) => {
            if (![...event.dataTransfer.types].includes(ENTRY_DRAG_TYPE)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = "move";
            if (over !== status) setOver(status);
          },
          onDragLeave: (event: DragEvent) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver((current) => (current === status ? null : current));
          },
          onDrop: (event: DragEvent) => {
            if (!dragged) return;
            event.preventDefault();
            setMove({ entry: dragged, toStatus: status });
            endDrag();
          },
        }
      : {};

  return (
    <div className="space-y-3">
      {total > entries.length ? (
        <p className="rounded-md border border-[var(--color-border)] bg-[var(--color-muted)] px-4 py-3 text-sm">
          The board shows the first {entries.length.toLocaleString()} of {total.toLocaleString()} matching entries. Narrow the filters or use the list to see
          the rest.
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {ACTION_LOG_STATUSES.map((status) => {
          const cards = entries.filter((entry) => entry.status === status);
          const headingId = `${id}-${status.replace(/\s+/g, "-").toLowerCase()}`;
          return (
            <section
              key={status}
              aria-labelledby={headingId}
              {...dropProps(status)}
              data-drop-target={canDrop(status) ? (over === status ? "active" : "available") : undefined}
              className={cn(
                "flex min-w-0 flex-col gap-2 rounded-lg border border-[var(--color-border)] bg-[var(--color-muted)]/50 p-2",
                canDrop(status) && "outline-2 -outline-offset-2 outline-[var(--color-border)] outline-dashed",
                over === status && "bg-[var(--color-muted)] outline-[var(--color-primary)]",
              )}
            >
              <h2 id={headingId} className="flex items-center justify-between gap-2 px-1 pt-1">
                <StatusBadge status={status} />
                <span className="text-sm text-[var(--color-muted-foreground)] tabular-nums">
                  {cards.length}
                  <span className="sr-only"> {cards.length === 1 ? "entry" : "entries"}</span>
                </span>
              </h2>
              {cards.length > 0 ? (
                <ul className="space-y-2">
                  {cards.map((entry) => (
                    <BoardCard
                      key={entry.id}
                      entry={entry}
                      href={entryHref(entry)}
                      showRisk={showRisk}
                      dragging={dragged?.id === entry.id}
                      onDragStart={setDragged}
                      onDragEnd={endDrag}
                      onMove={(moved, toStatus) => setMove({ entry: moved, toStatus })}
                    />
                  ))}
                </ul>
              ) : (
                <p className="px-1 pb-2 text-xs text-[var(--color-muted-foreground)]">Nothing {status === "Open" ? "open" : status.toLowerCase()}.</p>
              )}
            </section>
          );
        })}
      </div>
      {move ? <StatusChangeDialog entry={move.entry} toStatus={move.toStatus} onClose={() => setMove(null)} /> : null}
    </div>
  );
}
