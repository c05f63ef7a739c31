import { useId } from "react";
import type { PlanMilestone } from "#common/contracts/launch-plan";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { cn } from "#web/lib/cn.ts";
import { EDUCATION_STATUS_FILTERS, type EducationFilters, type EducationStatusFilter } from "./education-model.ts";
import { COURSE_STATUS_LABELS } from "./plan-format.ts";

const ALL_MILESTONES = "all";

function statusLabel(status: EducationStatusFilter): string {
  return status === "all" ? "All" : COURSE_STATUS_LABELS[status];
}

/** Status as a row of choices, milestone as a list: both kept in the address by the page. */
export function EducationFiltersBar({
  filters,
  milestones,
  onChange,
}: {
  filters: EducationFilters;
  milestones: readonly Pick<PlanMilestone, "id" | "title">[];
  onChange: (filters: EducationFilters) => void;
}) {
  const milestoneSelectId = useId();
  const statusName = useId();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Status</legend>
        <div className="flex flex-wrap gap-2">
          {EDUCATION_STATUS_FILTERS.map((status) => (
            <label key={status} className="cursor-pointer">
              <input
                type="radio"
                name={statusName}
                value={status}
                checked={filters.status === status}
                onChange={() => onChange({ ...filters, status })}
                className="peer sr-only"
              />
              <span
                className={cn(
                  "inline-flex h-8 items-center rounded-full border border-[var(--color-border)] px-3 text-sm",
                  "hover:bg-[var(--color-muted)] peer-checked:border-transparent peer-checked:bg-[var(--color-primary)] peer-checked:text-[var(--color-primary-foreground)]",
                  "peer-focus-visible:ring-2 peer-focus-visible:ring-[var(--color-ring)] peer-focus-visible:ring-offset-2",
                )}
              >
                {statusLabel(status)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="w-full space-y-2 sm:w-64">
        <Label htmlFor={milestoneSelectId}>Milestone</Label>
        <Select
          value={filters.milestoneId ?? ALL_MILESTONES}
          onValueChange={(value) => onChange({ ...filters, milestoneId: value === ALL_MILESTONES ? null : value })}
        >
          <SelectTrigger id={milestoneSelectId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_MILESTONES}>All milestones</SelectItem>
            {milestones.map((milestone) => (
              <SelectItem key={milestone.id} value={milestone.id}>
                {milestone.title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
