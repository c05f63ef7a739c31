import { Info, Lock } from "lucide-react";
import type { ReactNode } from "react";
import type { CourseDetail } from "#common/contracts/launch-plan";
import { cn } from "#web/lib/cn.ts";
import { breadcrumbMilestone } from "./learning-paths.ts";

const NOT_IN_PLAN_PREFIX = "Not in your plan: ";
const LOCKED_FALLBACK = "Complete the milestones before it first.";
const NOT_IN_PLAN_FALLBACK = "None of your plan's milestones include this course.";

function Notice({ icon, title, children, tone, compact }: { icon: ReactNode; title: string; children: ReactNode; tone: "lock" | "info"; compact: boolean }) {
  return (
    <div
      className={cn(
        "flex gap-3 rounded-lg border text-sm",
        compact ? "px-3 py-2" : "p-4",
        tone === "lock" ? "border-[var(--color-primary)] bg-[var(--color-muted)]" : "border-[var(--color-border)] bg-[var(--color-card)]",
      )}
    >
      <span className="mt-0.5 shrink-0 text-[var(--color-primary)]">{icon}</span>
      {compact ? (
        <p className="min-w-0 break-words">
          <strong className="font-semibold">{title}.</strong> {children}
        </p>
      ) : (
        <div className="min-w-0 space-y-1 break-words">
          <p className="font-semibold">{title}</p>
          {children}
        </div>
      )}
    </div>
  );
}

/**
 * Why a course is not open yet or not in the plan: the lock reason when every milestone holding
 * it is locked (its content stays readable), and the plan's reason when it is not in the plan.
 * Lessons and topics show it compact, in one line above their content.
 */
export function CourseNotices({
  course,
  milestoneId,
  compact = false,
}: {
  course: Pick<CourseDetail, "milestones" | "in_plan" | "reason">;
  milestoneId: string | undefined;
  compact?: boolean;
}) {
  const locked = course.milestones.length > 0 && course.milestones.every((milestone) => milestone.lock.locked);
  const milestone = breadcrumbMilestone(course, milestoneId);
  const notInPlanReason = course.reason.startsWith(NOT_IN_PLAN_PREFIX) ? capitalize(course.reason.slice(NOT_IN_PLAN_PREFIX.length)) : null;
  if (!locked && course.in_plan) return null;
  return (
    <div className="space-y-3">
      {locked && milestone ? (
        <Notice tone="lock" compact={compact} icon={<Lock aria-hidden="true" className="size-4" />} title={`${milestone.title} is locked`}>
          {compact ? (
            (milestone.lock.reason ?? LOCKED_FALLBACK)
          ) : (
            <>
              <p>{milestone.lock.reason ?? LOCKED_FALLBACK}</p>
              <p className="text-[var(--color-muted-foreground)]">You can read the content now; the milestone opens once those are complete.</p>
            </>
          )}
        </Notice>
      ) : null}
      {!course.in_plan ? (
        <Notice tone="info" compact={compact} icon={<Info aria-hidden="true" className="size-4" />} title="Not in your launch plan">
          {compact ? (notInPlanReason ?? NOT_IN_PLAN_FALLBACK) : <p>{notInPlanReason ?? NOT_IN_PLAN_FALLBACK}</p>}
        </Notice>
      ) : null}
    </div>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
