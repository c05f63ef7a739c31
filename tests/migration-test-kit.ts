import { expect } from "vitest";
import { ORGANIZATION_HEADER } from "#common/contracts/http";
import type { MigrationIssue, StagedRows, UploadReport, UploadResult } from "#common/contracts/data-migration";
import { type MigrationEntityId, requireMigrationEntity } from "#common/domain/migration-entities";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildOrganization, buildUser, call } from "./factories.ts";
import { signNdaOk } from "./onboarding-test-kit.ts";
import { TEST_ORIGIN } from "./test-runtime.ts";

/** Helpers shared by the migration workbench and ETL administration tests: CSV files and uploads. */

/** RFC 4180 quoting of one cell. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Rows of cells as CSV text, each line ended with `eol`. */
export function buildCsv(rows: readonly (readonly string[])[], eol = "\r\n"): string {
  return rows.map((cells) => `${cells.map(csvCell).join(",")}${eol}`).join("");
}

/** The entity's column names, in template order. */
export function columnsOf(entity: MigrationEntityId): string[] {
  return requireMigrationEntity(entity).columns.map((column) => column.name);
}

/** Keys the generator gives row `index` (from 1) of each entity; references point at these. */
export const generatedKey: Record<MigrationEntityId, (index: number) => string> = {
  "chart-of-accounts": (index) => `ACC-${index}`,
  customers: (index) => `CUST-${index}`,
  vendors: (index) => `VEND-${index}`,
  items: (index) => `ITEM-${index}`,
  "open-receivables": (index) => `INV-${index}`,
  "open-payables": (index) => `BILL-${index}`,
};

export interface GeneratorOptions {
  /** The first row's index (1 unless said). */
  start?: number;
  /** How many rows of each referenced entity exist (keys 1…n); rows refer to them in turn. */
  referenced?: number;
}

/** Row `index` of a valid file of `entity`, as column → cell text. */
export function validRow(entity: MigrationEntityId, index: number, referenced = 5): Record<string, string> {
  const pick = (of: MigrationEntityId) => generatedKey[of](((index - 1) % referenced) + 1);
  const key = generatedKey[entity](index);
  const contact = { email: `contact${index}@example.test`, phone: "+1 555 0100", city: "Springfield", country: "us", currency: "usd", payment_terms: "Net 30" };
  switch (entity) {
    case "chart-of-accounts":
      return { account_number: key, account_name: `Account ${index}`, account_type: "income", description: "", is_active: index % 2 ? "yes" : "" };
    case "customers":
      return { customer_id: key, customer_name: `Customer ${index}`, ...contact, credit_limit: "25,000.00" };
    case "vendors":
      return { vendor_id: key, vendor_name: `Vendor ${index}`, ...contact, tax_id: "12-3456789" };
    case "items":
      return { item_id: key, description: `Item ${index}`, item_type: "Stock", unit_of_measure: "EA", unit_price: "19.99", sales_account: pick("chart-of-accounts"), cogs_account: "" };
    case "open-receivables":
      return { invoice_number: key, customer_id: pick("customers"), invoice_date: "2026-10-01", due_date: "2026-10-31", amount: "1250.00", balance: "750", currency: "USD" };
    case "open-payables":
      return { bill_number: key, vendor_id: pick("vendors"), bill_date: "2026-10-03", due_date: "2026-11-02", amount: "980.00", balance: "980.00", currency: "" };
  }
}

/** A valid file of `count` rows of `entity` with every column, CRLF line endings. */
export function validCsv(entity: MigrationEntityId, count: number, options: GeneratorOptions = {}): string {
  const columns = columnsOf(entity);
  const start = options.start ?? 1;
  const rows = Array.from({ length: count }, (_, offset) => {
    const row = validRow(entity, start + offset, options.referenced);
    return columns.map((column) => row[column] ?? "");
  });
  return buildCsv([columns, ...rows]);
}

/**
 * A file of `entity` with the given header and rows: cells the rows leave out are taken from the
 * generator's valid row of the same index (rows start at index 1).
 */
export function csvWith(entity: MigrationEntityId, rows: readonly Record<string, string>[], header = columnsOf(entity)): string {
  return buildCsv([header, ...rows.map((row, offset) => header.map((column) => row[column] ?? validRow(entity, offset + 1)[column] ?? ""))]);
}

export interface UploadOptions {
  fileName?: string;
  /** Content-Type to send; null sends none. text/csv unless said. */
  contentType?: string | null;
  /** The acting organization (employees). */
  org?: string;
  headers?: Record<string, string>;
}

/** POSTs a body to the entity's upload route as `as`, like the browser does. */
export function uploadCsv(
  runtime: Runtime,
  as: TestUser | null,
  entity: string,
  body: string | Uint8Array | ReadableStream<Uint8Array>,
  options: UploadOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...options.headers };
  if (as) {
    headers.cookie = as.cookie;
    headers["x-forwarded-for"] = as.ip;
  }
  if (options.org) headers[ORGANIZATION_HEADER] = options.org;
  const contentType = options.contentType === undefined ? "text/csv" : options.contentType;
  if (contentType !== null) headers["content-type"] = contentType;
  const path = `/api/data-migration/${entity}/upload?file_name=${encodeURIComponent(options.fileName ?? `${entity}.csv`)}`;
  // Node's fetch takes any Uint8Array; the DOM typings want one over an ArrayBuffer.
  const init: RequestInit & { duplex?: "half" } = { method: "POST", headers, body: body as BodyInit };
  if (body instanceof ReadableStream) init.duplex = "half";
  return Promise.resolve(runtime.app.request(path, init));
}

/** Uploads and expects the file to be staged. */
export async function uploadOk(runtime: Runtime, as: TestUser, entity: MigrationEntityId, csv: string, options: UploadOptions = {}): Promise<UploadResult> {
  const response = await uploadCsv(runtime, as, entity, csv, options);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** Uploads and expects the file to be refused (400 validation_failed); the message and the report. */
export async function uploadRefused(
  runtime: Runtime,
  as: TestUser,
  entity: MigrationEntityId,
  csv: string | Uint8Array,
  options: UploadOptions = {},
): Promise<{ message: string; report: UploadReport }> {
  const response = await uploadCsv(runtime, as, entity, csv, options);
  const body = await response.json();
  expect(response.status, JSON.stringify(body).slice(0, 500)).toBe(400);
  expect(body.error.code).toBe("validation_failed");
  return { message: body.error.message, report: body.error.details };
}

/** The report's issues without the values, for compact expectations: [line, column, message]. */
export function issueTriples(issues: readonly MigrationIssue[]): [number | null, string | null, string][] {
  return issues.map((issue) => [issue.line, issue.column, issue.message]);
}

export async function stagedRowsOf(runtime: Runtime, as: TestUser, entity: MigrationEntityId, page = 1, org?: string): Promise<StagedRows> {
  const response = await call(runtime, `/api/data-migration/${entity}/rows?page=${page}`, { as, org });
  expect(response.status).toBe(200);
  return response.json();
}

/** An organization whose member signed the NDA, so the data-setup pages are open to it. */
export async function buildMigrationMember(runtime: Runtime, options: { fullName?: string; organizationName?: string } = {}) {
  const organization = await buildOrganization(runtime, options.organizationName);
  const member = await buildUser(runtime, { organizationId: organization.id, fullName: options.fullName });
  await signNdaOk(runtime, member);
  return { organization, member };
}
