import type { Logger } from "pino";
import {
  type ConnectionTestResult,
  FILES_NEED_NO_TEST_MESSAGE,
  type TestConnectionBody,
  VERIFIED_AT_FIRST_SYNC_MESSAGE,
} from "#common/contracts/data-connections";
import { type DataSource, requireDataSource } from "#common/domain/data-sources";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { type ConnectionConfig, isSameConnectionConfig, parseChangedConnectionConfig, parseConnectionConfig } from "./connection-config.ts";
import { ConnectionTestFailure, type FailureContext, describeConnectionError, timeoutMessage, tooMuchDataMessage } from "./connection-failures.ts";
import { openConnectionSecrets } from "./connection-secrets.ts";
import { type DatabaseProbe, type DatabaseProber, type DatabaseSettings, type ProbeSession, boundProbe, readDatabaseSettings, untilAborted } from "./database-probe.ts";
import { type ConnectionTestRecord, updateConnectionTestResult } from "./data-connections.queries.ts";
import { type DataConnectionDeps, connectionTestTimeout, requireConnection } from "./data-connections.service.ts";
import { probeMysql } from "./mysql-tester.ts";
import { resolveConnectionTarget } from "./network-guard.ts";
import { probePostgres } from "./postgres-tester.ts";
import { PROBE_MAX_BYTES_READ, ProbeSocket } from "./probe-socket.ts";

export interface ConnectionTestOptions {
  allowPrivateNetworks: boolean;
  /** The whole test (lookup, connect, queries) ends within this. */
  timeoutMs: number;
}

const DATABASE_DRIVERS: Record<string, { engine: FailureContext["engine"]; probe: DatabaseProber }> = {
  postgresql: { engine: "PostgreSQL", probe: probePostgres },
  mysql: { engine: "MySQL", probe: probeMysql },
};

function connectedMessage(serverVersion: string, shown: number, total: number): string {
  const tables = `${total} readable table${total === 1 ? "" : "s"}`;
  const listed = total > shown ? ` (the first ${shown} are listed)` : "";
  return `Connected to ${serverVersion}: ${tables}${listed}.`;
}

async function resolveAndProbe(prober: DatabaseProber, settings: DatabaseSettings, options: ConnectionTestOptions, session: ProbeSession): Promise<DatabaseProbe> {
  const target = await resolveConnectionTarget(settings.host, { allowPrivateNetworks: options.allowPrivateNetworks, signal: session.signal });
  // A lookup that answers after the deadline must not connect any more.
  session.signal.throwIfAborted();
  return prober(target, settings, session);
}

/**
 * Connects for real. The deadline answers, and it also ends the attempt: the lookup is cancelled
 * (or, when it cannot be, connects to nothing once it answers) and the sockets are destroyed.
 * A server that sends more than a test needs is cut off the same way.
 */
async function testDatabase(source: DataSource, config: ConnectionConfig, options: ConnectionTestOptions): Promise<ConnectionTestResult> {
  const driver = DATABASE_DRIVERS[source.id];
  if (!driver) throw new Error(`no connection test for the database source ${source.id}`);
  const settings = readDatabaseSettings(config);
  const context: FailureContext = { engine: driver.engine, ...settings, timeoutMs: options.timeoutMs };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const stop = (message: string) => {
    if (!controller.signal.aborted) controller.abort(new ConnectionTestFailure(message));
  };
  const deadline = setTimeout(() => stop(timeoutMessage(context)), options.timeoutMs);
  const session: ProbeSession = {
    timeoutMs: options.timeoutMs,
    signal: controller.signal,
    openSocket: () =>
      new ProbeSocket({ signal: controller.signal, maxBytesRead: PROBE_MAX_BYTES_READ, onTooMuchData: () => stop(tooMuchDataMessage(context, PROBE_MAX_BYTES_READ)) }),
  };
  try {
    const probe = boundProbe(await untilAborted(resolveAndProbe(driver.probe, settings, options, session), controller.signal));
    return {
      outcome: "connected",
      message: connectedMessage(probe.serverVersion, probe.tables.length, probe.tableCount),
      server_version: probe.serverVersion,
      tables: probe.tables,
      table_count: probe.tableCount,
      duration_ms: elapsed(),
    };
  } catch (error) {
    // Once aborted, what the driver says (a closed socket) is a consequence; the reason is the cause.
    const cause: unknown = controller.signal.aborted ? controller.signal.reason : error;
    return { outcome: "failed", message: describeConnectionError(cause, context), duration_ms: elapsed() };
  } finally {
    clearTimeout(deadline);
    // Anything the attempt left open (a socket of a failed handshake) closes with the answer.
    controller.abort();
  }
}

/**
 * Tests validated connection details. Databases are really connected to; a hosted system cannot
 * be reached from the portal, so it is verified at the first sync (and nothing claims otherwise);
 * files need no connection.
 */
export function runConnectionTest(source: DataSource, config: ConnectionConfig, options: ConnectionTestOptions): Promise<ConnectionTestResult> {
  if (source.kind === "hosted") return Promise.resolve({ outcome: "deferred", message: VERIFIED_AT_FIRST_SYNC_MESSAGE });
  if (source.kind === "files") return Promise.resolve({ outcome: "not_needed", message: FILES_NEED_NO_TEST_MESSAGE });
  return testDatabase(source, config, options);
}

/**
 * A test asked for by a request: a database's takes one of the organization's slots while it
 * runs, and is refused with 429 when none is free (see connection-test-limiter.ts).
 */
export function runRequestedConnectionTest(deps: DataConnectionDeps, organizationId: string, source: DataSource, config: ConnectionConfig): Promise<ConnectionTestResult> {
  const options = { allowPrivateNetworks: deps.allowPrivateNetworks, timeoutMs: connectionTestTimeout(deps) };
  if (source.kind !== "database") return runConnectionTest(source, config, options);
  return deps.connectionTests.run(organizationId, () => runConnectionTest(source, config, options));
}

/** What a database test leaves on its connection's row; undefined for the outcomes that test nothing. */
export function testRecordOf(result: ConnectionTestResult, testedAt: Date): ConnectionTestRecord | undefined {
  if (result.outcome === "connected") return { status: "connected", lastTestedAt: testedAt, lastTestError: null };
  if (result.outcome === "failed") return { status: "error", lastTestedAt: testedAt, lastTestError: result.message };
  return undefined;
}

/** Logs the outcome, never the details: they may hold credentials. */
export function logConnectionTest(logger: Logger, facts: { organizationId: string; dataSourceId: string; connectionId?: string }, result: ConnectionTestResult) {
  const durationMs = "duration_ms" in result ? result.duration_ms : undefined;
  logger.info({ event: "data_connection.tested", ...facts, outcome: result.outcome, durationMs }, "data connection: tested");
}

/**
 * "Test connection". With connection_id, the saved connection's secrets fill those left out (a
 * database's only while its server details are unchanged, see parseChangedConnectionConfig), and
 * the outcome is recorded on it when the details tested are the saved ones (a test of edited,
 * unsaved details says nothing about the saved connection).
 */
export async function testConnection(deps: DataConnectionDeps, organizationId: string, body: TestConnectionBody, logger: Logger): Promise<ConnectionTestResult> {
  const source = requireDataSource(body.data_source_id);
  const saved = body.connection_id ? await requireConnection(deps.db, organizationId, body.connection_id) : undefined;
  if (saved && saved.source.id !== source.id) {
    const message = "This connection is to another data source";
    throw new AppError("validation_failed", `data_source_id: ${message}`, [{ path: "data_source_id", message }]);
  }
  const stored = saved ? openConnectionSecrets(deps.secretBox, organizationId, source, saved.row.connection.connectionConfig) : undefined;
  const config = stored ? parseChangedConnectionConfig(source, body.connection_config, stored) : parseConnectionConfig(source, body.connection_config);
  const result = await runRequestedConnectionTest(deps, organizationId, source, config);
  logConnectionTest(logger, { organizationId, dataSourceId: source.id, connectionId: body.connection_id }, result);

  const record = testRecordOf(result, new Date());
  if (saved && stored && record && stored.unreadable.length === 0 && isSameConnectionConfig(config, stored.values)) {
    const connectionId = saved.row.connection.id;
    await deps.db.transaction(async (tx) => {
      if (await updateConnectionTestResult(tx, organizationId, connectionId, saved.row.connection.connectionConfig, record)) {
        await publishEvent(tx, organizationId, { type: "dataConnectionChanged", organizationId, connectionId });
      }
    });
  }
  return result;
}
