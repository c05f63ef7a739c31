import type { Logger } from "pino";
import type { z } from "zod";
import type {
  CreateConnectionResult,
  DataConnection,
  createConnectionBodySchema,
  updateConnectionBodySchema,
} from "#common/contracts/data-connections";
import { type DataSource, requireDataSource } from "#common/domain/data-sources";
import type { Caller } from "#server/lib/app-context";
import { AppError, isUniqueViolation } from "#server/lib/app-error";
import { upsertPageCompletedElsewhere } from "#server/queries/launchpad-progress.queries";
import { publishEvent } from "#server/realtime/publish-event";
import {
  type ConnectionConfig,
  isSameConnectionConfig,
  parseChangedConnectionConfig,
  parseConnectionConfig,
  requireReadableConfig,
} from "./connection-config.ts";
import { presentConnection } from "./connection-presenter.ts";
import { openConnectionSecrets, sealConnectionSecrets } from "./connection-secrets.ts";
import { logConnectionTest, runRequestedConnectionTest, testRecordOf } from "./connection-test.service.ts";
import { type DataConnectionRow, insertConnection, selectConnectionBySource, updateConnection } from "./data-connections.queries.ts";
import { type DataConnectionDeps, loadConnection, requireConnection } from "./data-connections.service.ts";

type CreateBody = z.output<typeof createConnectionBodySchema>;
type UpdateBody = z.output<typeof updateConnectionBodySchema>;

/** Answered if a change loses a race with another change of the same connection. */
const CONCURRENT_CHANGE_MESSAGE = "This connection was changed at the same time; reload it and try again";

type Verification = Pick<DataConnectionRow, "status" | "lastTestedAt" | "lastTestError">;

/** A change that runs no test: the last test is kept only while the details it tested are. */
function untested(current: DataConnectionRow, status: string, changed: boolean): Verification {
  return changed ? { status, lastTestedAt: null, lastTestError: null } : { status, lastTestedAt: current.lastTestedAt, lastTestError: current.lastTestError };
}

/**
 * A database is tested before it is saved, so a connection never says "connected" unverified;
 * a failed test still saves it, with status error and the reason. Hosted systems are verified
 * at their first sync (never tested here), files need nothing: both start connected.
 */
async function verifyConnection(
  deps: DataConnectionDeps,
  facts: { organizationId: string; connectionId?: string; logger: Logger },
  source: DataSource,
  config: ConnectionConfig,
): Promise<Verification> {
  if (source.kind !== "database") return { status: "connected", lastTestedAt: null, lastTestError: null };
  const result = await runRequestedConnectionTest(deps, facts.organizationId, source, config);
  logConnectionTest(facts.logger, { organizationId: facts.organizationId, dataSourceId: source.id, connectionId: facts.connectionId }, result);
  const record = testRecordOf(result, new Date());
  if (!record) throw new Error(`a database test answered ${result.outcome}`);
  return record;
}

async function existingConnection(deps: DataConnectionDeps, organizationId: string, dataSourceId: string): Promise<DataConnection | undefined> {
  const row = await selectConnectionBySource(deps.db, organizationId, dataSourceId);
  return row ? presentConnection(row) : undefined;
}

/**
 * Creates the organization's connection to a data source. Idempotent: when the organization has
 * one for the source already (found first, or met as a conflict by a racing create) that one is
 * answered with created: false, and nothing is written nor checked (the request may come from a
 * form that knew nothing of it). The first connection completes the launchpad's data-setup page;
 * every new one recalculates the launchpad (its flag may move).
 */
export async function createConnection(
  deps: DataConnectionDeps,
  organizationId: string,
  caller: Caller,
  body: CreateBody,
  logger: Logger,
): Promise<CreateConnectionResult> {
  const source = requireDataSource(body.data_source_id);
  const existing = await existingConnection(deps, organizationId, source.id);
  if (existing) return { connection: existing, created: false };
  const config = parseConnectionConfig(source, body.connection_config);

  const verification = await verifyConnection(deps, { organizationId, logger }, source, config);
  const now = new Date();
  let created: DataConnection | undefined;
  try {
    created = await deps.db.transaction(async (tx) => {
      const row = await insertConnection(tx, {
        organizationId,
        dataSourceId: source.id,
        name: body.name,
        description: body.description ?? null,
        connectionConfig: sealConnectionSecrets(deps.secretBox, organizationId, source, config),
        ...verification,
        createdBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      });
      if (!row) return undefined;
      await upsertPageCompletedElsewhere(tx, organizationId, "data-setup", now);
      await deps.recalculateLaunchpad(tx, organizationId);
      const connection = await loadConnection(tx, organizationId, row.id);
      await publishEvent(tx, organizationId, { type: "dataConnectionChanged", organizationId, connectionId: row.id });
      await publishEvent(tx, organizationId, { type: "launchpadChanged", organizationId });
      return connection;
    });
  } catch (error) {
    // on conflict covers the index; a violation still reaching here is the same race, answered alike.
    if (!isUniqueViolation(error)) throw error;
  }
  if (created) {
    logger.info({ event: "data_connection.created", organizationId, connectionId: created.id, dataSourceId: source.id, status: created.status }, "data connection: created");
    return { connection: created, created: true };
  }
  const raced = await existingConnection(deps, organizationId, source.id);
  if (!raced) throw new AppError("conflict", CONCURRENT_CHANGE_MESSAGE);
  return { connection: raced, created: false };
}

/**
 * Changes a connection. Each part left out stays as it is: pausing or resuming sends only the
 * status, renaming only the name. Secrets left out of a configuration keep their stored values
 * (see parseChangedConnectionConfig). A paused connection is not tested; a database is re-tested
 * when its details changed, or when it is resumed or saved again while not connected, so its
 * status always describes the details it has (a rename alone tests nothing). A hosted system's
 * status is kept, unless new details or resuming make it connected (until its sync says otherwise).
 */
export async function changeConnection(
  deps: DataConnectionDeps,
  organizationId: string,
  connectionId: string,
  body: UpdateBody,
  logger: Logger,
): Promise<DataConnection> {
  const { row, source } = await requireConnection(deps.db, organizationId, connectionId);
  const current = row.connection;
  const stored = openConnectionSecrets(deps.secretBox, organizationId, source, current.connectionConfig);
  const config = body.connection_config === undefined ? undefined : parseChangedConnectionConfig(source, body.connection_config, stored);
  const changed = config !== undefined && (stored.unreadable.length > 0 || !isSameConnectionConfig(config, stored.values));
  const paused = body.status === "disconnected" || (body.status === undefined && current.status === "disconnected");
  const confirmed = config !== undefined || body.status === "connected";

  const retest = !paused && source.kind === "database" && (changed || (confirmed && current.status !== "connected"));
  // Untested, an error (a failed sync) stands until the details change or the connection is resumed.
  const untestedStatus = paused ? "disconnected" : changed || body.status === "connected" ? "connected" : current.status;
  const verification = retest
    ? await verifyConnection(deps, { organizationId, connectionId, logger }, source, config ?? requireReadableConfig(source, stored))
    : untested(current, untestedStatus, changed);

  const connection = await deps.db.transaction(async (tx) => {
    const updated = await updateConnection(tx, organizationId, connectionId, current.connectionConfig, {
      name: body.name ?? current.name,
      description: body.description === undefined ? current.description : body.description,
      connectionConfig: config === undefined ? current.connectionConfig : sealConnectionSecrets(deps.secretBox, organizationId, source, config),
      status: verification.status,
      lastTestedAt: verification.lastTestedAt,
      lastTestError: verification.lastTestError,
      updatedAt: new Date(),
    });
    if (!updated) {
      await requireConnection(tx, organizationId, connectionId);
      throw new AppError("conflict", CONCURRENT_CHANGE_MESSAGE);
    }
    const presented = await loadConnection(tx, organizationId, connectionId);
    await publishEvent(tx, organizationId, { type: "dataConnectionChanged", organizationId, connectionId });
    return presented;
  });
  logger.info({ event: "data_connection.updated", organizationId, connectionId, status: connection.status, detailsChanged: changed }, "data connection: updated");
  return connection;
}
