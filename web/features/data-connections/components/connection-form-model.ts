import { z } from "zod";
import {
  type CreateConnectionBody,
  type DataConnection,
  type UpdateConnectionBody,
  createConnectionBodySchema,
} from "#common/contracts/data-connections";
import { type ConnectionFieldDescriptor, describeConnectionFields } from "#common/domain/data-source-fields";
import type { DataSource } from "#common/domain/data-sources";
import type { FieldIssue } from "#common/errors";

/** What the details form holds: inputs as typed (text, or a checkbox's boolean). */
export interface ConnectionFormValues {
  name: string;
  description: string;
  connection_config: Record<string, string | boolean>;
  /** Optional stored secrets to remove (a database password that is no longer needed). */
  clear_secrets: Record<string, boolean>;
}

/** What the form's schema answers: the details ready to send. */
export interface ConnectionDetails {
  name: string;
  description: string | null;
  connection_config: Record<string, unknown>;
  clear_secrets: Record<string, boolean>;
}

/** Form paths of the fields the server may name in a validation answer. */
export const CONFIG_PREFIX = "connection_config.";

/** The form's field paths in the order it shows them. */
export function fieldPathsOf(source: DataSource): string[] {
  return ["name", "description", ...describeConnectionFields(source).map((descriptor) => `${CONFIG_PREFIX}${descriptor.name}`)];
}

/** Where a form path's input is in the page. */
export function fieldIdOf(path: string): string {
  if (path.startsWith(CONFIG_PREFIX)) return `connection-field-${path.slice(CONFIG_PREFIX.length)}`;
  return path === "name" ? "connection-name" : "connection-description";
}

/**
 * Empty inputs are left out rather than sent: an optional field then stays unset, a field with a
 * default takes it, a required one says it is required, and a stored secret is kept. Secrets
 * are taken as typed (spaces can be part of a password); other text counts as empty when blank.
 */
function omitEmptyInputs(descriptors: readonly ConnectionFieldDescriptor[]) {
  return (config: unknown) => {
    if (typeof config !== "object" || config === null) return config;
    const kept: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(config)) {
      const secret = descriptors.find((descriptor) => descriptor.name === name)?.secret === true;
      const empty = typeof value === "string" && (secret ? value === "" : value.trim() === "");
      if (!empty) kept[name] = value;
    }
    return kept;
  };
}

/**
 * The form's schema, built from the contract's name and description and the source's own field
 * schema, so the browser checks what the server checks. A secret with a stored value may be left
 * empty: the server keeps it.
 */
export function buildConnectionFormSchema(source: DataSource, storedSecrets: readonly string[] = []) {
  const shape = source.fields.shape as Record<string, z.ZodType>;
  const keptSecrets = Object.fromEntries(
    storedSecrets.filter((name) => shape[name] !== undefined).map((name) => [name, (shape[name] as z.ZodType).optional()]),
  );
  const fields = storedSecrets.length > 0 ? source.fields.extend(keptSecrets) : source.fields;
  return z.object({
    name: createConnectionBodySchema.shape.name,
    description: createConnectionBodySchema.shape.description.unwrap(),
    connection_config: z.preprocess(omitEmptyInputs(describeConnectionFields(source)), fields),
    clear_secrets: z.record(z.string(), z.boolean()),
  });
}

function inputValueOf(descriptor: ConnectionFieldDescriptor, value: unknown): string | boolean {
  if (descriptor.input === "checkbox") return value === true;
  if (descriptor.secret) return "";
  if (typeof value === "string" || typeof value === "number") return String(value);
  return "";
}

/** A new connection's form: the source's name and each field's default. */
export function createFormValues(source: DataSource): ConnectionFormValues {
  const config = Object.fromEntries(
    describeConnectionFields(source).map((descriptor) => [descriptor.name, inputValueOf(descriptor, descriptor.defaultValue)]),
  );
  return { name: source.name, description: "", connection_config: config, clear_secrets: {} };
}

/** The stored secrets that may be removed: those the source does not require. */
export function removableSecrets(source: DataSource, storedSecrets: readonly string[]): string[] {
  return describeConnectionFields(source)
    .filter((descriptor) => descriptor.secret && !descriptor.required && storedSecrets.includes(descriptor.name))
    .map((descriptor) => descriptor.name);
}

/** A saved connection's form: its values, and every secret empty (the stored one is kept unless replaced). */
export function editFormValues(source: DataSource, connection: DataConnection): ConnectionFormValues {
  const config = Object.fromEntries(
    describeConnectionFields(source).map((descriptor) => [
      descriptor.name,
      inputValueOf(descriptor, connection.connection_config[descriptor.name] ?? descriptor.defaultValue),
    ]),
  );
  const clear = Object.fromEntries(removableSecrets(source, connection.secrets_set).map((name) => [name, false]));
  return { name: connection.name, description: connection.description ?? "", connection_config: config, clear_secrets: clear };
}

/** A saved connection's configuration to send: a secret marked for removal goes as null (the server then clears it). */
export function configToSend(details: ConnectionDetails): Record<string, unknown> {
  const removed = Object.entries(details.clear_secrets).filter(([, remove]) => remove);
  return { ...details.connection_config, ...Object.fromEntries(removed.map(([name]) => [name, null])) };
}

// The contract turns an empty description into null on the server; the body carries the text.

export function toCreateBody(source: DataSource, details: ConnectionDetails): CreateConnectionBody {
  return {
    data_source_id: source.id,
    name: details.name,
    description: details.description ?? "",
    connection_config: details.connection_config,
  };
}

export function toUpdateBody(details: ConnectionDetails): UpdateConnectionBody {
  return { name: details.name, description: details.description ?? "", connection_config: configToSend(details) };
}

/** The server's field issues split into those the form shows on a field and the rest. */
export function splitFieldIssues(issues: readonly FieldIssue[], source: DataSource) {
  const names = new Set(Object.keys(source.fields.shape));
  const onFields: FieldIssue[] = [];
  const other: string[] = [];
  for (const issue of issues) {
    const known =
      issue.path === "name" || issue.path === "description" || (issue.path.startsWith(CONFIG_PREFIX) && names.has(issue.path.slice(CONFIG_PREFIX.length)));
    if (known) onFields.push(issue);
    else other.push(issue.message);
  }
  return { onFields, other };
}
