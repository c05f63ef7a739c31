import type { DataConnection } from "#common/contracts/data-connections";
import { type DataSource, findDataSource } from "#common/domain/data-sources";

/** The Data Setup page, which lists the connections. */
export const DATA_SETUP_PATH = "/data-connection";
/** The setup wizard: a new connection, or with ?connection=<id> a saved one. */
export const CONNECTION_SETUP_PATH = "/data-connection/setup";

export function editConnectionPath(connectionId: string): string {
  return `${CONNECTION_SETUP_PATH}?connection=${encodeURIComponent(connectionId)}`;
}

/** The source's name, or its id for a source this version of the portal no longer lists. */
export function sourceNameOf(sourceId: string): string {
  return findDataSource(sourceId)?.name ?? sourceId;
}

export type Verification =
  | { kind: "date"; at: string; failed: boolean }
  | { kind: "text"; text: string };

/**
 * What the Verified column says: only databases are really connected to; a hosted system is
 * verified by its first sync and files need nothing, whatever a test recorded.
 */
export function describeVerification(connection: Pick<DataConnection, "data_source_id" | "last_tested_at" | "last_test_error">): Verification {
  const kind = findDataSource(connection.data_source_id)?.kind;
  if (kind === "hosted") return { kind: "text", text: "At the first sync" };
  if (kind === "files") return { kind: "text", text: "Not needed" };
  if (!connection.last_tested_at) return { kind: "text", text: "Not tested yet" };
  return { kind: "date", at: connection.last_tested_at, failed: connection.last_test_error !== null };
}

/** The source's option as shown to people ("sandbox" → "Sandbox"). */
export function humanizeOption(option: string): string {
  const words = option.replaceAll(/[_-]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Database sources can be tested for real; hosted ones check their details; files have nothing to test. */
export function canTest(source: DataSource | undefined): boolean {
  return source !== undefined && source.kind !== "files";
}
