import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import pg from "pg";
import { expect } from "./portal-fixtures.ts";

/**
 * Steps the data-setup specs share: a throwaway source database on the machine's PostgreSQL for a
 * connection to really test against, the wizard's steps, and customer files for the workbench.
 */

const ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface SourceDatabase {
  name: string;
  host: string;
  port: string;
  user: string;
  /** The table the connection test must list. */
  table: string;
  drop: () => Promise<void>;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A database standing for the customer's old system, with one table, on the local PostgreSQL. */
export async function createSourceDatabase(): Promise<SourceDatabase> {
  const name = `e2e_legacy_${randomUUID().slice(0, 8)}`;
  const admin = new URL(ADMIN_URL);
  await withClient(ADMIN_URL, (client) => client.query(`create database ${name}`));
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  await withClient(databaseUrl.toString(), (client) =>
    client.query("create table legacy_customers (id integer primary key, name text not null)"),
  );
  return {
    name,
    host: admin.hostname,
    port: admin.port || "5432",
    user: decodeURIComponent(admin.username) || "postgres",
    table: "public.legacy_customers",
    drop: () => withClient(ADMIN_URL, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** Step 1 of /data-connection/setup: picks the source and continues to its details. */
export async function chooseSource(page: Page, sourceName: string) {
  await expect(page.getByRole("heading", { name: "Choose the source", level: 2 })).toBeVisible();
  await page.getByRole("radio", { name: sourceName, exact: true }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Details", level: 2 })).toBeVisible();
}

/** A field of the wizard by its label; required fields' labels end with a "*" mark. */
export function wizardField(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`));
}

/** Step 2 for a PostgreSQL source: the connection's name and the database's details, then on to step 3. */
export async function fillPostgresDetails(page: Page, name: string, database: SourceDatabase) {
  await wizardField(page, "Name").fill(name);
  await wizardField(page, "Host").fill(database.host);
  await wizardField(page, "Port").fill(database.port);
  await wizardField(page, "Database").fill(database.name);
  await wizardField(page, "User name").fill(database.user);
  // The local server trusts loopback connections; a password is sent all the same.
  await wizardField(page, "Password").fill("not-checked-by-this-server");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Test and save", level: 2 })).toBeVisible();
}

/** A customers file for the workbench: `rows` of [customer_id, customer_name, email, credit_limit]. */
export function customersCsv(rows: readonly (readonly [string, string, string, string])[]): Buffer {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = ["customer_id,customer_name,email,credit_limit", ...rows.map((row) => row.map(cell).join(","))];
  return Buffer.from(`${lines.join("\r\n")}\r\n`);
}

/** Uploads `content` as customers.csv through the Customers card's file input. */
export async function uploadCustomers(page: Page, content: Buffer) {
  await page.getByLabel("Customers CSV file").setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: content });
}

/** The workbench's card of an entity. */
export function entityCard(page: Page, entity: string): Locator {
  return page.getByTestId(`migration-entity-${entity}`);
}
