import { useId, useState } from "react";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, XAxis, YAxis } from "recharts";
import type { PlanProgress } from "#common/contracts/decision-maker-dashboard";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { describeGoLive, formatMilestoneCount } from "./dashboard-format.ts";

const AXIS_TICK = { fill: "var(--color-muted-foreground)", fontSize: 12 };

/** "3 of 8 milestones done; 4.2 expected by today at an even pace to the go-live date." */
export function summarizePace(plan: PlanProgress): string {
  const done = `${plan.completed} of ${formatMilestoneCount(plan.total)} done`;
  return plan.expected_by_today === null ? `${done}; no go-live date to pace against.` : `${done}; ${plan.expected_by_today} expected by today at an even pace to the go-live date.`;
}

/**
 * Plan progress against the go-live date: milestones done next to those an even pace from the
 * plan's start would have done by today, out of all of them. The chart is a picture for the eye
 * (role="img" with the summary as its name); the table beside it holds the same facts, milestone
 * by milestone, for screen readers and anyone who asks for it.
 */
export function PlanProgressCard({ plan }: { plan: PlanProgress }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const bars = [
    { label: "Done", value: plan.completed, color: "var(--color-primary)" },
    ...(plan.expected_by_today === null ? [] : [{ label: "Expected by today", value: plan.expected_by_today, color: "var(--color-muted-foreground)" }]),
  ];
  return (
    <Card aria-labelledby="dmd-plan-title" className="xl:col-span-2">
      <CardHeader>
        <CardTitle id="dmd-plan-title">Plan progress</CardTitle>
        <CardDescription>{describeGoLive(plan)}</CardDescription>
      </CardHeader>
      <p className="mb-3 text-sm">{summarizePace(plan)}</p>
      <div role="img" aria-label={summarizePace(plan)} className="h-36 w-full">
        {/* Drawn at this size until the box is measured (and where it cannot be, as in jsdom). */}
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 144 }}>
          <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid horizontal={false} stroke="var(--color-border)" />
            <XAxis type="number" domain={[0, Math.max(plan.total, 1)]} allowDecimals={false} tick={AXIS_TICK} stroke="var(--color-border)" />
            <YAxis type="category" dataKey="label" width={120} tick={{ ...AXIS_TICK, fill: "var(--color-foreground)" }} stroke="var(--color-border)" />
            <Bar dataKey="value" isAnimationActive={false} radius={4}>
              {bars.map((bar) => (
                <Cell key={bar.label} fill={bar.color} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <Button variant="ghost" className="mt-2" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((value) => !value)}>
        {showTable ? "Hide the table" : "Show as table"}
      </Button>
      {/* Always in the accessibility tree; on screen only when asked for. */}
      <div id={tableId} className="mt-2" hidden={!showTable}>
        <Table>
          <caption className="sr-only">Milestones of the plan, in order</caption>
          <TableHeader>
            <TableRow>
              <TableHead>Milestone</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {plan.milestones.map((milestone) => (
              <TableRow key={milestone.id}>
                <TableCell>{milestone.title}</TableCell>
                <TableCell>{milestone.completed ? "Done" : "Not done"}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell>Expected by today at an even pace</TableCell>
              <TableCell>{plan.expected_by_today === null ? "No go-live date" : String(plan.expected_by_today)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </div>
    </Card>
  );
}
