import { Clock } from "lucide-react";

/** The time a milestone is expected to take, when the curriculum says. */
export function MilestoneTimeEstimate({ timeEstimate }: { timeEstimate: string | null }) {
  if (!timeEstimate) return null;
  return (
    <p className="flex items-center gap-2 text-sm">
      <Clock aria-hidden="true" className="size-4 shrink-0 text-[var(--color-muted-foreground)]" />
      <span>
        <span className="text-[var(--color-muted-foreground)]">Time estimate: </span>
        {timeEstimate}
      </span>
    </p>
  );
}

/** A milestone's goals as a short list under a heading of the level the page needs. */
export function MilestoneGoals({ goals, headingLevel }: { goals: readonly string[]; headingLevel: "h2" | "h3" }) {
  if (goals.length === 0) return null;
  const Heading = headingLevel;
  return (
    <div className="space-y-1">
      <Heading className="text-sm font-semibold">Goals</Heading>
      <ul className="list-disc space-y-0.5 pl-5 text-sm">
        {goals.map((goal, index) => (
          <li key={`${index}-${goal}`} className="break-words">
            {goal}
          </li>
        ))}
      </ul>
    </div>
  );
}
