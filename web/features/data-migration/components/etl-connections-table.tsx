import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CONNECTION_STATUSES, type ConnectionStatus } from "#common/contracts/data-connections";
import type { EtlConnection } from "#common/contracts/data-migration";
import { DATA_SOURCES, type DataSourceId, findDataSource } from "#common/domain/data-sources";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { CONNECTION_STATUS_LABELS, ConnectionStatusIcon, describeConnectionStatus } from "#web/lib/connection-status.tsx";
import { formatDateTime, formatDay } from "#web/lib/format-date.ts";
import { useDebouncedValue } from "#web/lib/use-debounced-value.ts";
import { etlConnectionsQuery } from "#web/features/data-migration/api/etl-admin-api.ts";
import { ANY, SEARCH_DEBOUNCE_MS, SearchFilter, SelectFilter, selected } from "./etl-filters.tsx";
import { EtlListBody } from "./etl-list-body.tsx";

const STATUS_OPTIONS = CONNECTION_STATUSES.map((status) => ({ value: status, label: CONNECTION_STATUS_LABELS[status] }));
const SOURCE_OPTIONS = DATA_SOURCES.map((source) => ({ value: source.id, label: source.name }));

/** Every organization's data connections, filtered on the server. */
export function EtlConnectionsCard() {
  const [text, setText] = useState("");
  const [status, setStatus] = useState(ANY);
  const [source, setSource] = useState(ANY);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const connections = useQuery(
    etlConnectionsQuery({ q: q || undefined, status: selected<ConnectionStatus>(status), data_source_id: selected<DataSourceId>(source) }),
  );

  return (
    <Card aria-labelledby="etl-connections-title" className="space-y-4">
      <CardHeader>
        <CardTitle id="etl-connections-title">Connections</CardTitle>
        <CardDescription>Each organization&apos;s connections to its old systems. Secrets are never shown.</CardDescription>
      </CardHeader>
      <div className="flex flex-wrap items-end gap-3">
        <SearchFilter
          id="etl-connections-search"
          label="Search connections"
          placeholder="Organization or connection name"
          value={text}
          onChange={setText}
        />
        <SelectFilter id="etl-connections-status" label="Status" anyLabel="All statuses" options={STATUS_OPTIONS} value={status} onChange={setStatus} />
        <SelectFilter
          id="etl-connections-source"
          label="Data source"
          anyLabel="All data sources"
          options={SOURCE_OPTIONS}
          value={source}
          onChange={setSource}
        />
      </div>
      <EtlListBody query={connections} rowsOf={(answer) => answer.connections} noun={["connection", "connections"]}>
        {(answer) => <ConnectionsTable connections={answer.connections} />}
      </EtlListBody>
    </Card>
  );
}

function ConnectionStatusLabel({ connection }: { connection: EtlConnection }) {
  const view = describeConnectionStatus(connection);
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <ConnectionStatusIcon view={view} className="size-4" />
      {view.label}
    </span>
  );
}

function ConnectionsTable({ connections }: { connections: readonly EtlConnection[] }) {
  return (
    <Table>
      <TableCaption className="sr-only">Data connections of every organization</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Organization</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Source</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Last test</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Last activity</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {connections.map((connection) => (
          <TableRow key={connection.id}>
            <TableCell className="font-medium">{connection.organization_name}</TableCell>
            <TableCell>{connection.name}</TableCell>
            <TableCell className="whitespace-nowrap">{findDataSource(connection.data_source_id)?.name ?? connection.data_source_id}</TableCell>
            <TableCell>
              <ConnectionStatusLabel connection={connection} />
            </TableCell>
            <TableCell className="max-w-72">
              <span className="block whitespace-nowrap">{connection.last_tested_at ? formatDateTime(connection.last_tested_at) : "Never"}</span>
              {connection.last_test_error ? (
                <span className="block break-words text-xs text-[var(--color-destructive)]">Failed: {connection.last_test_error}</span>
              ) : null}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDay(connection.created_at)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(connection.last_activity_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
