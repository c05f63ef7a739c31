import { useId } from "react";
import { Link } from "react-router";
import type { EstimateSummary } from "#common/contracts/pricing-estimates";
import { Button } from "#web/components/ui/button.tsx";
import { Tooltip, TooltipContent, TooltipTrigger } from "#web/components/ui/tooltip.tsx";

export type EstimateAction = "set-primary" | "lock" | "unlock" | "approve" | "withdraw" | "delete";

export const LOCKED_PRIMARY_REASON = "The primary estimate is locked. An employee must unlock it before another estimate can become primary.";
/** The same refusal told to the employee, who can unlock it. */
export const LOCKED_PRIMARY_REASON_FOR_EMPLOYEES = "The primary estimate is locked. Unlock it before another estimate can become primary.";
export const LOCKED_DELETE_REASON = "Locked estimates cannot be deleted";

export interface RowPermissions {
  canLock: boolean;
  isEmployee: boolean;
  /** Some estimate of the organization is locked: no other can become primary. */
  anyLocked: boolean;
}

/**
 * One estimate's actions, each named with the estimate ("Delete Main plan"). An action that is
 * refused for a reason stays focusable (aria-disabled) and says why, on hover, focus and to screen readers.
 */
export function EstimateRowActions({
  estimate,
  permissions,
  busy,
  opened,
  onAction,
}: {
  estimate: EstimateSummary;
  permissions: RowPermissions;
  busy: boolean;
  opened: boolean;
  onAction: (action: EstimateAction, estimate: EstimateSummary) => void;
}) {
  const act = (action: EstimateAction) => () => onAction(action, estimate);
  const name = estimate.name;
  return (
    <div className="flex flex-wrap justify-end gap-1.5">
      <Button asChild variant="outline" size="sm">
        <Link
          to={{ search: `?estimate=${encodeURIComponent(estimate.id)}` }}
          aria-label={`Open ${name}`}
          aria-current={opened ? "true" : undefined}
          onClick={() => document.getElementById("price-calculator")?.scrollIntoView({ behavior: "smooth", block: "start" })}
        >
          Open
        </Link>
      </Button>
      {estimate.is_primary ? null : (
        <ActionButton
          label="Set primary"
          name={name}
          busy={busy}
          refusedBecause={permissions.anyLocked ? (permissions.isEmployee ? LOCKED_PRIMARY_REASON_FOR_EMPLOYEES : LOCKED_PRIMARY_REASON) : undefined}
          onClick={act("set-primary")}
        />
      )}
      {estimate.is_primary && !estimate.is_locked && permissions.canLock ? (
        <ActionButton label="Lock" name={name} busy={busy} onClick={act("lock")} />
      ) : null}
      {estimate.is_locked && permissions.isEmployee ? <ActionButton label="Unlock" name={name} busy={busy} onClick={act("unlock")} /> : null}
      {estimate.is_primary && permissions.isEmployee ? (
        estimate.subscription_approved ? (
          <ActionButton label="Withdraw approval" name={name} busy={busy} onClick={act("withdraw")} />
        ) : (
          <ActionButton label="Approve" name={name} busy={busy} onClick={act("approve")} />
        )
      ) : null}
      <ActionButton
        label="Delete"
        name={name}
        busy={busy}
        refusedBecause={estimate.is_locked ? LOCKED_DELETE_REASON : undefined}
        onClick={act("delete")}
      />
    </div>
  );
}

function ActionButton({
  label,
  name,
  busy,
  refusedBecause,
  onClick,
}: {
  label: string;
  name: string;
  busy: boolean;
  refusedBecause?: string;
  onClick: () => void;
}) {
  const reasonId = useId();
  if (!refusedBecause) {
    return (
      <Button type="button" variant="outline" size="sm" aria-label={`${label} ${name}`} disabled={busy} onClick={onClick}>
        {label}
      </Button>
    );
  }
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={`${label} ${name}`}
            // aria-disabled rather than disabled: the button stays focusable, so keyboard users reach the reason.
            aria-disabled="true"
            aria-describedby={reasonId}
            className="cursor-not-allowed opacity-50"
            onClick={(event) => event.preventDefault()}
          >
            {label}
          </Button>
        </TooltipTrigger>
        <TooltipContent>{refusedBecause}</TooltipContent>
      </Tooltip>
      <span id={reasonId} className="sr-only">
        {refusedBecause}
      </span>
    </>
  );
}
