import { z } from "zod";
import { singleLineText } from "../contracts/text-fields.ts";

/**
 * The systems a customer migrates from (spec §3 data_connections.data_source_id). Each declares
 * the fields its connection needs once, as a zod object: the web draws the form from it and the
 * server checks connection_config with it. Field labels, secrecy and hints travel as metadata.
 */

export const DATA_SOURCE_IDS = [
  "quickbooks-online",
  "quickbooks-desktop",
  "sage-50",
  "sage-intacct",
  "xero",
  "netsuite",
  "dynamics-gp",
  "postgresql",
  "mysql",
  "csv-files",
] as const;
export type DataSourceId = (typeof DATA_SOURCE_IDS)[number];

/**
 * How a connection is verified: `database` sources are really connected to by "Test connection";
 * `hosted` ones cannot be reached from the portal, so their details are checked and the first sync
 * verifies them; `files` need no connection at all (the migration workbench takes the files).
 */
export type DataSourceKind = "database" | "hosted" | "files";

export interface ConnectionFieldMeta {
  label: string;
  /** Encrypted at rest, never sent back to the browser, never logged. */
  secret?: boolean;
  placeholder?: string;
  help?: string;
}

/** The metadata of connection fields, keyed by the field's schema. */
export const connectionFieldMeta = z.registry<ConnectionFieldMeta>();

function field<T extends z.ZodType>(schema: T, meta: ConnectionFieldMeta): T {
  connectionFieldMeta.add(schema, meta);
  return schema;
}

// Half of a surrogate pair: JSON carries it, but PostgreSQL's jsonb refuses it and UTF-8 cannot encode it.
const LONE_SURROGATE = /\p{Cs}/u;

const text = (label: string, max = 200) =>
  singleLineText(label, max).refine((value) => !LONE_SURROGATE.test(value), { error: `${label} contains an invalid character` });

const secret = (label: string, max = 500) =>
  z
    .string({ error: `${label} is required` })
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((value) => !value.includes("\u0000"), { error: `${label} cannot contain NUL characters` })
    .refine((value) => !LONE_SURROGATE.test(value), { error: `${label} contains an invalid character` });

// A host name (RFC 1123 labels) or an IPv4 / bracket-free IPv6 address.
const HOST_PATTERN = /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:.]+)$/;
const host = (label = "Host") =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .regex(HOST_PATTERN, { error: `${label} must be a host name or an IP address` });

const port = (fallback: number) =>
  z.coerce
    .number({ error: "Port must be a whole number" })
    .int({ error: "Port must be a whole number" })
    .min(1, { error: "Port must be between 1 and 65535" })
    .max(65535, { error: "Port must be between 1 and 65535" })
    .default(fallback);


function databaseFields(defaultPort: number) {
  return z.strictObject({
    host: field(host(), { label: "Host", placeholder: "db.example.com" }),
    port: field(port(defaultPort), { label: "Port" }),
    database: field(text("Database", 63), { label: "Database" }),
    username: field(text("User name", 128), { label: "User name" }),
    password: field(secret("Password").optional(), { label: "Password", secret: true, help: "Leave empty if the server asks for none." }),
    use_ssl: field(z.boolean({ error: "Use SSL must be true or false" }).default(false), {
      label: "Use SSL",
      help: "Encrypt the connection (the server must support SSL).",
    }),
  });
}

/**
 * The fields of a database source that say which server it reaches. A stored password is reused
 * only while all of them stay as saved: sent to another server, it would reach whoever runs it.
 */
export const DATABASE_SERVER_FIELDS = ["host", "port", "database", "username", "use_ssl"] as const;

export interface DataSource {
  id: DataSourceId;
  name: string;
  description: string;
  kind: DataSourceKind;
  /** The connection_config this source needs (strict: unknown keys are refused). */
  fields: z.ZodObject;
}

export const DATA_SOURCES: readonly DataSource[] = [
  {
    id: "quickbooks-online",
    name: "QuickBooks Online",
    description: "Intuit's cloud accounting, through an app registered in the Intuit developer portal.",
    kind: "hosted",
    fields: z.strictObject({
      company_id: field(text("Company ID", 32).pipe(z.string().regex(/^\d{1,32}$/, { error: "Company ID is the number QuickBooks shows as the Realm ID" })), {
        label: "Company ID (Realm ID)",
        placeholder: "123146096291789",
      }),
      client_id: field(text("Client ID"), { label: "Client ID" }),
      client_secret: field(secret("Client secret"), { label: "Client secret", secret: true }),
      environment: field(z.enum(["production", "sandbox"], { error: "Environment must be production or sandbox" }).default("production"), {
        label: "Environment",
      }),
    }),
  },
  {
    id: "quickbooks-desktop",
    name: "QuickBooks Desktop",
    description: "QuickBooks Pro, Premier or Enterprise on a Windows machine, through the QuickBooks Web Connector.",
    kind: "hosted",
    fields: z.strictObject({
      company_file: field(text("Company file", 260), { label: "Company file", placeholder: "C:\\Users\\Public\\Documents\\Company.QBW" }),
      web_connector_username: field(text("Web Connector user name", 128), { label: "Web Connector user name" }),
      web_connector_password: field(secret("Web Connector password"), { label: "Web Connector password", secret: true }),
    }),
  },
  {
    id: "sage-50",
    name: "Sage 50",
    description: "Sage 50 Accounting on a local network, read by the sync agent installed beside it.",
    kind: "hosted",
    fields: z.strictObject({
      company_name: field(text("Company name"), { label: "Company name" }),
      data_path: field(text("Company data folder", 260), { label: "Company data folder", placeholder: "\\\\server\\Sage\\Peachw\\COMPANY" }),
      username: field(text("User name", 128), { label: "User name" }),
      password: field(secret("Password"), { label: "Password", secret: true }),
    }),
  },
  {
    id: "sage-intacct",
    name: "Sage Intacct",
    description: "Sage Intacct's Web Services API, with a sender ID from Sage.",
    kind: "hosted",
    fields: z.strictObject({
      company_id: field(text("Company ID", 100), { label: "Company ID" }),
      entity_id: field(text("Entity ID", 100).optional(), { label: "Entity ID", help: "Only for a multi-entity company; empty for the top level." }),
      user_id: field(text("User ID", 100), { label: "User ID" }),
      user_password: field(secret("User password"), { label: "User password", secret: true }),
      sender_id: field(text("Sender ID", 100), { label: "Sender ID" }),
      sender_password: field(secret("Sender password"), { label: "Sender password", secret: true }),
    }),
  },
  {
    id: "xero",
    name: "Xero",
    description: "Xero's accounting API, through an app registered in the Xero developer portal.",
    kind: "hosted",
    fields: z.strictObject({
      tenant_id: field(z.uuid({ error: "Tenant ID must be the organisation's ID from Xero (a UUID)" }), {
        label: "Tenant ID",
        placeholder: "6e0f1c2a-5b3d-4c7e-9a8b-1d2e3f4a5b6c",
      }),
      client_id: field(text("Client ID"), { label: "Client ID" }),
      client_secret: field(secret("Client secret"), { label: "Client secret", secret: true }),
    }),
  },
  {
    id: "netsuite",
    name: "NetSuite",
    description: "Oracle NetSuite through token-based authentication (an integration record and an access token).",
    kind: "hosted",
    fields: z.strictObject({
      account_id: field(text("Account ID", 40).pipe(z.string().regex(/^\d+(?:[_-][A-Za-z]+\d*)?$/, { error: "Account ID looks like 1234567 or 1234567_SB1" })), {
        label: "Account ID",
        placeholder: "1234567",
      }),
      consumer_key: field(text("Consumer key", 128), { label: "Consumer key" }),
      consumer_secret: field(secret("Consumer secret"), { label: "Consumer secret", secret: true }),
      token_id: field(text("Token ID", 128), { label: "Token ID" }),
      token_secret: field(secret("Token secret"), { label: "Token secret", secret: true }),
    }),
  },
  {
    id: "dynamics-gp",
    name: "Microsoft Dynamics GP",
    description: "Dynamics GP's SQL Server company database, read by the sync agent on the customer's network.",
    kind: "hosted",
    fields: z.strictObject({
      server: field(text("SQL Server", 253), { label: "SQL Server", placeholder: "GPSQL01\\DYNGP" }),
      company_database: field(text("Company database", 128), { label: "Company database", placeholder: "TWO" }),
      username: field(text("User name", 128), { label: "User name" }),
      password: field(secret("Password"), { label: "Password", secret: true }),
    }),
  },
  {
    id: "postgresql",
    name: "PostgreSQL database",
    description: "A PostgreSQL database the portal connects to directly.",
    kind: "database",
    fields: databaseFields(5432),
  },
  {
    id: "mysql",
    name: "MySQL database",
    description: "A MySQL or MariaDB database the portal connects to directly.",
    kind: "database",
    fields: databaseFields(3306),
  },
  {
    id: "csv-files",
    name: "CSV / Excel files",
    description: "Exports from any system, uploaded as CSV in the migration workbench (save Excel sheets as CSV UTF-8).",
    kind: "files",
    fields: z.strictObject({}),
  },
];

export const dataSourceIdSchema = z.enum(DATA_SOURCE_IDS, { error: "Choose a data source" });

export function findDataSource(id: string): DataSource | undefined {
  return DATA_SOURCES.find((source) => source.id === id);
}

export function requireDataSource(id: DataSourceId): DataSource {
  const source = findDataSource(id);
  if (!source) throw new Error(`Unknown data source ${id}`);
  return source;
}
