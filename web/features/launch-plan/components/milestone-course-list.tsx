import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import type { CourseCard } from "#common/contracts/launch-plan";
import { milestoneCoursePath } from "./plan-paths.ts";

/** A milestone's courses on its Launch Plan card: each a link with its percentage. */
export function MilestoneCourseList({ milestoneId, courses }: { milestoneId: string; courses: readonly CourseCard[] }) {
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-semibold">Courses</h3>
      {courses.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">No courses in this milestone for your plan.</p>
      ) : (
        <ul className="divide-y divide-[var(--color-border)] text-sm">
          {courses.map((course) => (
            <li key={course.id} className="flex items-center justify-between gap-3 py-1.5">
              <Link to={milestoneCoursePath(milestoneId, course.id)} className="min-w-0 break-words text-[var(--color-primary)] underline-offset-4 hover:underline">
                {course.title}
              </Link>
              <span className="flex shrink-0 items-center gap-1 tabular-nums text-[var(--color-muted-foreground)]">
                {course.status === "complete" ? <CircleCheck aria-hidden="true" className="size-4 text-[var(--color-primary)]" /> : null}
                <span className="sr-only">{course.title}: </span>
                {course.percent}%<span className="sr-only"> complete</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
