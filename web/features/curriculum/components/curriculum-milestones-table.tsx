import type { CurriculumOverview } from "#common/contracts/curriculum";
import { Badge } from "#web/components/ui/badge.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { countOf } from "./curriculum-format.ts";

type Milestone = CurriculumOverview["milestones"][number];
type Course = Milestone["courses"][number];

const MUTED = "text-[var(--color-muted-foreground)]";

/** The milestones in the order every plan shows them, each with its courses. */
export function CurriculumMilestonesTable({ milestones }: { milestones: CurriculumOverview["milestones"] }) {
  const titles = new Map(milestones.map((milestone) => [milestone.key, milestone.title]));
  return (
    <Card aria-labelledby="curriculum-milestones-title">
      <CardHeader>
        <CardTitle id="curriculum-milestones-title">Milestones</CardTitle>
        <CardDescription>
          In the order plans show them. A milestone with modules is in a plan only when the plan has one of them.
        </CardDescription>
      </CardHeader>
      {milestones.length === 0 ? (
        <p className="text-sm">The curriculum has no milestones. Import a zip of a curriculum folder to fill it.</p>
      ) : (
        <Table>
          <TableCaption className="sr-only">Milestones of the launch plan curriculum, in order</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Milestone</TableHead>
              <TableHead>Time estimate</TableHead>
              <TableHead>Modules</TableHead>
              <TableHead>Prerequisites</TableHead>
              <TableHead>Courses</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {milestones.map((milestone, index) => (
              <TableRow key={milestone.key} data-testid={`curriculum-milestone-${milestone.key}`}>
                <TableCell className="align-top">
                  <span className="font-medium">
                    <span className={`tabular-nums ${MUTED}`}>{index + 1}.</span> {milestone.title}
                  </span>
                  <span className={`block font-mono text-xs break-all ${MUTED}`}>{milestone.key}</span>
                </TableCell>
                <TableCell className="align-top whitespace-nowrap">{milestone.time_estimate ?? <span className={MUTED}>Not given</span>}</TableCell>
                <TableCell className="align-top">
                  <Modules modules={milestone.modules} none="Every plan" />
                </TableCell>
                <TableCell className="align-top">
                  {milestone.prerequisites.length === 0 ? (
                    <span className={MUTED}>None</span>
                  ) : (
                    <ul className="space-y-0.5">
                      {milestone.prerequisites.map((key) => (
                        <li key={key}>{titles.get(key) ?? key}</li>
                      ))}
                    </ul>
                  )}
                </TableCell>
                <TableCell className="align-top">
                  {milestone.courses.length === 0 ? (
                    <span className={MUTED}>No courses</span>
                  ) : (
                    <ul className="min-w-0 space-y-2" aria-label={`Courses of ${milestone.title}`}>
                      {milestone.courses.map((course) => (
                        <CourseItem key={course.key} course={course} />
                      ))}
                    </ul>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

function Modules({ modules, none }: { modules: readonly string[]; none?: string }) {
  if (modules.length === 0) return none ? <span className={MUTED}>{none}</span> : null;
  return (
    <span className="inline-flex flex-wrap gap-1 align-top">
      {modules.map((module) => (
        <Badge key={module} variant="outline">
          {module}
        </Badge>
      ))}
    </span>
  );
}

function CourseItem({ course }: { course: Course }) {
  return (
    <li className="min-w-0">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium break-words">{course.title}</span>
        {course.has_sidebar ? null : (
          <Badge variant="default" title="Kept out of the sidebar">
            No sidebar
          </Badge>
        )}
        <Modules modules={course.modules} />
      </span>
      <span className={`block text-xs ${MUTED}`}>
        {[countOf(course.lessons, "lesson", "lessons"), countOf(course.topics, "topic", "topics"), countOf(course.questions, "question", "questions")].join(" · ")}
      </span>
    </li>
  );
}
