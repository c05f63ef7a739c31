import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { EstimateSummary } from "#common/contracts/pricing-estimates";
import { formatMonthlyPrice } from "#common/domain/money";
import { PRICE_LOCK_YEARS, canLockEstimate } from "#common/domain/pricing";
import { PageError } from "#web/components/page-error.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { PlanLinks } from "./plan-links.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { TooltipProvider } from "#web/components/ui/tooltip.tsx";
import {
  estimatesQuery,
  useDeleteEstimate,
  useLockEstimate,
  useSetEstimateApproval,
  useSetPrimaryEstimate,
  useUnlockEstimate,
} from "#web/features/pricing-estimates/api/pricing-estimates-api.ts";
import { editionNameOf } from "#web/features/pricing-estimates/estimate-format.ts";
import { ESTIMATE_TOASTS, type EstimateToast, showEstimateToast } from "#web/features/pricing-estimates/estimate-toasts.ts";
import { cn } from "#web/lib/cn.ts";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { formatDay } from "#web/lib/format-date.ts";
import { SKIP_LEAVE_GUARD } from "./calculator-leave-guard.tsx";
import { type EstimateConfirmation, EstimateConfirmDialog } from "./estimate-confirm-dialog.tsx";
import { type EstimateAction, EstimateRowActions, type RowPermissions } from "./estimate-row-actions.tsx";

type Confirming = { action: "lock" | "delete"; estimate: EstimateSummary };

function confirmationOf(confirming: Confirming | null, estimates: readonly EstimateSummary[]): EstimateConfirmation | null {
  if (!confirming) return null;
  const { estimate } = confirming;
  if (confirming.action === "lock") {
    return {
      title: "Lock primary estimate",
      description: `Lock "${estimate.name}"? It becomes read-only and is used to configure your system, with its prices held for ${PRICE_LOCK_YEARS} years. Only an employee can unlock it.`,
      confirmLabel: "Lock estimate",
    };
  }
  const promoted = estimate.is_primary && estimates.length > 1 ? " The newest remaining estimate becomes primary." : "";
  return {
    title: "Delete estimate",
    description: `Delete "${estimate.name}"? This cannot be undone.${promoted}`,
    confirmLabel: "Delete estimate",
    variant: "destructive",
  };
}

/**
 * The organization's estimates as the server orders them (primary first, then newest), with their
 * actions; every outcome is a spec §8 toast, and the writes refresh the pricing queries.
 */
export function EstimatesList({ openedId }: { openedId: string | null }) {
  const estimates = useQuery(estimatesQuery);
  const me = useQuery(currentUserQuery);
  const navigate = useNavigate();
  const setPrimary = useSetPrimaryEstimate();
  const lock = useLockEstimate();
  const unlock = useUnlockEstimate();
  const approval = useSetEstimateApproval();
  const remove = useDeleteEstimate();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const busy = setPrimary.isPending || lock.isPending || unlock.isPending || approval.isPending || remove.isPending;

  // Awaited rather than passed to mutate(): the row may be gone (deleted, refetched) before the answer.
  async function report(run: () => Promise<unknown>, success: EstimateToast, failure: EstimateToast): Promise<boolean> {
    try {
      await run();
      showEstimateToast(success);
      return true;
    } catch {
      showEstimateToast(failure);
      return false;
    }
  }

  function runAction(action: EstimateAction, estimate: EstimateSummary) {
    const { id } = estimate;
    if (action === "lock" || action === "delete") setConfirming({ action, estimate });
    else if (action === "set-primary") void report(() => setPrimary.mutateAsync(id), ESTIMATE_TOASTS.primarySet, ESTIMATE_TOASTS.primaryFailed);
    else if (action === "unlock") void report(() => unlock.mutateAsync(id), ESTIMATE_TOASTS.unlocked, ESTIMATE_TOASTS.unlockFailed);
    else if (action === "approve") {
      void report(() => approval.mutateAsync({ estimateId: id, approved: true }), ESTIMATE_TOASTS.approved, ESTIMATE_TOASTS.approveFailed);
    } else {
      void report(
        () => approval.mutateAsync({ estimateId: id, approved: false }),
        ESTIMATE_TOASTS.approvalWithdrawn,
        ESTIMATE_TOASTS.withdrawFailed,
      );
    }
  }

  async function confirm() {
    if (!confirming) return;
    const { action, estimate } = confirming;
    if (action === "lock") {
      await report(() => lock.mutateAsync(estimate.id), ESTIMATE_TOASTS.locked, ESTIMATE_TOASTS.lockFailed);
    } else {
      const deleted = await report(() => remove.mutateAsync(estimate.id), ESTIMATE_TOASTS.deleted, ESTIMATE_TOASTS.deleteFailed);
      // The calculator showed the estimate that is gone: start afresh.
      if (deleted && estimate.id === openedId) await navigate("/price", { replace: true, state: SKIP_LEAVE_GUARD });
    }
    setConfirming(null);
  }

  const user = me.data;
  const list = estimates.data?.estimates ?? [];
  const permissions: RowPermissions = {
    canLock: user ? canLockEstimate({ isEmployee: user.is_employee, role: user.role }) : false,
    isEmployee: user?.is_employee ?? false,
    anyLocked: list.some((estimate) => estimate.is_locked),
  };

  return (
    <Card aria-labelledby="estimates-heading">
      <CardHeader>
        <CardTitle id="estimates-heading">Your estimates</CardTitle>
        <CardDescription>
          The primary estimate is the one your subscription is based on. Locking it makes it read-only and uses it to configure your system.
        </CardDescription>
        <PlanLinks />
      </CardHeader>
      {estimates.isPending ? (
        <Spinner label="Loading estimates..." />
      ) : estimates.isError ? (
        <PageError error={estimates.error} onRetry={() => void estimates.refetch()} />
      ) : list.length === 0 ? (
        <NoEstimates />
      ) : (
        <TooltipProvider>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Edition</TableHead>
                <TableHead className="text-right">Monthly total</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((estimate) => (
                <TableRow
                  key={estimate.id}
                  data-testid="estimate-row"
                  data-estimate-id={estimate.id}
                  className={cn(estimate.id === openedId && "bg-[var(--color-muted)]")}
                >
                  <TableCell className="font-medium">
                    <span className="flex flex-wrap items-center gap-1.5">
                      {estimate.name}
                      {estimate.is_primary ? <Badge>Primary</Badge> : null}
                      {estimate.is_locked ? <Badge variant="outline">Locked</Badge> : null}
                      {estimate.subscription_approved ? <Badge variant="outline">Approved</Badge> : null}
                    </span>
                  </TableCell>
                  <TableCell>{editionNameOf(estimate.edition_id)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMonthlyPrice(estimate.total_monthly_price_cents)}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={estimate.created_at}>{formatDay(estimate.created_at)}</time>
                  </TableCell>
                  <TableCell>
                    <EstimateRowActions
                      estimate={estimate}
                      permissions={permissions}
                      busy={busy}
                      opened={estimate.id === openedId}
                      onAction={runAction}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TooltipProvider>
      )}
      <EstimateConfirmDialog
        confirmation={confirmationOf(confirming, list)}
        pending={lock.isPending || remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(null)}
      />
    </Card>
  );
}

function NoEstimates() {
  return (
    <div className="space-y-3 rounded-lg border border-dashed border-[var(--color-border)] p-6 text-center">
      <p className="font-medium">No estimates yet</p>
      <p className="text-sm text-[var(--color-muted-foreground)]">
        Answer two questions about your business for a quick estimate, or choose an edition and add-ons in the calculator above and save it.
      </p>
      <Button asChild>
        <Link to="/business">Get a quick estimate</Link>
      </Button>
    </div>
  );
}
