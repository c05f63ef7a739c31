import { describeConnectionFields } from "#common/domain/data-source-fields";
import { DATABASE_SERVER_FIELDS, type DataSource } from "#common/domain/data-sources";
import type { FieldIssue } from "#common/errors";
import { AppError } from "#server/lib/app-error";

/**
 * connection_config as the client sends it, checked against the source's own schema. Three rules
 * sit in front of the schema: an optional field sent empty ("" or null) is left out (a blank
 * field takes its default); a secret sent empty is "not given" (on a new connection a required
 * one is then missing, on a saved one the stored value is kept); null clears an optional secret of
 * a saved connection (the database password). A database's stored password is kept only while the
 * server it was entered for stays the same (DATABASE_SERVER_FIELDS): otherwise anyone allowed to
 * edit the connection could point it at their own server and receive the password.
 */

export type ConnectionConfig = Record<string, unknown>;

/** Stored plain values of a saved connection, and the secrets that could not be opened. */
export interface StoredConfig {
  values: ConnectionConfig;
  /** Secret fields whose stored envelope does not open (key rotated away, copied from elsewhere). */
  unreadable: string[];
}

const isEmpty = (value: unknown) => value === "" || value === null;

function fieldsOf(source: DataSource) {
  return describeConnectionFields(source);
}

function refuse(issues: FieldIssue[]): never {
  const first = issues[0];
  throw new AppError("validation_failed", first ? `${first.path}: ${first.message}` : "The connection details are not valid", issues);
}

/** Drops empty optional fields and empty secrets, as the rules above say. */
function withoutEmptyFields(source: DataSource, input: ConnectionConfig): ConnectionConfig {
  const result: ConnectionConfig = { ...input };
  for (const field of fieldsOf(source)) {
    if ((field.secret || !field.required) && isEmpty(result[field.name])) delete result[field.name];
  }
  return result;
}

/** Validates a new connection's configuration: the source's values with its defaults applied. */
export function parseConnectionConfig(source: DataSource, input: ConnectionConfig): ConnectionConfig {
  const parsed = source.fields.safeParse(withoutEmptyFields(source, input));
  if (parsed.success) return parsed.data as ConnectionConfig;
  refuse(parsed.error.issues.map((issue) => ({ path: ["connection_config", ...issue.path].join("."), message: issue.message })));
}

/** Messages of a secret that cannot be reused; the form shows them on the secret's field. */
export function unreadableSecretMessage(label: string): string {
  return `The stored ${label.toLowerCase()} can no longer be read; enter it again`;
}
export function serverChangedMessage(label: string): string {
  return `Enter the ${label.toLowerCase()} again: the server details changed`;
}

/** Whether a database configuration reaches the same server, as the same user, as the stored one. */
function isSameServer(input: ConnectionConfig, stored: ConnectionConfig): boolean {
  return DATABASE_SERVER_FIELDS.every((field) => JSON.stringify(input[field]) === JSON.stringify(stored[field]));
}

/**
 * A saved connection's configuration with the change applied: secrets left out or sent as ""
 * keep their stored values, null clears them, any other value replaces them. Then validated.
 * A database's stored secret is kept only while its server details are unchanged.
 */
export function parseChangedConnectionConfig(source: DataSource, input: ConnectionConfig, stored: StoredConfig): ConnectionConfig {
  const merged: ConnectionConfig = { ...input };
  const issues: FieldIssue[] = [];
  const kept: { name: string; label: string }[] = [];
  for (const field of fieldsOf(source).filter((descriptor) => descriptor.secret)) {
    const sent = input[field.name];
    if (sent === null) {
      delete merged[field.name];
    } else if (sent === undefined || sent === "") {
      if (stored.unreadable.includes(field.name)) {
        issues.push({ path: `connection_config.${field.name}`, message: unreadableSecretMessage(field.label) });
      } else if (stored.values[field.name] !== undefined) {
        merged[field.name] = stored.values[field.name];
        kept.push(field);
      } else {
        delete merged[field.name];
      }
    }
  }
  if (issues.length > 0) refuse(issues);
  const config = parseConnectionConfig(source, merged);
  if (source.kind === "database" && kept.length > 0 && !isSameServer(config, stored.values)) {
    refuse(kept.map((field) => ({ path: `connection_config.${field.name}`, message: serverChangedMessage(field.label) })));
  }
  return config;
}

/**
 * The saved configuration as it stands, for testing it again (resuming a paused connection):
 * refused when one of its secrets can no longer be read.
 */
export function requireReadableConfig(source: DataSource, stored: StoredConfig): ConnectionConfig {
  const unreadable = fieldsOf(source).filter((field) => stored.unreadable.includes(field.name));
  if (unreadable.length > 0) {
    refuse(unreadable.map((field) => ({ path: `connection_config.${field.name}`, message: unreadableSecretMessage(field.label) })));
  }
  return stored.values;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, entry]) => [key, canonical(entry)]));
  }
  return value;
}

/** Whether two plain configurations say the same (key order aside). */
export function isSameConnectionConfig(a: ConnectionConfig, b: ConnectionConfig): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
