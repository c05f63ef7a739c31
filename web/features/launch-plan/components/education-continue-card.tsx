import { ArrowRight, PartyPopper } from "lucide-react";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { useId } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import type { EducationCourse } from "./education-model.ts";
import { milestoneCoursePath } from "./plan-paths.ts";

/** "Continue where you left off": the course to take up next, or a note that every course is complete. */
export function EducationContinueCard({ next }: { next: EducationCourse | null }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="space-y-3 p-4 sm:p-6">
      <CardTitle id={titleId}>Continue where you left off</CardTitle>
      {next ? (
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0 flex-1 basis-64 space-y-2">
            <p className="font-medium break-words">{next.course.title}</p>
            <p className="text-sm text-[var(--color-muted-foreground)] break-words">{next.milestone.title}</p>
            <ProgressBar showValue value={next.course.percent} label={`Progress of ${next.course.title}`} />
          </div>
          <Button asChild>
            <Link to={milestoneCoursePath(next.milestone.id, next.course.id)}>
              {next.course.status === "in_progress" ? "Continue" : "Start"}
              {" "}<span className="sr-only">{next.course.title}</span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm">
          <PartyPopper aria-hidden="true" className="size-4 shrink-0 text-[var(--color-primary)]" />
          Everything is complete: you have finished every course of your plan.
        </p>
      )}
    </Card>
  );
}
