import { useId } from "react";
import type { ActionLogSort } from "#common/contracts/action-log";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import type { ActionLogColumn } from "./action-log-pages.ts";
import { type SortDirection, firstDirection } from "./use-action-log-address.ts";

/** No sort asked: the server's order, newest first. */
const NEWEST = "newest";

/**
 * The sort on a phone, where the list's rows are cards without column headings to click: the
 * column, then its order.
 */
export function ActionLogSortSelect({
  columns,
  sort,
  dir,
  onChange,
}: {
  columns: readonly ActionLogColumn[];
  sort: ActionLogSort | null;
  dir: SortDirection | null;
  onChange: (change: { sort: ActionLogSort | null; dir: SortDirection | null }) => void;
}) {
  const id = useId();
  const options: (readonly [ActionLogSort, string])[] = [
    ["due_date", "Due date"],
    ...(columns.includes("priority") ? [["priority", "Priority"] as const] : []),
    ...(columns.includes("risk") ? [["risk_score", "Score"] as const] : []),
    ["status", "Status"],
    ["title", "Title"],
    ["number", "Reference"],
  ];
  const direction = sort ? (dir ?? firstDirection(sort)) : null;
  return (
    <div className="flex items-end gap-2 sm:hidden">
      <div className="min-w-0 flex-1 space-y-1">
        <Label htmlFor={id} className="text-xs text-[var(--color-muted-foreground)]">
          Sort by
        </Label>
        <Select value={sort ?? NEWEST} onValueChange={(next) => onChange(next === NEWEST ? { sort: null, dir: null } : { sort: next as ActionLogSort, dir: firstDirection(next as ActionLogSort) })}>
          <SelectTrigger id={id}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NEWEST}>Newest first</SelectItem>
            {options.map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {sort && direction ? (
        <div className="w-36 space-y-1">
          <Label htmlFor={`${id}-order`} className="text-xs text-[var(--color-muted-foreground)]">
            Order
          </Label>
          <Select value={direction} onValueChange={(next) => onChange({ sort, dir: next as SortDirection })}>
            <SelectTrigger id={`${id}-order`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="asc">Ascending</SelectItem>
              <SelectItem value="desc">Descending</SelectItem>
            </SelectContent>
          </Select>
        </div>
      ) : null}
    </div>
  );
}
