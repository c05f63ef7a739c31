import { secretFieldNames } from "#common/domain/data-source-fields";
import type { DataSource } from "#common/domain/data-sources";
import { type SecretBox, SecretBoxError } from "#server/crypto/secret-box";
import type { ConnectionConfig, StoredConfig } from "./connection-config.ts";

/**
 * Secrets inside connection_config are stored as secret-box envelopes. Each is bound to the
 * organization, the data source and the field, so an envelope copied to another organization's
 * row, another source or another field does not open.
 */

export function secretContext(organizationId: string, dataSourceId: string, field: string): string {
  return `data-connection:${organizationId}:${dataSourceId}:${field}`;
}

/** The configuration as stored: each secret value replaced by its envelope. */
export function sealConnectionSecrets(box: SecretBox, organizationId: string, source: DataSource, config: ConnectionConfig): ConnectionConfig {
  const sealed: ConnectionConfig = { ...config };
  for (const field of secretFieldNames(source)) {
    const value = config[field];
    if (typeof value === "string") sealed[field] = box.seal(value, secretContext(organizationId, source.id, field));
  }
  return sealed;
}

/** The stored configuration with its secrets opened; those that do not open are listed, not thrown. */
export function openConnectionSecrets(box: SecretBox, organizationId: string, source: DataSource, stored: unknown): StoredConfig {
  const values: ConnectionConfig = stored && typeof stored === "object" && !Array.isArray(stored) ? { ...(stored as ConnectionConfig) } : {};
  const unreadable: string[] = [];
  for (const field of secretFieldNames(source)) {
    const envelope = values[field];
    if (envelope === undefined) continue;
    try {
      if (typeof envelope !== "string") throw new SecretBoxError("Not an encrypted value");
      values[field] = box.open(envelope, secretContext(organizationId, source.id, field));
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      delete values[field];
      unreadable.push(field);
    }
  }
  return { values, unreadable };
}

/** The secret fields that hold a stored value (whether or not it still opens). */
export function storedSecretFields(source: DataSource, stored: unknown): string[] {
  if (!stored || typeof stored !== "object") return [];
  const config = stored as ConnectionConfig;
  return secretFieldNames(source).filter((field) => typeof config[field] === "string" && config[field] !== "");
}
