import { Link } from "react-router";
import type { DataConnection } from "#common/contracts/data-connections";
import { findDataSource } from "#common/domain/data-sources";
import { Button } from "#web/components/ui/button.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { canTest, describeVerification, editConnectionPath, sourceNameOf } from "#web/features/data-connections/data-connection-format.ts";
import { ConnectionStatusBadge } from "./connection-status-badge.tsx";
import { formatDay } from "#web/lib/format-date.ts";

export type ConnectionAction = "test" | "pause" | "resume" | "delete";

function Verified({ connection }: { connection: DataConnection }) {
  const verification = describeVerification(connection);
  if (verification.kind === "text") return <span className="text-[var(--color-muted-foreground)]">{verification.text}</span>;
  return (
    <span>
      {verification.failed ? "Failed on " : null}
      <time dateTime={verification.at}>{formatDay(verification.at)}</time>
    </span>
  );
}

/** The organization's connections with their status, verification and actions (each named with the connection). */
export function ConnectionsTable({
  connections,
  busy,
  onAction,
}: {
  connections: readonly DataConnection[];
  busy: boolean;
  onAction: (action: ConnectionAction, connection: DataConnection) => void;
}) {
  return (
    <Table>
      <TableCaption className="sr-only">Your organization&apos;s data connections, newest first</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Source</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Verified</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {connections.map((connection) => {
          const source = findDataSource(connection.data_source_id);
          const { name } = connection;
          const act = (action: ConnectionAction) => () => onAction(action, connection);
          return (
            <TableRow key={connection.id} data-testid="connection-row" data-connection-id={connection.id}>
              <TableCell className="font-medium">
                <span className="block">{name}</span>
                {connection.description ? (
                  <span className="block text-xs font-normal text-[var(--color-muted-foreground)]">{connection.description}</span>
                ) : null}
              </TableCell>
              <TableCell>{sourceNameOf(connection.data_source_id)}</TableCell>
              <TableCell>
                <ConnectionStatusBadge connection={connection} />
                {connection.status === "error" && connection.last_test_error ? (
                  <p className="mt-1 max-w-xs text-xs text-[var(--color-destructive)]">
                    {connection.last_test_error}
                  </p>
                ) : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <Verified connection={connection} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <time dateTime={connection.created_at}>{formatDay(connection.created_at)}</time>
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap justify-end gap-1.5">
                  <Button asChild variant="outline" size="sm">
                    <Link to={editConnectionPath(connection.id)} aria-label={`Edit ${name}`}>
                      Edit
                    </Link>
                  </Button>
                  {canTest(source) ? (
                    <Button type="button" variant="outline" size="sm" aria-label={`Test ${name}`} disabled={busy} onClick={act("test")}>
                      Test
                    </Button>
                  ) : null}
                  {canTest(source) ? (
                    connection.status === "disconnected" ? (
                      <Button type="button" variant="outline" size="sm" aria-label={`Resume ${name}`} disabled={busy} onClick={act("resume")}>
                        Resume
                      </Button>
                    ) : (
                      <Button type="button" variant="outline" size="sm" aria-label={`Pause ${name}`} disabled={busy} onClick={act("pause")}>
                        Pause
                      </Button>
                    )
                  ) : null}
                  <Button type="button" variant="outline" size="sm" aria-label={`Delete ${name}`} disabled={busy} onClick={act("delete")}>
                    Delete
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
