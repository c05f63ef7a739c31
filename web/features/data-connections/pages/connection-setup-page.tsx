import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import type { DataConnection } from "#common/contracts/data-connections";
import { findDataSource } from "#common/domain/data-sources";
import { PageError } from "#web/components/page-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { dataConnectionQuery, dataConnectionsQuery } from "#web/features/data-connections/api/data-connections-api.ts";
import { ConnectionWizard } from "#web/features/data-connections/components/connection-wizard.tsx";
import { CONNECTION_SETUP_PATH, DATA_SETUP_PATH } from "#web/features/data-connections/data-connection-format.ts";
import { useLoadFailureToast, useNoOrganizationSelectedToast } from "#web/features/data-connections/data-connection-toasts.ts";
import { PageFrame } from "#web/components/page-frame.tsx";

/**
 * /data-connection/setup: adds a connection in three steps, or, with ?connection=<id>, edits that
 * one (its source fixed, its secrets kept unless replaced).
 */
export default function ConnectionSetupPage() {
  const [searchParams] = useSearchParams();
  const connectionId = searchParams.get("connection");
  const noOrganization = useNoOrganizationSelectedToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownId = useRef(connectionId);
  // Opening a connection from here (its card, or the one the server answered for a duplicate)
  // replaces the wizard and the control that was focused: focus goes to the page's new heading.
  useEffect(() => {
    if (shownId.current === connectionId) return;
    shownId.current = connectionId;
    heading.current?.focus();
  }, [connectionId]);
  const title = connectionId ? "Edit data connection" : "Add a data connection";
  return (
    <PageFrame
      title={title}
      headingProps={{ ref: heading, tabIndex: -1, className: "focus:outline-none" }}
      breadcrumbs={[{ label: "Data Setup", to: DATA_SETUP_PATH }, { label: title }]}
      contentWidth="narrow"
      description={
        connectionId
          ? "Change the connection's details. Stored passwords and secrets are kept unless you type new ones."
          : "Tell us where your current data lives, so it can be brought into your new system. Credentials are stored encrypted and never shown again."
      }
    >
      <Card>
        {noOrganization ? (
          <p className="text-sm">No organization selected. Choose the organization to work on in the header first.</p>
        ) : connectionId ? (
          <EditConnection key={connectionId} connectionId={connectionId} />
        ) : (
          <NewConnection />
        )}
      </Card>
    </PageFrame>
  );
}

function NewConnection() {
  const connections = useQuery(dataConnectionsQuery);
  useLoadFailureToast(connections.errorUpdatedAt, connections.isError, connections.error);
  const list = connections.data?.connections;
  const existing = useMemo(() => new Map<string, DataConnection>((list ?? []).map((connection) => [connection.data_source_id, connection])), [list]);
  // A failed refresh keeps the wizard (and what was typed) on screen.
  if (list) return <ConnectionWizard mode="create" existing={existing} />;
  if (connections.isError) return <PageError error={connections.error} onRetry={() => void connections.refetch()} />;
  return <Spinner label="Loading data connections..." />;
}

function EditConnection({ connectionId }: { connectionId: string }) {
  const connection = useQuery(dataConnectionQuery(connectionId));
  useLoadFailureToast(connection.errorUpdatedAt, connection.isError, connection.error);
  if (connection.data) {
    const source = findDataSource(connection.data.data_source_id);
    if (!source) {
      return <p role="alert">This connection&apos;s source is no longer offered, so it cannot be edited here. You can delete it on the Data Setup page.</p>;
    }
    return <ConnectionWizard mode="edit" connection={connection.data} source={source} />;
  }
  if (connection.isError) {
    return (
      <div className="space-y-3">
        <PageError error={connection.error} onRetry={() => void connection.refetch()} />
        <Button asChild variant="outline" size="sm">
          <Link to={CONNECTION_SETUP_PATH}>Add a new connection instead</Link>
        </Button>
      </div>
    );
  }
  return <Spinner label="Loading the connection..." />;
}
