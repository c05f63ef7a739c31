import { useQuery } from "@tanstack/react-query";
import { ACTION_LOG_MAX_PAGE_SIZE, type ActionLogEntry } from "#common/contracts/action-log";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { actionLogListQuery } from "#web/features/action-log/api/action-log-api.ts";
import { RiskMatrix } from "./risk-matrix.tsx";

/** Every active risk, whatever the list below is filtered by. */
const ACTIVE_RISKS = { page: "risks", status: "active", limit: ACTION_LOG_MAX_PAGE_SIZE } as const;

/** /risks: the matrix of the organization's active risks above the list. */
export function RiskMatrixSection({ onOpen }: { onOpen: (entry: ActionLogEntry) => void }) {
  const risks = useQuery(actionLogListQuery(ACTIVE_RISKS));
  if (risks.data) return <RiskMatrix risks={risks.data.entries} total={risks.data.total} onOpen={onOpen} />;
  if (risks.isError) return <PageError error={risks.error} onRetry={() => void risks.refetch()} />;
  return <LoadingSkeleton label="Loading the risk matrix..." shape="cards" className="h-56" />;
}
