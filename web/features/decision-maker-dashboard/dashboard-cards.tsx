import type { ReactNode } from "react";
import type { DecisionMakerDashboard, SubscriptionSummary, WeeklyChanges } from "#common/contracts/decision-maker-dashboard";
import { formatWholeDollars } from "#common/domain/money";
import { Badge } from "#web/components/ui/badge.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { formatDayCount } from "./dashboard-format.ts";

function DashboardCard({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      {children}
    </Card>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-[var(--color-muted-foreground)]">{children}</p>;

/** "Showing 10 of 14" under a list that the server cut short. */
const shownOf = (shown: number, total: number) => (total > shown ? `Showing ${shown} of ${total}` : `${total} in all`);

function EntryList({ items }: { items: readonly { id: string; reference: string; title: string; aside: ReactNode }[] }) {
  return (
    <ul className="divide-y divide-[var(--color-border)]">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 first:pt-0 last:pb-0">
          <span className="min-w-0 text-sm break-words">
            <span className="mr-2 font-mono text-xs text-[var(--color-muted-foreground)]">{item.reference}</span>
            {item.title}
          </span>
          <span className="text-xs text-[var(--color-muted-foreground)] tabular-nums">{item.aside}</span>
        </li>
      ))}
    </ul>
  );
}

const BAND_VARIANTS = { Critical: "destructive", High: "destructive", Medium: "default", Low: "outline" } as const;

export function SubscriptionCard({ subscription }: { subscription: SubscriptionSummary | null }) {
  return (
    <DashboardCard id="dmd-subscription-title" title="Subscription" description={subscription ? (subscription.locked ? "The locked estimate" : "The primary estimate, not locked yet") : undefined}>
      {subscription ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt className="text-[var(--color-muted-foreground)]">Estimate</dt>
          <dd className="break-words">{subscription.name}</dd>
          <dt className="text-[var(--color-muted-foreground)]">Edition</dt>
          <dd>{subscription.edition_name ?? "None chosen"}</dd>
          <dt className="text-[var(--color-muted-foreground)]">Monthly</dt>
          <dd className="tabular-nums">{formatWholeDollars(subscription.monthly_total_cents)}</dd>
          <dt className="text-[var(--color-muted-foreground)]">5-year total</dt>
          <dd className="font-semibold tabular-nums">{formatWholeDollars(subscription.five_year_total_cents)}</dd>
          <dt className="text-[var(--color-muted-foreground)]">Lines</dt>
          <dd className="tabular-nums">{subscription.line_count}</dd>
        </dl>
      ) : (
        <Empty>No primary or locked estimate yet.</Empty>
      )}
    </DashboardCard>
  );
}

export function OpenRisksCard({ risks }: { risks: DecisionMakerDashboard["open_risks"] }) {
  return (
    <DashboardCard id="dmd-risks-title" title="Open risks by score" description={shownOf(risks.items.length, risks.total)}>
      {risks.items.length === 0 ? (
        <Empty>No open risks.</Empty>
      ) : (
        <EntryList
          items={risks.items.map((risk) => ({
            ...risk,
            aside: risk.band === null ? "Not scored" : <Badge variant={BAND_VARIANTS[risk.band]}>{`${risk.score} · ${risk.band}`}</Badge>,
          }))}
        />
      )}
    </DashboardCard>
  );
}

export function DecisionsAwaitingCard({ decisions }: { decisions: DecisionMakerDashboard["decisions_awaiting"] }) {
  return (
    <DashboardCard id="dmd-decisions-title" title="Decisions awaiting" description={shownOf(decisions.items.length, decisions.total)}>
      {decisions.items.length === 0 ? (
        <Empty>No decisions awaiting.</Empty>
      ) : (
        <EntryList items={decisions.items.map((decision) => ({ ...decision, aside: decision.due_date ? `Due ${decision.due_date}` : "No due date" }))} />
      )}
    </DashboardCard>
  );
}

export function OverdueCard({ overdue }: { overdue: DecisionMakerDashboard["overdue"] }) {
  return (
    <DashboardCard id="dmd-overdue-title" title="Overdue items" description={shownOf(overdue.items.length, overdue.total)}>
      {overdue.items.length === 0 ? (
        <Empty>Nothing is overdue.</Empty>
      ) : (
        <EntryList items={overdue.items.map((entry) => ({ ...entry, aside: `${formatDayCount(entry.days_overdue)} overdue` }))} />
      )}
    </DashboardCard>
  );
}

const CHANGE_LABELS: [keyof WeeklyChanges, string][] = [
  ["entries_created", "Entries created"],
  ["entries_resolved", "Entries resolved"],
  ["milestones_completed", "Milestones completed"],
  ["launchpad_pages_completed", "Launchpad pages completed"],
  ["modules_submitted", "Configuration modules submitted"],
];

export function WeeklyChangesCard({ changes }: { changes: WeeklyChanges }) {
  return (
    <DashboardCard id="dmd-changes-title" title="What changed since last week" description="The last 7 days">
      <dl className="space-y-1.5 text-sm">
        {CHANGE_LABELS.map(([key, label]) => (
          <div key={key} className="flex justify-between gap-3">
            <dt className="text-[var(--color-muted-foreground)]">{label}</dt>
            <dd className="font-medium tabular-nums">{changes[key]}</dd>
          </div>
        ))}
      </dl>
    </DashboardCard>
  );
}
