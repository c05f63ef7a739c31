import { DECISION_MAKER_CHANGE_DAYS, DECISION_MAKER_LIST_LIMIT, type DecisionMakerDashboard } from "#common/contracts/decision-maker-dashboard";
import { presentReadiness } from "#common/contracts/readiness";
import { exportFileName } from "#common/domain/export-file-name";
import type { Database } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import { loadOrganizationProgress } from "#server/queries/readiness-facts.queries";
import { renderBoardSummaryPdf } from "./board-summary-pdf.ts";
import {
  presentAwaitingDecisions,
  presentOpenRisks,
  presentOverdueEntries,
  presentPlanProgress,
  presentSubscription,
  presentWeeklyChanges,
} from "./decision-maker-dashboard.presenters.ts";
import {
  selectAwaitingDecisions,
  selectOpenRisks,
  selectOverdueEntries,
  selectSubscriptionEstimate,
  selectWeeklyChangeCounts,
} from "./decision-maker-dashboard.queries.ts";

export interface DecisionMakerDashboardDeps {
  db: Database;
}

/** The acting organization's dashboard: readiness and plan in one statement, the rest alongside. */
export async function getDecisionMakerDashboard(deps: DecisionMakerDashboardDeps, organizationId: string, now = new Date()): Promise<DecisionMakerDashboard> {
  const { db } = deps;
  const [[progressRow], subscription, risks, decisions, overdue, changes] = await Promise.all([
    loadOrganizationProgress(db, [organizationId]),
    selectSubscriptionEstimate(db, organizationId),
    selectOpenRisks(db, organizationId),
    selectAwaitingDecisions(db, organizationId, DECISION_MAKER_LIST_LIMIT),
    selectOverdueEntries(db, organizationId, DECISION_MAKER_LIST_LIMIT),
    selectWeeklyChangeCounts(db, organizationId, DECISION_MAKER_CHANGE_DAYS),
  ]);
  if (!progressRow) throw new AppError("not_found", "Organization not found");
  return {
    organization_name: progressRow.organizationName,
    readiness: presentReadiness(progressRow.progress.readiness),
    plan: presentPlanProgress(progressRow.progress),
    subscription: presentSubscription(subscription),
    open_risks: presentOpenRisks(risks, DECISION_MAKER_LIST_LIMIT),
    decisions_awaiting: presentAwaitingDecisions(decisions),
    overdue: presentOverdueEntries(overdue),
    changes_last_week: presentWeeklyChanges(changes),
    generated_at: now.toISOString(),
  };
}

/** The dashboard as a one-page PDF, named board-summary-<organization>-<date>.pdf. */
export async function downloadBoardSummary(deps: DecisionMakerDashboardDeps, organizationId: string, now = new Date()): Promise<{ fileName: string; bytes: Uint8Array }> {
  const dashboard = await getDecisionMakerDashboard(deps, organizationId, now);
  const fileName = exportFileName("board-summary", dashboard.organization_name, now, "pdf");
  return { fileName, bytes: await renderBoardSummaryPdf(dashboard, now) };
}
