import type { PlanProgress } from "#common/contracts/decision-maker-dashboard";
import { formatCalendarDay } from "#web/lib/format-date.ts";

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export const formatMilestoneCount = (count: number) => plural(count, "milestone");
export const formatDayCount = (count: number) => plural(count, "day");

/** "Go-live Mar 1, 2027: 83 days left" (the reader's way of writing dates), "… 2 days past", or that no date is set. */
export function describeGoLive(plan: Pick<PlanProgress, "go_live_date" | "days_to_go_live">): string {
  if (plan.go_live_date === null || plan.days_to_go_live === null) return "No go-live date yet: set it on Timeline Planning.";
  const days = plan.days_to_go_live;
  const left = days > 0 ? `${formatDayCount(days)} left` : days === 0 ? "today" : `${formatDayCount(-days)} past`;
  return `Go-live ${formatCalendarDay(plan.go_live_date)}: ${left}`;
}
