import { useQuery } from "@tanstack/react-query";
import { GraduationCap } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { LaunchPlan } from "#common/contracts/launch-plan";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { launchPlanQuery } from "#web/features/launch-plan/api/launch-plan-api.ts";
import { EducationContinueCard } from "#web/features/launch-plan/components/education-continue-card.tsx";
import { EducationCourseList } from "#web/features/launch-plan/components/education-course-list.tsx";
import { EducationFiltersBar } from "#web/features/launch-plan/components/education-filters.tsx";
import {
  EDUCATION_PARAMS,
  type EducationFilters,
  filterCourses,
  findCourseToContinue,
  listPlanCourses,
  readEducationFilters,
} from "#web/features/launch-plan/components/education-model.ts";
import { LAUNCH_PLAN_PATH } from "#web/features/launch-plan/components/plan-paths.ts";

/** /education: every course of the plan once, with progress, filters in the address and where to continue. */
export default function EducationPage() {
  const plan = useQuery(launchPlanQuery);
  return (
    <PageFrame title="Education" description="Every course of your launch plan, with your progress.">
      {plan.data ? (
        <EducationContent plan={plan.data} />
      ) : plan.isError ? (
        <PageError error={plan.error} onRetry={() => void plan.refetch()} />
      ) : (
        <LoadingSkeleton label="Loading courses..." shape="cards" />
      )}
    </PageFrame>
  );
}

function EducationContent({ plan }: { plan: LaunchPlan }) {
  const [params, setParams] = useSearchParams();
  const allCourses = listPlanCourses(plan.milestones);
  if (allCourses.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-[var(--color-border)] px-4 py-10 text-center">
        <GraduationCap aria-hidden="true" className="size-8 text-[var(--color-muted-foreground)]" />
        <h2 className="text-lg font-semibold">No courses yet</h2>
        <p className="max-w-prose text-sm text-[var(--color-muted-foreground)]">Courses come with the milestones of your plan, and it has none with courses yet.</p>
        <Button asChild variant="outline">
          <Link to={LAUNCH_PLAN_PATH}>Open the Launch Plan</Link>
        </Button>
      </div>
    );
  }
  const filters = readEducationFilters(params, plan.milestones);
  const shown = filterCourses(plan.milestones, filters);
  const milestonesWithCourses = plan.milestones.filter((milestone) => milestone.courses.length > 0);

  function applyFilters(next: EducationFilters) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.status === "all") updated.delete(EDUCATION_PARAMS.status);
        else updated.set(EDUCATION_PARAMS.status, next.status);
        if (next.milestoneId === null) updated.delete(EDUCATION_PARAMS.milestone);
        else updated.set(EDUCATION_PARAMS.milestone, next.milestoneId);
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <>
      <EducationContinueCard next={findCourseToContinue(allCourses)} />
      <div className="space-y-3">
        <EducationFiltersBar filters={filters} milestones={milestonesWithCourses} onChange={applyFilters} />
        <p aria-live="polite" className="text-sm text-[var(--color-muted-foreground)]">
          {filters.status === "all" && filters.milestoneId === null
            ? `${allCourses.length} ${allCourses.length === 1 ? "course" : "courses"}`
            : `Showing ${shown.length} of ${allCourses.length} courses`}
        </p>
      </div>
      {shown.length === 0 ? (
        <div className="space-y-3 rounded-xl border border-dashed border-[var(--color-border)] p-6 text-center">
          <p className="text-sm">No courses match these filters.</p>
          <Button variant="outline" size="sm" onClick={() => applyFilters({ status: "all", milestoneId: null })}>
            Show all courses
          </Button>
        </div>
      ) : (
        <EducationCourseList courses={shown} />
      )}
    </>
  );
}
