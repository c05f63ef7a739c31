import { BookOpen, CirclePlay, ClipboardList, type LucideIcon, MessageSquareText } from "lucide-react";
import type { TopicType } from "#common/contracts/launch-plan";
import type { TopicStatus } from "#common/domain/launch-plan";
import { cn } from "#web/lib/cn.ts";

const TOPIC_TYPE_ICONS: Record<TopicType, LucideIcon> = {
  reading: BookOpen,
  video: CirclePlay,
  activity: ClipboardList,
  survey: MessageSquareText,
};

export const TOPIC_TYPE_LABELS: Record<TopicType, string> = {
  reading: "Reading",
  video: "Video",
  activity: "Activity",
  survey: "Survey",
};

/** The type's icon, decorative: the words beside it (or a screen-reader text) name the type. */
export function TopicTypeIcon({ type, className }: { type: TopicType; className?: string }) {
  const Icon = TOPIC_TYPE_ICONS[type];
  return <Icon aria-hidden="true" className={cn("size-4 shrink-0", className)} />;
}

export function topicStatusLabel(status: TopicStatus | null): string {
  return status === "complete" ? "Completed" : status === "in_progress" ? "In progress" : "Not started";
}

/** "5 min", "1 h 30 min"; null when the curriculum gives no duration. */
export function formatTopicDuration(minutes: number | null): string | null {
  if (minutes === null || minutes <= 0) return null;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
