import { useId } from "react";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { Link } from "react-router";
import type { CourseCard } from "#common/contracts/launch-plan";
import { Card } from "#web/components/ui/card.tsx";
import { CourseStatusBadge } from "./plan-status-badge.tsx";
import { milestoneCoursePath } from "./plan-paths.ts";

/** The milestone page's courses: a card each with its progress, leading to the course under this milestone. */
export function MilestoneCourseCards({ milestoneId, courses }: { milestoneId: string; courses: readonly CourseCard[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Courses
      </h2>
      {courses.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">No courses in this milestone for your plan.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {courses.map((course) => (
            <li key={course.id} className="min-w-0">
              <CourseCardItem milestoneId={milestoneId} course={course} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CourseCardItem({ milestoneId, course }: { milestoneId: string; course: CourseCard }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold break-words">
          <Link to={milestoneCoursePath(milestoneId, course.id)} className="text-[var(--color-primary)] underline-offset-4 hover:underline">
            {course.title}
          </Link>
        </h3>
        <CourseStatusBadge status={course.status} />
      </div>
      {course.description ? <p className="text-sm break-words">{course.description}</p> : null}
      <p className="text-sm text-[var(--color-muted-foreground)]">{course.reason}</p>
      <div className="mt-auto space-y-1">
        <ProgressBar showValue value={course.percent} label={`Progress of ${course.title}`} />
        <p className="text-xs text-[var(--color-muted-foreground)]">
          {course.completed_lessons} of {course.total_lessons} {course.total_lessons === 1 ? "lesson" : "lessons"} complete
        </p>
      </div>
    </Card>
  );
}
