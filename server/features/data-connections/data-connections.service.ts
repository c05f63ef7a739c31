import type { Logger } from "pino";
import { CONNECTION_TEST_TIMEOUT_MS, type DataConnection, type DataConnectionList } from "#common/contracts/data-connections";
import { type DataSource, findDataSource } from "#common/domain/data-sources";
import type { SecretBox } from "#server/crypto/secret-box";
import type { Database, Queryable, Transaction } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { presentConnection } from "./connection-presenter.ts";
import type { ConnectionTestLimiter } from "./connection-test-limiter.ts";
import { type ConnectionWithCreatorRow, deleteConnection, selectConnection, selectConnections } from "./data-connections.queries.ts";

export interface DataConnectionDeps {
  db: Database;
  /** Seals connection secrets at rest. */
  secretBox: SecretBox;
  /** Connection tests may reach loopback and private addresses (DATA_CONNECTION_ALLOW_PRIVATE_NETWORKS). */
  allowPrivateNetworks: boolean;
  /**
   * Recomputes the launchpad's readings (forced) inside the write's transaction: the launchpad
   * feature owns them, and the app wires its function in here.
   */
  recalculateLaunchpad: (tx: Transaction, organizationId: string) => Promise<unknown>;
  /** How long a connection test may take; CONNECTION_TEST_TIMEOUT_MS unless a test shortens it. */
  connectionTestTimeoutMs?: number;
  /** Bounds the database tests running at once (one per app). */
  connectionTests: ConnectionTestLimiter;
}

/** The one answer for an id that is unknown, malformed or another organization's. */
export const CONNECTION_NOT_FOUND = "Data connection not found";

export function connectionTestTimeout(deps: DataConnectionDeps): number {
  return deps.connectionTestTimeoutMs ?? CONNECTION_TEST_TIMEOUT_MS;
}

/** A saved connection of the organization and its data source, or 404. */
export async function requireConnection(
  db: Queryable,
  organizationId: string,
  connectionId: string,
): Promise<{ row: ConnectionWithCreatorRow; source: DataSource }> {
  const row = await selectConnection(db, organizationId, connectionId);
  // A row of a source this version does not offer cannot be read safely (see presentConnection).
  const source = row ? findDataSource(row.connection.dataSourceId) : undefined;
  if (!row || !source) throw new AppError("not_found", CONNECTION_NOT_FOUND);
  return { row, source };
}

/** The presented connection, read inside the write's transaction. */
export async function loadConnection(db: Queryable, organizationId: string, connectionId: string): Promise<DataConnection> {
  const row = await selectConnection(db, organizationId, connectionId);
  const connection = row ? presentConnection(row) : undefined;
  if (!connection) throw new AppError("not_found", CONNECTION_NOT_FOUND);
  return connection;
}

export async function listConnections(db: Database, organizationId: string): Promise<DataConnectionList> {
  const rows = await selectConnections(db, organizationId);
  return { connections: rows.map(presentConnection).filter((connection): connection is DataConnection => connection !== undefined) };
}

export function getConnection(db: Database, organizationId: string, connectionId: string): Promise<DataConnection> {
  return loadConnection(db, organizationId, connectionId);
}

/**
 * Deletes a connection. The launchpad is recalculated: the last connection gone, its "data
 * connection exists" flag drops (the data-setup page stays completed, as a completed step does).
 */
export async function removeConnection(deps: DataConnectionDeps, organizationId: string, connectionId: string, logger: Logger): Promise<{ deleted_id: string }> {
  await deps.db.transaction(async (tx) => {
    if (!(await deleteConnection(tx, organizationId, connectionId))) throw new AppError("not_found", CONNECTION_NOT_FOUND);
    await deps.recalculateLaunchpad(tx, organizationId);
    await publishEvent(tx, organizationId, { type: "dataConnectionChanged", organizationId, connectionId });
    await publishEvent(tx, organizationId, { type: "launchpadChanged", organizationId });
  });
  logger.info({ event: "data_connection.deleted", organizationId, connectionId }, "data connection: deleted");
  return { deleted_id: connectionId };
}
