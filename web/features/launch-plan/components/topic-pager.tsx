import { ArrowLeft, ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "#web/lib/cn.ts";
import type { PlacedTopic } from "./course-topics.ts";

const STEP = "flex min-w-0 flex-col gap-0.5 rounded-lg border border-[var(--color-border)] p-3 hover:bg-[var(--color-muted)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]";

/**
 * Previous and next topic across the course's lessons, each with its title; after the last
 * topic, the way back to the course.
 */
export function TopicPager({
  previous,
  next,
  topicPath,
  course,
}: {
  previous: PlacedTopic | undefined;
  next: PlacedTopic | undefined;
  topicPath: (entry: PlacedTopic) => string;
  course: { title: string; path: string } | undefined;
}) {
  if (!previous && !next && !course) return null;
  return (
    <nav aria-label="Topic navigation" className="grid gap-3 sm:grid-cols-2">
      {previous ? (
        <Link to={topicPath(previous)} className={STEP}>
          <span className="inline-flex items-center gap-1 text-sm font-medium">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Previous
          </span>
          <span className="text-sm break-words text-[var(--color-muted-foreground)]">{previous.topic.title}</span>
        </Link>
      ) : (
        <span aria-hidden="true" className="hidden sm:block" />
      )}
      {next ? (
        <Link to={topicPath(next)} className={cn(STEP, "sm:items-end sm:text-right")}>
          <span className="inline-flex items-center gap-1 text-sm font-medium">
            Next topic
            <ArrowRight aria-hidden="true" className="size-4" />
          </span>
          <span className="text-sm break-words text-[var(--color-muted-foreground)]">{next.topic.title}</span>
        </Link>
      ) : course ? (
        <Link to={course.path} className={cn(STEP, "sm:items-end sm:text-right")}>
          <span className="inline-flex items-center gap-1 text-sm font-medium">
            Back to the course
            <ArrowRight aria-hidden="true" className="size-4" />
          </span>
          <span className="text-sm break-words text-[var(--color-muted-foreground)]">{course.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}
