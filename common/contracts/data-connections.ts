import { z } from "zod";
import { dataSourceIdSchema } from "../domain/data-sources.ts";
import { defineRoute } from "./http.ts";
import { singleLineText } from "./text-fields.ts";

/** Data connections (spec §3 data_connections, §4, §8): one per organization and data source. */

export const CONNECTION_STATUSES = ["connected", "error", "disconnected"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const CONNECTION_NAME_MAX = 100;
export const CONNECTION_DESCRIPTION_MAX = 500;
/** How long "Test connection" waits for a database to answer. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;
/** A test lists at most this many tables (the count covers them all). */
export const CONNECTION_TEST_MAX_TABLES = 200;

/** The spec's texts (§8). */
export const DATA_CONNECTION_MESSAGES = {
  loadFailed: "Failed to load data connections",
  noOrganization: "No organization selected",
  createFailed: "Failed to create data connection",
  updateFailed: "Failed to update data connection",
  deleteFailed: "Failed to delete data connection",
  alreadyExists: "Connection Already Exists",
} as const;

/** What a hosted source's test says: the portal cannot reach it, so nothing pretends it connected. */
export const VERIFIED_AT_FIRST_SYNC_MESSAGE =
  "The details are complete. The portal cannot reach this system from here, so the connection will be verified when the first sync runs.";
export const FILES_NEED_NO_TEST_MESSAGE = "Files need no connection: upload them in the migration workbench on the Data Setup page.";

const description = z
  .string()
  .trim()
  .max(CONNECTION_DESCRIPTION_MAX, { error: `Description must be at most ${CONNECTION_DESCRIPTION_MAX} characters` })
  .refine((text) => !text.includes("\u0000"), { error: "Description cannot contain NUL characters" })
  .transform((text) => (text === "" ? null : text));

/** connection_config as sent: checked against the source's own schema by the server. */
const connectionConfigInput = z.record(z.string(), z.unknown(), { error: "connection_config must be an object" });

export const dataConnectionSchema = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  data_source_id: dataSourceIdSchema,
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(CONNECTION_STATUSES),
  /** The configuration without its secrets (they never leave the server). */
  connection_config: z.record(z.string(), z.unknown()),
  /** The secret fields that hold a stored value (shown masked). */
  secrets_set: z.array(z.string()),
  last_tested_at: z.string().nullable(),
  /** What the last test said when it failed; null otherwise. */
  last_test_error: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DataConnection = z.infer<typeof dataConnectionSchema>;

export const dataConnectionListSchema = z.object({
  /** Newest first. */
  connections: z.array(dataConnectionSchema),
});
export type DataConnectionList = z.infer<typeof dataConnectionListSchema>;

export const createConnectionBodySchema = z.object({
  data_source_id: dataSourceIdSchema,
  name: singleLineText("Name", CONNECTION_NAME_MAX),
  description: description.optional(),
  connection_config: connectionConfigInput,
});
export type CreateConnectionBody = z.input<typeof createConnectionBodySchema>;

export const createConnectionResultSchema = z.object({
  connection: dataConnectionSchema,
  /** False when the organization already had a connection for this source: that one is answered. */
  created: z.boolean(),
});
export type CreateConnectionResult = z.infer<typeof createConnectionResultSchema>;

/**
 * Each part is optional: what is left out stays as it is (pausing sends only the status, so it
 * never writes back a stale copy of the rest).
 */
export const updateConnectionBodySchema = z.object({
  name: singleLineText("Name", CONNECTION_NAME_MAX).optional(),
  description: description.optional(),
  /**
   * The whole configuration. Secret fields left out (or empty) keep their stored values — for a
   * database only while host, port, database, user name and SSL stay the same, so a stored password
   * is never sent to a server it was not entered for; null clears an optional one (the password).
   */
  connection_config: connectionConfigInput.optional(),
  /** Pause (disconnected) or resume (connected) the connection; unchanged when absent. */
  status: z.enum(["connected", "disconnected"], { error: "status must be connected or disconnected" }).optional(),
});
export type UpdateConnectionBody = z.input<typeof updateConnectionBodySchema>;

export const testConnectionBodySchema = z.object({
  data_source_id: dataSourceIdSchema,
  connection_config: connectionConfigInput,
  /**
   * A saved connection: its stored secrets fill the ones left out (for a database, only while the
   * server details are unchanged), and the result is recorded on it.
   */
  connection_id: z.uuid({ error: "connection_id must be a connection id" }).optional(),
});
export type TestConnectionBody = z.input<typeof testConnectionBodySchema>;

export const connectionTableSchema = z.object({ schema: z.string(), name: z.string() });

export const connectionTestResultSchema = z.discriminatedUnion("outcome", [
  z.object({
    outcome: z.literal("connected"),
    message: z.string(),
    server_version: z.string(),
    /** The tables the user can read, at most CONNECTION_TEST_MAX_TABLES. */
    tables: z.array(connectionTableSchema),
    table_count: z.number().int(),
    duration_ms: z.number().int(),
  }),
  /** The portal tried and could not connect (refused, timed out, wrong credentials…). */
  z.object({ outcome: z.literal("failed"), message: z.string(), duration_ms: z.number().int() }),
  /** A hosted system: the details are valid; the first sync verifies them. */
  z.object({ outcome: z.literal("deferred"), message: z.string() }),
  /** Files: nothing to connect to. */
  z.object({ outcome: z.literal("not_needed"), message: z.string() }),
]);
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

export const deleteConnectionResultSchema = z.object({ deleted_id: z.uuid() });

const tag = "Data connections";
const base = "/api/data-connections";
const one = `${base}/:connectionId`;

export const listConnectionsRoute = defineRoute({
  id: "listDataConnections", method: "get", path: base, tag, access: "organization", item: "data-setup",
  summary: "The organization's data connections, newest first (secrets left out)",
  response: dataConnectionListSchema,
});
export const getConnectionRoute = defineRoute({
  id: "getDataConnection", method: "get", path: one, tag, access: "organization", item: "data-setup",
  summary: "One data connection (secrets left out)",
  response: dataConnectionSchema,
});
export const createConnectionRoute = defineRoute({
  id: "createDataConnection", method: "post", path: base, tag, access: "organization", item: "data-setup",
  summary: "Create the organization's connection to a data source; idempotent: an existing one for the source is answered (200, created: false)",
  body: createConnectionBodySchema, response: createConnectionResultSchema, successStatus: 201,
});
export const updateConnectionRoute = defineRoute({
  id: "updateDataConnection", method: "put", path: one, tag, access: "organization", item: "data-setup",
  summary: "Change a connection's name, description, configuration or paused state (secrets left empty are kept)",
  body: updateConnectionBodySchema, response: dataConnectionSchema,
});
export const deleteConnectionRoute = defineRoute({
  id: "deleteDataConnection", method: "delete", path: one, tag, access: "organization", item: "data-setup",
  summary: "Delete a data connection",
  response: deleteConnectionResultSchema,
});
export const testConnectionRoute = defineRoute({
  id: "testDataConnection", method: "post", path: `${base}/test`, tag, access: "organization", item: "data-setup",
  summary: "Test connection details: databases are really connected to (with a timeout) and their readable tables listed",
  body: testConnectionBodySchema, response: connectionTestResultSchema,
});
