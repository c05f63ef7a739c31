import { ChevronDown, CircleCheck } from "lucide-react";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { CourseDetail, LessonOutline } from "#common/contracts/launch-plan";
import { cn } from "#web/lib/cn.ts";
import type { LearningPaths } from "./learning-paths.ts";
import { TOPIC_TYPE_LABELS, TopicTypeIcon } from "./topic-type.tsx";

/** Which page of the course is open: the course itself, a lesson, or a topic of a lesson. */
export interface LearningCurrent {
  lessonId?: string;
  topicId?: string;
}

/** A lesson's line under its title: its count, else its description, else "No content" (spec §2). */
export function lessonSummaryText(lesson: Pick<LessonOutline, "label" | "description">): string {
  return lesson.label ?? (lesson.description?.trim() || "No content");
}

const ROW_LINK = "block min-w-0 rounded-md px-2 py-1.5 hover:bg-[var(--color-muted)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]";

/**
 * The course sidebar (spec §2): the course title, its progress, and each lesson with its count
 * or description and its topics (type icon, completed check), the current lesson expanded and
 * the current page marked.
 */
export function CourseSidebar({ course, paths, current }: { course: CourseDetail; paths: LearningPaths; current: LearningCurrent }) {
  const onCoursePage = current.lessonId === undefined && current.topicId === undefined;
  return (
    <nav aria-label="Course outline" className="space-y-4 rounded-xl border border-[var(--color-border)] bg-[var(--color-card)] p-3">
      <div className="space-y-2 px-2 pt-1">
        <Link
          to={paths.course(course.id)}
          aria-current={onCoursePage ? "page" : undefined}
          className="block font-semibold break-words underline-offset-4 hover:underline aria-[current=page]:text-[var(--color-primary)]"
        >
          {course.title}
        </Link>
        <div className="flex items-center gap-2">
          <ProgressBar value={course.percent} label="Course progress" />
          <span aria-hidden="true" className="shrink-0 text-xs font-medium text-[var(--color-muted-foreground)] tabular-nums">
            {course.percent}%
          </span>
        </div>
      </div>
      {course.lessons.length === 0 ? (
        <p className="px-2 text-sm text-[var(--color-muted-foreground)]">This course has no lessons yet.</p>
      ) : (
        <ol className="space-y-1">
          {course.lessons.map((lesson) => (
            <SidebarLesson key={lesson.id} course={course} lesson={lesson} paths={paths} current={current} />
          ))}
        </ol>
      )}
    </nav>
  );
}

function SidebarLesson({ course, lesson, paths, current }: { course: CourseDetail; lesson: LessonOutline; paths: LearningPaths; current: LearningCurrent }) {
  const isCurrent = current.lessonId === lesson.id;
  const onLessonPage = isCurrent && current.topicId === undefined;
  const [expanded, setExpanded] = useState(isCurrent);
  // Opening another lesson's page expands it, whatever was toggled before (state follows the route).
  const [wasCurrent, setWasCurrent] = useState(isCurrent);
  if (wasCurrent !== isCurrent) {
    setWasCurrent(isCurrent);
    if (isCurrent) setExpanded(true);
  }
  const listId = useId();
  const hasTopics = lesson.topics.length > 0;
  return (
    <li className={cn("rounded-lg", isCurrent && "bg-[var(--color-muted)]")}>
      <div className="flex items-start gap-1">
        <Link
          to={paths.lesson(course.id, lesson.id)}
          aria-current={onLessonPage ? "page" : isCurrent ? "true" : undefined}
          className={cn(ROW_LINK, "flex-1", onLessonPage && "ring-1 ring-[var(--color-primary)] ring-inset")}
        >
          <span className="flex items-start gap-1.5">
            {lesson.is_complete ? <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-[var(--color-primary)]" /> : null}
            <span className={cn("min-w-0 text-sm break-words", isCurrent ? "font-semibold" : "font-medium")}>{lesson.title}</span>
          </span>{" "}
          <span className="mt-0.5 line-clamp-2 block text-xs break-words text-[var(--color-muted-foreground)]">{lessonSummaryText(lesson)}</span>
        </Link>
        {hasTopics ? (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-label={`Topics of ${lesson.title}`}
            onClick={() => setExpanded((open) => !open)}
            className="mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-[var(--color-card)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]"
          >
            <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform motion-reduce:transition-none", expanded && "rotate-180")} />
          </button>
        ) : null}
      </div>
      {hasTopics ? (
        <ul id={listId} hidden={!expanded} className="space-y-0.5 pb-2 pl-3">
          {lesson.topics.map((topic) => {
            const isCurrentTopic = isCurrent && current.topicId === topic.id;
            const complete = topic.status === "complete";
            return (
              <li key={topic.id}>
                <Link
                  to={paths.topic(course.id, lesson.id, topic.id)}
                  aria-current={isCurrentTopic ? "page" : undefined}
                  className={cn(ROW_LINK, "flex items-center gap-2 text-sm", isCurrentTopic && "bg-[var(--color-card)] font-semibold ring-1 ring-[var(--color-primary)] ring-inset")}
                >
                  <TopicTypeIcon type={topic.type} className="text-[var(--color-muted-foreground)]" />
                  <span className="min-w-0 flex-1 break-words">{topic.title}</span>
                  <span className="sr-only">
                    , {TOPIC_TYPE_LABELS[topic.type].toLowerCase()}
                    {complete ? ", completed" : ""}
                  </span>
                  {complete ? <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-[var(--color-primary)]" /> : null}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}
