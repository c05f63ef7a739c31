import type { DecisionMakerDashboard } from "#common/contracts/decision-maker-dashboard";
import { formatWholeDollars } from "#common/domain/money";

/** How many risks the board summary names: the page must stay one page. */
export const BOARD_SUMMARY_TOP_RISKS = 5;

export interface BoardSummarySection {
  heading: string;
  lines: string[];
}

export interface BoardSummaryContent {
  title: string;
  subtitle: string;
  sections: BoardSummarySection[];
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function describeGoLive(plan: DecisionMakerDashboard["plan"]): string {
  if (plan.go_live_date === null || plan.days_to_go_live === null) return "No go-live date set yet";
  const days = plan.days_to_go_live;
  const left = days > 0 ? `${plural(days, "day")} left` : days === 0 ? "today" : `${plural(-days, "day")} past`;
  return `Go-live ${plan.go_live_date} (${left})`;
}

/** The board summary's text, section by section: what the PDF draws, kept apart from how. */
export function buildBoardSummaryContent(dashboard: DecisionMakerDashboard, day: string): BoardSummaryContent {
  const { readiness, plan, subscription, open_risks: risks, decisions_awaiting: decisions, overdue } = dashboard;
  const subscriptionLines = subscription
    ? [
        `${subscription.name}${subscription.edition_name ? ` — ${subscription.edition_name}` : ""}${subscription.locked ? " (locked)" : " (primary, not locked)"}`,
        `${formatWholeDollars(subscription.monthly_total_cents)} a month · ${formatWholeDollars(subscription.five_year_total_cents)} over 5 years · ${plural(subscription.line_count, "line")}`,
      ]
    : ["No primary or locked estimate yet"];
  const riskLines = risks.items
    .slice(0, BOARD_SUMMARY_TOP_RISKS)
    .map((risk) => `${risk.reference} ${risk.title} — ${risk.score === null ? "not scored" : `score ${risk.score} (${risk.band})`}`);
  return {
    title: `Board summary: ${dashboard.organization_name}`,
    subtitle: `Prepared ${day}`,
    sections: [
      {
        heading: `Readiness score: ${readiness.score} of 100`,
        lines: [
          ...readiness.factors.map((factor) => `${factor.label}: ${Math.round(factor.points * 10) / 10} of ${factor.weight} points — ${factor.detail}`),
          ...(readiness.next_action ? [`Next: ${readiness.next_action.label}`] : []),
        ],
      },
      { heading: "Plan progress", lines: [`${plan.completed} of ${plural(plan.total, "milestone")} done (${plan.percent}%)`, describeGoLive(plan)] },
      { heading: "Subscription", lines: subscriptionLines },
      { heading: `Top risks (${risks.total} open)`, lines: riskLines.length > 0 ? riskLines : ["No open risks"] },
      {
        heading: "Attention",
        lines: [`${plural(decisions.total, "decision")} awaiting`, `${plural(overdue.total, "overdue item")}`],
      },
    ],
  };
}
