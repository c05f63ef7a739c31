import { useQuery } from "@tanstack/react-query";
import { FilterX } from "lucide-react";
import { type ReactNode, useId } from "react";
import { ACTION_LOG_PRIORITIES, ACTION_LOG_STATUSES, type ActionLogType } from "#common/domain/action-log";
import { Button } from "#web/components/ui/button.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectSeparator, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { actionLogAssigneesQuery } from "#web/features/action-log/api/action-log-api.ts";
import { type ActionLogAddress, EMPTY_FILTERS, isFiltered } from "./use-action-log-address.ts";

/** Radix's Select cannot hold "": "any" stands for no filter. */
const ANY = "any";

export interface ActionLogFiltersProps {
  address: ActionLogAddress;
  /** The types the type filter offers; none shows no type filter. */
  types: readonly ActionLogType[];
  showPriority: boolean;
  onChange: (change: Partial<ActionLogAddress>) => void;
}

/** Type, status, priority, assignee and "Overdue only"; every choice goes to the address. */
export function ActionLogFilters({ address, types, showPriority, onChange }: ActionLogFiltersProps) {
  const id = useId();
  const assignees = useQuery(actionLogAssigneesQuery);
  const people = assignees.data;
  return (
    <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap" role="group" aria-label="Filters">
      {types.length > 1 ? (
        <FilterSelect id={`${id}-type`} label="Type" value={address.type} anyLabel="Any type" onChange={(type) => onChange({ type: type as ActionLogType | null })}>
          {types.map((type) => (
            <SelectItem key={type} value={type}>
              {type}
            </SelectItem>
          ))}
        </FilterSelect>
      ) : null}
      <FilterSelect
        id={`${id}-status`}
        label="Status"
        value={address.status}
        anyLabel="Any status"
        onChange={(status) => onChange({ status: status as ActionLogAddress["status"] })}
      >
        <SelectItem value="active">Active</SelectItem>
        {ACTION_LOG_STATUSES.map((status) => (
          <SelectItem key={status} value={status}>
            {status}
          </SelectItem>
        ))}
      </FilterSelect>
      {showPriority ? (
        <FilterSelect
          id={`${id}-priority`}
          label="Priority"
          value={address.priority}
          anyLabel="Any priority"
          onChange={(priority) => onChange({ priority: priority as ActionLogAddress["priority"] })}
        >
          {ACTION_LOG_PRIORITIES.map((priority) => (
            <SelectItem key={priority} value={priority}>
              {priority}
            </SelectItem>
          ))}
        </FilterSelect>
      ) : null}
      <FilterSelect id={`${id}-assignee`} label="Assigned to" value={address.assignee} anyLabel="Anyone" onChange={(assignee) => onChange({ assignee })}>
        <SelectItem value="me">Me</SelectItem>
        <SelectItem value="unassigned">Unassigned</SelectItem>
        {people && people.members.length > 0 ? (
          <SelectGroup>
            <SelectSeparator />
            <SelectLabel>Members</SelectLabel>
            {people.members.map((person) => (
              <SelectItem key={person.id} value={person.id}>
                {person.name}
              </SelectItem>
            ))}
          </SelectGroup>
        ) : null}
        {people && people.employees.length > 0 ? (
          <SelectGroup>
            <SelectSeparator />
            <SelectLabel>Provider team</SelectLabel>
            {people.employees.map((person) => (
              <SelectItem key={person.id} value={person.id}>
                {person.name}
              </SelectItem>
            ))}
          </SelectGroup>
        ) : null}
        {address.assignee && !["me", "unassigned"].includes(address.assignee) && people && ![...people.members, ...people.employees].some((person) => person.id === address.assignee) ? (
          <SelectItem value={address.assignee}>Someone no longer listed</SelectItem>
        ) : null}
      </FilterSelect>
      <div className="flex h-9 items-center gap-2">
        <Checkbox id={`${id}-overdue`} checked={address.overdue} onChange={(event) => onChange({ overdue: event.target.checked })} />
        <Label htmlFor={`${id}-overdue`}>Overdue only</Label>
      </div>
      {isFiltered({ ...address, q: "" }) ? (
        <Button type="button" variant="ghost" onClick={() => onChange({ ...EMPTY_FILTERS, q: address.q })}>
          <FilterX aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

function FilterSelect({
  id,
  label,
  value,
  anyLabel,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string | null;
  anyLabel: string;
  onChange: (value: string | null) => void;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id} className="text-xs text-[var(--color-muted-foreground)]">
        {label}
      </Label>
      <Select value={value ?? ANY} onValueChange={(next) => onChange(next === ANY ? null : next)}>
        <SelectTrigger id={id} className="sm:w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{anyLabel}</SelectItem>
          {children}
        </SelectContent>
      </Select>
    </div>
  );
}
