import { Info, Lock } from "lucide-react";
import type { ReactNode } from "react";
import type { CourseDetail } from "#common/contracts/launch-plan";
import { cn } from "#web/lib/cn.ts";
import { breadcrumbMilestone } from "./learning-paths.ts";

const NOT_IN_PLAN_PREFIX = "Not in your plan: ";

function Notice({ icon, title, children, tone }: { icon: ReactNode; title: string; children: ReactNode; tone: "lock" | "info" }) {
  return (
    <div
      className={cn(
        "flex gap-3 rounded-lg border p-4 text-sm",
        tone === "lock" ? "border-[var(--color-primary)] bg-[var(--color-muted)]" : "border-[var(--color-border)] bg-[var(--color-card)]",
      )}
    >
      <span className="mt-0.5 shrink-0 text-[var(--color-primary)]">{icon}</span>
      <div className="min-w-0 space-y-1 break-words">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}

/**
 * Why a course is not open yet or not in the plan: the lock reason when every milestone holding
 * it is locked (its content stays readable), and the plan's reason when it is not in the plan.
 */
export function CourseNotices({ course, milestoneId }: { course: Pick<CourseDetail, "milestones" | "in_plan" | "reason">; milestoneId: string | undefined }) {
  const locked = course.milestones.length > 0 && course.milestones.every((milestone) => milestone.lock.locked);
  const milestone = breadcrumbMilestone(course, milestoneId);
  const notInPlanReason = course.reason.startsWith(NOT_IN_PLAN_PREFIX) ? capitalize(course.reason.slice(NOT_IN_PLAN_PREFIX.length)) : null;
  if (!locked && course.in_plan) return null;
  return (
    <div className="space-y-3">
      {locked && milestone ? (
        <Notice tone="lock" icon={<Lock aria-hidden="true" className="size-5" />} title={`${milestone.title} is locked`}>
          <p>{milestone.lock.reason ?? "Complete the milestones before it first."}</p>
          <p className="text-[var(--color-muted-foreground)]">You can read the content now; the milestone opens once those are complete.</p>
        </Notice>
      ) : null}
      {!course.in_plan ? (
        <Notice tone="info" icon={<Info aria-hidden="true" className="size-5" />} title="Not in your launch plan">
          <p>{notInPlanReason ?? "None of your plan's milestones include this course."}</p>
        </Notice>
      ) : null}
    </div>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
