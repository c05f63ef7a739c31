import type { DataConnection } from "#common/contracts/data-connections";
import { Badge } from "#web/components/ui/badge.tsx";
import { ConnectionStatusIcon, describeConnectionStatus } from "#web/lib/connection-status.tsx";

/** A connection's status as a word with an icon, so it never rests on colour alone. */
export function ConnectionStatusBadge({ connection }: { connection: Pick<DataConnection, "status" | "data_source_id" | "last_tested_at"> }) {
  const view = describeConnectionStatus(connection);
  const variant = view.tone === "error" ? "destructive" : view.tone === "verified" ? "default" : "outline";
  return (
    <Badge variant={variant} className="gap-1">
      <ConnectionStatusIcon view={view} className="size-3.5" />
      {view.label}
    </Badge>
  );
}
