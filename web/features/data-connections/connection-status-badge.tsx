import { CircleAlert, CircleCheck, CirclePause } from "lucide-react";
import type { ConnectionStatus } from "#common/contracts/data-connections";
import { Badge } from "#web/components/ui/badge.tsx";
import { STATUS_LABELS } from "./data-connection-format.ts";

/** A connection's status as a word with an icon, so it never rests on colour alone. */
export function ConnectionStatusBadge({ status }: { status: ConnectionStatus }) {
  const label = STATUS_LABELS[status];
  if (status === "error") {
    return (
      <Badge variant="destructive" className="gap-1">
        <CircleAlert className="size-3.5" aria-hidden="true" />
        {label}
      </Badge>
    );
  }
  if (status === "disconnected") {
    return (
      <Badge variant="outline" className="gap-1">
        <CirclePause className="size-3.5" aria-hidden="true" />
        {label}
      </Badge>
    );
  }
  return (
    <Badge className="gap-1">
      <CircleCheck className="size-3.5 text-[var(--color-primary)]" aria-hidden="true" />
      {label}
    </Badge>
  );
}
