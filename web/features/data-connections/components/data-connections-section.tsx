import { useQuery } from "@tanstack/react-query";
import { Cable, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { DataConnection } from "#common/contracts/data-connections";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { dataConnectionsQuery, useDeleteConnection, useUpdateConnection } from "#web/features/data-connections/api/data-connections-api.ts";
import { CONNECTION_SETUP_PATH } from "#web/features/data-connections/data-connection-format.ts";
import {
  reportSaved,
  showConnectionFailure,
  showConnectionSuccess,
  useLoadFailureToast,
  useNoOrganizationSelectedToast,
} from "#web/features/data-connections/data-connection-toasts.ts";
import { ConnectionTestDialog, useSavedConnectionTest } from "./connection-test-dialog.tsx";
import { type ConnectionAction, ConnectionsTable } from "./connections-table.tsx";
import { DeleteConnectionDialog } from "./delete-connection-dialog.tsx";

/**
 * The Data Setup page's connections: the organization's list with status and verification, and
 * adding, editing, testing, pausing and deleting them. Every outcome is a toast (spec §8).
 */
export function DataConnectionsSection() {
  const noOrganization = useNoOrganizationSelectedToast();
  const connections = useQuery({ ...dataConnectionsQuery, enabled: !noOrganization });
  const update = useUpdateConnection();
  const remove = useDeleteConnection();
  const { run, start, close } = useSavedConnectionTest();
  const [deleting, setDeleting] = useState<DataConnection | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Set once a deletion succeeded: its row (and the button that opened the dialog) is gone.
  const deleted = useRef(false);
  useLoadFailureToast(connections.errorUpdatedAt, connections.isError, connections.error);

  async function setPaused(connection: DataConnection, paused: boolean) {
    try {
      // Only the status: the rest is left as the server has it, never overwritten with the list's copy.
      const saved = await update.mutateAsync({ connectionId: connection.id, body: { status: paused ? "disconnected" : "connected" } });
      reportSaved(saved, paused ? `"${connection.name}" is paused: no sync runs until it is resumed.` : `"${connection.name}" is resumed.`);
    } catch (error) {
      showConnectionFailure("updateFailed", error);
    }
  }

  function runAction(action: ConnectionAction, connection: DataConnection) {
    if (action === "delete") setDeleting(connection);
    else if (action === "test") void start(connection);
    else void setPaused(connection, action === "pause");
  }

  async function confirmDelete(connection: DataConnection) {
    try {
      await remove.mutateAsync(connection.id);
      deleted.current = true;
      showConnectionSuccess("Data connection has been deleted.");
    } catch (error) {
      showConnectionFailure("deleteFailed", error);
    }
    setDeleting(null);
  }

  const list = connections.data?.connections;
  return (
    <Card aria-labelledby="data-connections-heading">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <CardTitle id="data-connections-heading" ref={heading} tabIndex={-1} className="focus:outline-none">
              Data connections
            </CardTitle>
            <CardDescription>The systems your current data comes from. Each source is connected once per organization.</CardDescription>
          </div>
          {list && list.length > 0 ? <AddConnectionButton /> : null}
        </div>
      </CardHeader>
      {noOrganization ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">No organization selected. Choose one in the header to see its data connections.</p>
      ) : list ? (
        // A failed refresh keeps the list on screen (the toast says so).
        list.length === 0 ? (
          <NoConnections />
        ) : (
          <ConnectionsTable connections={list} busy={update.isPending || remove.isPending} onAction={runAction} />
        )
      ) : connections.isError ? (
        <PageError error={connections.error} onRetry={() => void connections.refetch()} />
      ) : (
        <Spinner label="Loading data connections..." />
      )}
      <ConnectionTestDialog run={run} onClose={close} />
      <DeleteConnectionDialog
        connection={deleting}
        pending={remove.isPending}
        onConfirm={(connection) => void confirmDelete(connection)}
        onClose={() => setDeleting(null)}
        onCloseAutoFocus={(event) => {
          if (!deleted.current) return;
          deleted.current = false;
          event.preventDefault();
          heading.current?.focus();
        }}
      />
    </Card>
  );
}

function AddConnectionButton() {
  return (
    <Button asChild>
      <Link to={CONNECTION_SETUP_PATH}>
        <Plus aria-hidden="true" />
        Add connection
      </Link>
    </Button>
  );
}

function NoConnections() {
  return (
    <div className="space-y-3 rounded-lg border border-dashed border-[var(--color-border)] p-6 text-center">
      <Cable className="mx-auto size-8 text-[var(--color-muted-foreground)]" aria-hidden="true" />
      <p className="font-medium">No data connections yet</p>
      <p className="mx-auto max-w-prose text-sm text-[var(--color-muted-foreground)]">
        A connection tells us where your current business data lives, in an accounting system such as QuickBooks or Xero, a database,
        or files you export, so that your customers, vendors, items and balances can be moved into your new system. Add one for each
        source you use.
      </p>
      <AddConnectionButton />
    </div>
  );
}
