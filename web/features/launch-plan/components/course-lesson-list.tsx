import { ArrowRight, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import type { CourseDetail, LessonOutline } from "#common/contracts/launch-plan";
import { Button } from "#web/components/ui/button.tsx";
import { firstUnfinishedTopic, lessonActionLabel } from "./course-topics.ts";
import type { LearningPaths } from "./learning-paths.ts";

/** The course page's lessons: title, description and count, and the way in (Start, Continue, Review). */
export function CourseLessonList({ course, paths }: { course: CourseDetail; paths: LearningPaths }) {
  if (course.lessons.length === 0) return <p className="text-sm text-[var(--color-muted-foreground)]">This course has no lessons yet.</p>;
  return (
    <ol className="space-y-3">
      {course.lessons.map((lesson, index) => (
        <CourseLesson key={lesson.id} course={course} lesson={lesson} position={index + 1} paths={paths} />
      ))}
    </ol>
  );
}

function CourseLesson({ course, lesson, position, paths }: { course: CourseDetail; lesson: LessonOutline; position: number; paths: LearningPaths }) {
  const lessonPath = paths.lesson(course.id, lesson.id);
  const topic = firstUnfinishedTopic(lesson);
  // A lesson of topics opens at its first unfinished topic; one of questions only, on its page.
  const target = topic ? paths.topic(course.id, lesson.id, topic.id) : lesson.total_questions > 0 ? lessonPath : null;
  const action = lessonActionLabel(lesson);
  const description = lesson.description?.trim();
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-3 rounded-xl border border-[var(--color-border)] bg-[var(--color-card)] p-4">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-[var(--color-muted)] text-sm font-semibold tabular-nums"
      >
        {lesson.is_complete ? <CircleCheck className="size-5 text-[var(--color-primary)]" /> : position}
      </span>
      <div className="min-w-0 flex-1 basis-56 space-y-1">
        <h3 className="font-semibold break-words">
          <Link to={lessonPath} className="underline-offset-4 hover:underline">
            {lesson.title}
          </Link>
          {lesson.is_complete ? <span className="sr-only"> (complete)</span> : null}
        </h3>
        {description ? <p className="text-sm break-words text-[var(--color-muted-foreground)]">{description}</p> : null}
        {lesson.label ? (
          <p className="text-xs font-medium text-[var(--color-muted-foreground)]">{lesson.label}</p>
        ) : description ? null : (
          <p className="text-sm text-[var(--color-muted-foreground)]">No content</p>
        )}
      </div>
      {target ? (
        <Button asChild size="sm" variant={action === "Review" ? "outline" : "default"} className="ml-12 shrink-0 sm:ml-0">
          <Link to={target}>
            {action}
            <span className="sr-only">: {lesson.title}</span>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      ) : null}
    </li>
  );
}
