import { CircleCheck, CircleDashed, Clock } from "lucide-react";
import { Link } from "react-router";
import type { TopicSummary } from "#common/contracts/launch-plan";
import { cn } from "#web/lib/cn.ts";
import { TOPIC_TYPE_LABELS, TopicTypeIcon, formatTopicDuration, topicStatusLabel } from "./topic-type.tsx";

/** A lesson's topics: each with its type, duration and the caller's status, linking to its page. */
export function LessonTopicList({ topics, topicPath }: { topics: readonly TopicSummary[]; topicPath: (topicId: string) => string }) {
  return (
    <ol className="divide-y divide-[var(--color-border)] rounded-xl border border-[var(--color-border)] bg-[var(--color-card)]">
      {topics.map((topic) => {
        const duration = formatTopicDuration(topic.duration_minutes);
        const complete = topic.status === "complete";
        return (
          <li key={topic.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-[var(--color-muted)]">
              <TopicTypeIcon type={topic.type} />
            </span>
            <div className="min-w-0 flex-1 basis-48 space-y-0.5">
              <Link to={topicPath(topic.id)} className="font-medium break-words underline-offset-4 hover:underline">
                {topic.title}
              </Link>
              <p className="flex flex-wrap items-center gap-x-3 text-xs text-[var(--color-muted-foreground)]">
                <span>{TOPIC_TYPE_LABELS[topic.type]}</span>
                {duration ? (
                  <span className="inline-flex items-center gap-1">
                    <Clock aria-hidden="true" className="size-3" />
                    {duration}
                  </span>
                ) : null}
              </p>
            </div>
            <span className={cn("inline-flex shrink-0 items-center gap-1 text-sm", complete ? "font-medium text-[var(--color-primary)]" : "text-[var(--color-muted-foreground)]")}>
              {complete ? <CircleCheck aria-hidden="true" className="size-4" /> : topic.status === "in_progress" ? <CircleDashed aria-hidden="true" className="size-4" /> : null}
              {topicStatusLabel(topic.status)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
