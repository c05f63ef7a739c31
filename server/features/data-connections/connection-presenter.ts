import { CONNECTION_STATUSES, type ConnectionStatus, type DataConnection } from "#common/contracts/data-connections";
import { describeConnectionFields } from "#common/domain/data-source-fields";
import { type DataSource, findDataSource } from "#common/domain/data-sources";
import { storedSecretFields } from "./connection-secrets.ts";
import type { ConnectionWithCreatorRow } from "./data-connections.queries.ts";

/** Database rows (camelCase) to API answers (snake_case), with every secret left out. */

function isConnectionStatus(status: string): status is ConnectionStatus {
  return (CONNECTION_STATUSES as readonly string[]).includes(status);
}

/** The configuration's non-secret fields the source declares; anything else stays on the server. */
function visibleConfig(source: DataSource, stored: unknown): Record<string, unknown> {
  if (!stored || typeof stored !== "object") return {};
  const config = stored as Record<string, unknown>;
  const visible: Record<string, unknown> = {};
  for (const field of describeConnectionFields(source)) {
    if (!field.secret && config[field.name] !== undefined) visible[field.name] = config[field.name];
  }
  return visible;
}

/**
 * Undefined for a row whose data source this version does not offer: without the source's
 * schema nothing tells which of its fields are secret, so none of it is shown.
 */
export function presentConnection(row: ConnectionWithCreatorRow): DataConnection | undefined {
  const { connection } = row;
  const source = findDataSource(connection.dataSourceId);
  if (!source) return undefined;
  return {
    id: connection.id,
    organization_id: connection.organizationId,
    data_source_id: source.id,
    name: connection.name,
    description: connection.description,
    // The table's check constraint allows these three only.
    status: isConnectionStatus(connection.status) ? connection.status : "error",
    connection_config: visibleConfig(source, connection.connectionConfig),
    secrets_set: storedSecretFields(source, connection.connectionConfig),
    last_tested_at: connection.lastTestedAt?.toISOString() ?? null,
    last_test_error: connection.lastTestError,
    created_by_name: row.creatorName,
    created_at: connection.createdAt.toISOString(),
    updated_at: connection.updatedAt.toISOString(),
  };
}
