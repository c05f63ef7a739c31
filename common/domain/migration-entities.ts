import type { z } from "zod";
import {
  amountCell,
  booleanCell,
  choiceCell,
  codeCell,
  countryCell,
  currencyCell,
  dateCell,
  emailCell,
  signedAmountCell,
  textCell,
} from "./migration-cells.ts";
import type { MigrationEntityId } from "./migration-entity-ids.ts";

/**
 * What the migration workbench takes (issue: customers, vendors, items, chart of accounts, open
 * receivables and payables): each entity's columns, its key, the rows of other entities it refers
 * to, and the checks across a row's cells. The CSV template, the validator and the preview all read
 * these declarations; nothing else lists the columns.
 */

export { MIGRATION_ENTITY_IDS, type MigrationEntityId } from "./migration-entity-ids.ts";

/** A cell's clean value as staged: text, cents, a boolean, or null for an empty optional cell. */
export type StagedValue = string | number | boolean | null;

export interface MigrationColumn {
  name: string;
  label: string;
  required: boolean;
  /** Checks a non-empty cell and yields the staged value. */
  cell: z.ZodType<StagedValue, string>;
  description: string;
  example: string;
}

/** A column whose value must be the key of a row staged for another entity. */
export interface MigrationReference {
  column: string;
  entity: MigrationEntityId;
  /** The issue for a value the other entity's staged rows do not have. */
  message: (value: string) => string;
}

/** A check across the cells of one row; runs only when every cell it reads passed its own check. */
export interface MigrationRowRule {
  columns: readonly string[];
  /** The column the issue is reported on. */
  reportOn: string;
  check: (row: Readonly<Record<string, StagedValue>>) => string | null;
}

export interface MigrationEntity {
  id: MigrationEntityId;
  label: string;
  /** One row of it, in words ("customer"). */
  singular: string;
  description: string;
  columns: readonly MigrationColumn[];
  /** The column that identifies a row: unique in a file, and what references point at. */
  key: string;
  references: readonly MigrationReference[];
  rowRules: readonly MigrationRowRule[];
}

/** Limits of one upload (a 50,000-row file of any entity fits well within them). */
export const MIGRATION_MAX_FILE_BYTES = 30 * 1024 * 1024;
export const MIGRATION_MAX_ROWS = 100_000;
/** The longest line a file may have, in bytes: a real row is a few hundred. */
export const MIGRATION_MAX_LINE_BYTES = 256 * 1024;
/** The most values a row may have (entities have at most 13 columns; spreadsheets pad some empty ones). */
export const MIGRATION_MAX_ROW_CELLS = 200;
/** The report keeps this many issues; the counts still cover every row. */
export const MIGRATION_MAX_REPORTED_ISSUES = 1_000;
export const MIGRATION_PREVIEW_PAGE_SIZE = 50;
/** An issue quotes at most this many characters of the offending cell. */
export const MIGRATION_ISSUE_VALUE_MAX = 100;

const ACCOUNT_TYPES = ["Asset", "Liability", "Equity", "Income", "Expense"] as const;
const ITEM_TYPES = ["Stock", "Non-Stock", "Service"] as const;

function column(
  name: string,
  label: string,
  required: boolean,
  cell: z.ZodType<StagedValue, string>,
  description: string,
  example: string,
): MigrationColumn {
  return { name, label, required, cell, description, example };
}

const contactColumns = (who: string): MigrationColumn[] => [
  column("email", "Email", false, emailCell(), `The ${who}'s main email address.`, "ap@northwind.example"),
  column("phone", "Phone", false, textCell(40), "Any format.", "+1 555 0100"),
  column("address_line1", "Address", false, textCell(200), "Street and number.", "100 Main Street"),
  column("city", "City", false, textCell(100), "", "Springfield"),
  column("state", "State or region", false, textCell(100), "", "IL"),
  column("postal_code", "Postal code", false, textCell(20), "", "62701"),
  column("country", "Country", false, countryCell(), "Two-letter ISO code.", "US"),
  column("currency", "Currency", false, currencyCell(), "Three-letter ISO code; the company's currency when empty.", "USD"),
  column("payment_terms", "Payment terms", false, textCell(50), "As named in the old system.", "Net 30"),
];

/** Due date on or after the document date. */
function dueAfterDocumentDate(dateColumn: string, label: string): MigrationRowRule {
  return {
    columns: [dateColumn, "due_date"],
    reportOn: "due_date",
    check: (row) => (String(row.due_date) < String(row[dateColumn]) ? `Due date is before the ${label} date` : null),
  };
}

/**
 * The open balance is part of the amount: of the same sign (a credit memo's balance is negative
 * too) or zero, and no larger than the amount.
 */
const BALANCE_WITHIN_AMOUNT: MigrationRowRule = {
  columns: ["amount", "balance"],
  reportOn: "balance",
  check: (row) => {
    const [amount, balance] = [Number(row.amount), Number(row.balance)];
    if (balance !== 0 && Math.sign(balance) !== Math.sign(amount)) return "Open balance must have the same sign as the amount";
    return Math.abs(balance) > Math.abs(amount) ? "Open balance is larger than the amount" : null;
  },
};

export const MIGRATION_ENTITIES: readonly MigrationEntity[] = [
  {
    id: "chart-of-accounts",
    label: "Chart of accounts",
    singular: "account",
    description: "General ledger accounts. Upload it first: items refer to its accounts.",
    key: "account_number",
    columns: [
      column("account_number", "Account number", true, codeCell(20), "Unique in the file.", "4000"),
      column("account_name", "Account name", true, textCell(100), "", "Product sales"),
      column("account_type", "Account type", true, choiceCell(ACCOUNT_TYPES), ACCOUNT_TYPES.join(", "), "Income"),
      column("description", "Description", false, textCell(255), "", "Revenue from product sales"),
      column("is_active", "Active", false, booleanCell(), "true or false; true when empty.", "true"),
    ],
    references: [],
    rowRules: [],
  },
  {
    id: "customers",
    label: "Customers",
    singular: "customer",
    description: "The people and companies you sell to. Open receivables refer to them.",
    key: "customer_id",
    columns: [
      column("customer_id", "Customer ID", true, codeCell(30), "Unique in the file.", "CUST-0001"),
      column("customer_name", "Customer name", true, textCell(200), "", "Northwind Traders"),
      ...contactColumns("customer"),
      column("credit_limit", "Credit limit", false, amountCell(), "An amount like 25000.00.", "25000.00"),
    ],
    references: [],
    rowRules: [],
  },
  {
    id: "vendors",
    label: "Vendors",
    singular: "vendor",
    description: "The suppliers you buy from. Open payables refer to them.",
    key: "vendor_id",
    columns: [
      column("vendor_id", "Vendor ID", true, codeCell(30), "Unique in the file.", "VEND-0001"),
      column("vendor_name", "Vendor name", true, textCell(200), "", "Contoso Supplies"),
      ...contactColumns("vendor"),
      column("tax_id", "Tax ID", false, textCell(30), "For 1099 reporting.", "12-3456789"),
    ],
    references: [],
    rowRules: [],
  },
  {
    id: "items",
    label: "Items",
    singular: "item",
    description: "Stock and non-stock items and services. Their accounts must be in the uploaded chart of accounts.",
    key: "item_id",
    columns: [
      column("item_id", "Item ID", true, codeCell(30), "Unique in the file.", "WIDGET-100"),
      column("description", "Description", true, textCell(255), "", "Blue widget, 100 mm"),
      column("item_type", "Item type", true, choiceCell(ITEM_TYPES), ITEM_TYPES.join(", "), "Stock"),
      column("unit_of_measure", "Unit of measure", true, textCell(10), "", "EA"),
      column("unit_price", "Unit price", false, amountCell(), "Default selling price.", "19.99"),
      column("unit_cost", "Unit cost", false, amountCell(), "Standard or last cost.", "8.50"),
      column("sales_account", "Sales account", true, codeCell(20), "An account number of the chart of accounts.", "4000"),
      column("cogs_account", "Cost of goods sold account", false, codeCell(20), "An account number of the chart of accounts.", "5000"),
    ],
    references: [
      { column: "sales_account", entity: "chart-of-accounts", message: (value) => `Account ${value} is not in the uploaded chart of accounts` },
      { column: "cogs_account", entity: "chart-of-accounts", message: (value) => `Account ${value} is not in the uploaded chart of accounts` },
    ],
    rowRules: [],
  },
  {
    id: "open-receivables",
    label: "Open receivables",
    singular: "open invoice",
    description: "Customer invoices not yet fully paid. Their customers must be in the uploaded customers.",
    key: "invoice_number",
    columns: [
      column("invoice_number", "Invoice number", true, codeCell(30), "Unique in the file.", "INV-10042"),
      column("customer_id", "Customer ID", true, codeCell(30), "A customer ID of the uploaded customers.", "CUST-0001"),
      column("invoice_date", "Invoice date", true, dateCell(), "YYYY-MM-DD.", "2026-10-01"),
      column("due_date", "Due date", true, dateCell(), "YYYY-MM-DD, not before the invoice date.", "2026-10-31"),
      column("amount", "Amount", true, signedAmountCell(), "The invoice total; negative for a credit memo.", "1250.00"),
      column("balance", "Open balance", true, signedAmountCell(), "What is still owed: at most the amount, with the same sign.", "750.00"),
      column("currency", "Currency", false, currencyCell(), "Three-letter ISO code.", "USD"),
    ],
    references: [{ column: "customer_id", entity: "customers", message: (value) => `Customer ${value} is not in the uploaded customers` }],
    rowRules: [dueAfterDocumentDate("invoice_date", "invoice"), BALANCE_WITHIN_AMOUNT],
  },
  {
    id: "open-payables",
    label: "Open payables",
    singular: "open bill",
    description: "Vendor bills not yet fully paid. Their vendors must be in the uploaded vendors.",
    key: "bill_number",
    columns: [
      column("bill_number", "Bill number", true, codeCell(30), "Unique in the file.", "BILL-2231"),
      column("vendor_id", "Vendor ID", true, codeCell(30), "A vendor ID of the uploaded vendors.", "VEND-0001"),
      column("bill_date", "Bill date", true, dateCell(), "YYYY-MM-DD.", "2026-10-03"),
      column("due_date", "Due date", true, dateCell(), "YYYY-MM-DD, not before the bill date.", "2026-11-02"),
      column("amount", "Amount", true, signedAmountCell(), "The bill total; negative for a vendor credit.", "980.00"),
      column("balance", "Open balance", true, signedAmountCell(), "What is still owed: at most the amount, with the same sign.", "980.00"),
      column("currency", "Currency", false, currencyCell(), "Three-letter ISO code.", "USD"),
    ],
    references: [{ column: "vendor_id", entity: "vendors", message: (value) => `Vendor ${value} is not in the uploaded vendors` }],
    rowRules: [dueAfterDocumentDate("bill_date", "bill"), BALANCE_WITHIN_AMOUNT],
  },
];

export function findMigrationEntity(id: string): MigrationEntity | undefined {
  return MIGRATION_ENTITIES.find((entity) => entity.id === id);
}

export function requireMigrationEntity(id: MigrationEntityId): MigrationEntity {
  const entity = findMigrationEntity(id);
  if (!entity) throw new Error(`Unknown migration entity ${id}`);
  return entity;
}

/**
 * How keys compare, in a file and across entities: trimmed and regardless of case, so "cust-1" and
 * "CUST-1" are the same customer. Staged rows keep this form as their row key.
 */
export function normalizeMigrationKey(value: string): string {
  return value.trim().toUpperCase();
}

/** The entities whose staged rows `entity` refers to, each once. */
export function referencedEntities(entity: MigrationEntity): MigrationEntityId[] {
  return [...new Set(entity.references.map((reference) => reference.entity))];
}

/** The template's file name: "customers-template.csv". */
export function migrationTemplateFileName(entity: MigrationEntity): string {
  return `${entity.id}-template.csv`;
}
