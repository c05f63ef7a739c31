import { useQuery } from "@tanstack/react-query";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { useId } from "react";
import type { TeamProgress } from "#common/contracts/launch-plan";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { teamProgressQuery } from "#web/features/launch-plan/api/launch-plan-api.ts";

/** Employees only: how far each member of the organization has come through the plan. */
export function PlanTeamProgress() {
  const titleId = useId();
  const team = useQuery(teamProgressQuery);
  return (
    <Card aria-labelledby={titleId} className="p-4 sm:p-6">
      <CardHeader>
        <CardTitle id={titleId}>Team progress</CardTitle>
        <CardDescription>Each member's share of the plan's lessons completed. Only the provider's team sees this.</CardDescription>
      </CardHeader>
      {team.data ? (
        <TeamMembers team={team.data} />
      ) : team.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p>The team's progress could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void team.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm text-[var(--color-muted-foreground)]">
          Loading the team's progress…
        </p>
      )}
    </Card>
  );
}

function TeamMembers({ team }: { team: TeamProgress }) {
  if (team.members.length === 0) return <p className="text-sm">This organization has no members yet.</p>;
  return (
    <ul className="divide-y divide-[var(--color-border)]">
      {team.members.map((member) => (
        <li key={member.profile_id} className="space-y-2 py-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <p className="min-w-0 font-medium break-words">
              {member.name}
              {member.name !== member.email ? <span className="ml-2 text-sm font-normal text-[var(--color-muted-foreground)] break-all">{member.email}</span> : null}
            </p>
            <p className="text-sm text-[var(--color-muted-foreground)]">
              {member.completed_lessons} of {member.total_lessons} lessons
            </p>
          </div>
          <ProgressBar showValue value={member.percent} label={`Progress of ${member.name}`} />
          <details className="text-sm">
            <summary className="cursor-pointer text-[var(--color-muted-foreground)]">By milestone</summary>
            <ul className="mt-2 space-y-2">
              {member.milestones.map((milestone) => (
                <li key={milestone.milestone_id} className="grid gap-1 sm:grid-cols-[minmax(0,16rem)_1fr] sm:items-center sm:gap-3">
                  <span className="break-words">{milestone.title}</span>
                  <ProgressBar showValue value={milestone.percent} label={`${member.name}: ${milestone.title}`} />
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}
