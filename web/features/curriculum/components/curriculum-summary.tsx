import type { CurriculumOverview } from "#common/contracts/curriculum";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { formatDateTime } from "#web/lib/format-date.ts";

const COUNTS: readonly { field: keyof CurriculumOverview["counts"]; label: string }[] = [
  { field: "milestones", label: "Milestones" },
  { field: "courses", label: "Courses" },
  { field: "lessons", label: "Lessons" },
  { field: "topics", label: "Topics" },
  { field: "configuration_questions", label: "Configuration questions" },
];

/** How much the curriculum holds, and when an import last changed it. */
export function CurriculumSummary({ overview }: { overview: CurriculumOverview }) {
  return (
    <Card aria-labelledby="curriculum-summary-title">
      <CardHeader>
        <CardTitle id="curriculum-summary-title">Contents</CardTitle>
        <CardDescription data-testid="curriculum-updated">
          {overview.updated_at ? (
            <>
              Last updated <time dateTime={overview.updated_at}>{formatDateTime(overview.updated_at)}</time>.
            </>
          ) : (
            "Never imported: the curriculum is empty."
          )}
        </CardDescription>
      </CardHeader>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {COUNTS.map(({ field, label }) => (
          <div key={field} className="min-w-0 rounded-md border border-[var(--color-border)] p-3">
            <dt className="text-xs font-medium break-words text-[var(--color-muted-foreground)]">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{overview.counts[field].toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
