import { CircleCheck } from "lucide-react";
import type { CourseStatus, MilestoneStatus } from "#common/domain/launch-plan";
import { Badge } from "#web/components/ui/badge.tsx";
import { formatDay } from "#web/lib/format-date.ts";
import { COMPLETED_EARLY_LABEL, COURSE_STATUS_LABELS, MILESTONE_STATUS_LABELS } from "./plan-format.ts";

const DONE = "gap-1 border-transparent bg-[var(--color-primary)] text-[var(--color-primary-foreground)]";

/** Not started, In progress, or Completed (Completed early when closed with courses left) with its day. */
export function MilestoneStatusBadge({ status, completedAt, closedEarly = false }: { status: MilestoneStatus; completedAt: string | null; closedEarly?: boolean }) {
  if (status !== "completed") {
    return <Badge variant={status === "in_progress" ? "outline" : "default"}>{MILESTONE_STATUS_LABELS[status]}</Badge>;
  }
  return (
    <Badge className={DONE}>
      <CircleCheck aria-hidden="true" className="size-3.5" />
      {closedEarly ? COMPLETED_EARLY_LABEL : MILESTONE_STATUS_LABELS.completed}
      {completedAt ? (
        <>
          {" "}
          <time dateTime={completedAt}>{formatDay(completedAt)}</time>
        </>
      ) : null}
    </Badge>
  );
}

export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  if (status === "complete") {
    return (
      <Badge className={DONE}>
        <CircleCheck aria-hidden="true" className="size-3.5" />
        {COURSE_STATUS_LABELS.complete}
      </Badge>
    );
  }
  return <Badge variant={status === "in_progress" ? "outline" : "default"}>{COURSE_STATUS_LABELS[status]}</Badge>;
}
