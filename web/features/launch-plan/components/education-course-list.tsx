import { useId } from "react";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { Link } from "react-router";
import { type EducationCourse, groupByMilestone } from "./education-model.ts";
import { CourseStatusBadge } from "./plan-status-badge.tsx";
import { milestoneCoursePath } from "./plan-paths.ts";

/** The courses under a heading per milestone, each with its status and progress. */
export function EducationCourseList({ courses }: { courses: readonly EducationCourse[] }) {
  return (
    <div className="space-y-6">
      {groupByMilestone(courses).map((group) => (
        <MilestoneGroup key={group.milestone.id} title={group.milestone.title} courses={group.courses} />
      ))}
    </div>
  );
}

function MilestoneGroup({ title, courses }: { title: string; courses: readonly EducationCourse[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold break-words">
        {title}
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {courses.map((entry) => (
          <li key={entry.course.id} className="min-w-0">
            <EducationCourseItem entry={entry} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function EducationCourseItem({ entry: { course, milestone } }: { entry: EducationCourse }) {
  return (
    <div className="flex h-full flex-col gap-2 rounded-xl border border-[var(--color-border)] bg-[var(--color-card)] p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">
          <Link to={milestoneCoursePath(milestone.id, course.id)} className="text-[var(--color-primary)] underline-offset-4 hover:underline">
            {course.title}
          </Link>
        </h3>
        <CourseStatusBadge status={course.status} />
      </div>
      {course.description ? <p className="line-clamp-2 text-sm break-words text-[var(--color-muted-foreground)]">{course.description}</p> : null}
      <div className="mt-auto space-y-1">
        <ProgressBar showValue value={course.percent} label={`Progress of ${course.title}`} />
        <p className="text-xs text-[var(--color-muted-foreground)]">
          {course.completed_lessons} of {course.total_lessons} {course.total_lessons === 1 ? "lesson" : "lessons"} complete
        </p>
      </div>
    </div>
  );
}
