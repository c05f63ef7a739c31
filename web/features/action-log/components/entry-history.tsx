import { useId } from "react";
import type { ActionLogDetail } from "#common/contracts/action-log";
import { type ActionLogType, ACTION_LOG_FIELD_LABELS, resolutionNoteLabel } from "#common/domain/action-log";
import { formatCalendarDay } from "#web/lib/format-date.ts";
import { EntryTime } from "./entry-time.tsx";

type HistoryItem = ActionLogDetail["history"][number];
type Change = HistoryItem["changes"][number];

/** Fields whose text is too long for "from … to …": the new text is quoted under the line instead. */
const LONG_TEXT_FIELDS = new Set(["description", "resolution_notes"]);

/** A field's name in a sentence: its label, lower-cased after the first word's capital ("due date"). */
function fieldName(field: string, type: ActionLogType): string {
  const labels: Record<string, string> = { ...ACTION_LOG_FIELD_LABELS, title: "Title", status: "Status", action_log_type: "Type" };
  const label = field === "resolution_notes" ? resolutionNoteLabel(type) : (labels[field] ?? field.replaceAll("_", " "));
  return label.toLowerCase();
}

function formatValue(field: string, value: string): string {
  return field === "due_date" && /^\d{4}-\d{2}-\d{2}/.test(value) ? formatCalendarDay(value) : value;
}

/** "Ana Lima changed status from Open to Resolved", "… set due date to Mar 9, 2030", "… cleared phase". */
function describeChange(actor: string, change: Change, type: ActionLogType): string {
  if (change.field === "assigned_to") return describeAssignment(actor, change);
  const name = fieldName(change.field, type);
  if (LONG_TEXT_FIELDS.has(change.field)) return change.to === null || change.to === "" ? `${actor} cleared ${name}` : `${actor} changed ${name}`;
  if (change.to === null || change.to === "") return `${actor} cleared ${name}`;
  const to = formatValue(change.field, change.to);
  if (change.from === null || change.from === "") return `${actor} set ${name} to ${to}`;
  return `${actor} changed ${name} from ${formatValue(change.field, change.from)} to ${to}`;
}

/** "Ben Ortiz assigned it to Eve Staff", "… reassigned it from Ana Lima to Eve Staff", "… unassigned it". */
function describeAssignment(actor: string, { from, to }: Change): string {
  if (!to) return `${actor} unassigned it`;
  return from ? `${actor} reassigned it from ${from} to ${to}` : `${actor} assigned it to ${to}`;
}

/** Who created the entry and every later save, oldest first; a save that changed several fields is one item. */
export function EntryHistory({ history, type }: { history: readonly HistoryItem[]; type: ActionLogType }) {
  const headingId = useId();
  const ordered = [...history].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold">
        History
      </h3>
      {ordered.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">No changes recorded.</p>
      ) : (
        <ol aria-labelledby={headingId} className="space-y-3 border-l border-[var(--color-border)] pl-4">
          {ordered.map((item) => (
            <HistoryRow key={item.id} item={item} type={type} />
          ))}
        </ol>
      )}
    </section>
  );
}

function HistoryRow({ item, type }: { item: HistoryItem; type: ActionLogType }) {
  const actor = item.actor?.name ?? "Someone";
  return (
    <li className="space-y-1 text-sm">
      {item.event === "created" ? (
        <p>{item.actor ? `Created by ${item.actor.name}` : "Created"}</p>
      ) : item.changes.length === 0 ? (
        <p>{`Updated by ${actor}`}</p>
      ) : (
        <ul className="space-y-1">
          {item.changes.map((change, index) => (
            <li key={`${change.field}-${index}`} className="break-words">
              {describeChange(actor, change, type)}
              {LONG_TEXT_FIELDS.has(change.field) && change.to ? (
                <blockquote className="mt-1 line-clamp-3 border-l-2 border-[var(--color-border)] pl-2 text-[var(--color-muted-foreground)] whitespace-pre-wrap">
                  {change.to}
                </blockquote>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-[var(--color-muted-foreground)]">
        <EntryTime iso={item.created_at} />
      </p>
    </li>
  );
}
