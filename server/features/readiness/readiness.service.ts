import { type ReadinessAnswer, presentReadiness } from "#common/contracts/readiness";
import type { Database } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import { loadOrganizationProgress } from "#server/queries/readiness-facts.queries";

export interface ReadinessDeps {
  db: Database;
}

/** The acting organization's readiness score (common/domain/readiness-score.ts), explained. */
export async function getReadiness(deps: ReadinessDeps, organizationId: string): Promise<ReadinessAnswer> {
  const [row] = await loadOrganizationProgress(deps.db, [organizationId]);
  if (!row) throw new AppError("not_found", "Organization not found");
  return presentReadiness(row.progress.readiness);
}
