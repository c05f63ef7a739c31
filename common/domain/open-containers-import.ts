import { z } from "zod";
import { codeCell, choiceCell, dateCell } from "./migration-cells.ts";
import type { MigrationColumn, MigrationEntity, StagedValue } from "./migration-entities.ts";
import { checkContainerNumber, checkLocode, isArrivalOnOrAfterDeparture, normalizeContainerNumber, normalizeLocode } from "./shipping-codes.ts";

/**
 * The CSV import of open containers on Container Management: its columns, checked cell by cell
 * with the migration workbench's cells (migration-cells.ts) and the same report of lines and
 * columns. Type codes and ports must be those of the set-up, so the table is built from them.
 */

/** A few thousand containers are in transit at once even for a large importer. */
export const OPEN_CONTAINERS_MAX_ROWS = 5_000;
export const OPEN_CONTAINERS_MAX_FILE_BYTES = 1024 * 1024;
/** The import answers at most this many rows for the page's table; the count covers them all. */
export const OPEN_CONTAINERS_PREVIEW_ROWS = 100;

export const OPEN_CONTAINER_STATUSES = ["Booked", "In transit", "Arrived", "Customs hold"] as const;

/** One imported container, as kept: codes normalised, dates as written (YYYY-MM-DD). */
export interface OpenContainerRow {
  container_number: string;
  type_code: string;
  origin_port: string;
  destination_port: string;
  etd: string;
  eta: string;
  status: string;
  bill_of_lading: string | null;
}

function containerNumberCell() {
  return z
    .string()
    .trim()
    .transform((value, context) => {
      const problem = checkContainerNumber(value);
      if (problem) {
        context.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return normalizeContainerNumber(value);
    });
}

/** A code that must be one of `listed` (upper-case); `what` names the list in the message. */
function listedCell(listed: ReadonlySet<string>, normalize: (value: string) => string, check: (value: string) => string | null, what: string) {
  return z
    .string()
    .trim()
    .transform((value, context) => {
      const problem = check(value);
      const code = normalize(value);
      if (problem || !listed.has(code)) {
        context.addIssue({ code: "custom", message: problem ?? `${code} is not in your ${what}` });
        return z.NEVER;
      }
      return code;
    });
}

const upperCase = (value: string) => value.toUpperCase();
const noCheck = () => null;

function column(name: string, label: string, required: boolean, cell: z.ZodType<StagedValue, string>, description: string, example: string): MigrationColumn {
  return { name, label, required, cell, description, example };
}

/** The columns a file of open containers has, and the checks across a row's cells. */
export function openContainersTable(typeCodes: readonly string[], portCodes: readonly string[]): Pick<MigrationEntity, "columns" | "key" | "references" | "rowRules"> {
  const types = new Set(typeCodes.map(upperCase));
  const ports = new Set(portCodes.map(normalizeLocode));
  const portCell = () => listedCell(ports, normalizeLocode, checkLocode, "ports list");
  return {
    key: "container_number",
    columns: [
      column("container_number", "Container number", true, containerNumberCell(), "ISO 6346, with its check digit.", "CSQU3054383"),
      column("type_code", "Type code", true, listedCell(types, upperCase, noCheck, "container types"), "A container type code of the set-up.", "40HC"),
      column("origin_port", "Origin port", true, portCell(), "A UN/LOCODE of the ports list.", "CNSHA"),
      column("destination_port", "Destination port", true, portCell(), "A UN/LOCODE of the ports list.", "USLAX"),
      column("etd", "ETD", true, dateCell(), "Estimated departure, YYYY-MM-DD.", "2026-03-01"),
      column("eta", "ETA", true, dateCell(), "Estimated arrival, YYYY-MM-DD, not before the ETD.", "2026-03-28"),
      column("status", "Status", true, choiceCell(OPEN_CONTAINER_STATUSES), `One of: ${OPEN_CONTAINER_STATUSES.join(", ")}.`, "In transit"),
      column("bill_of_lading", "Bill of lading", false, codeCell(35), "The bill of lading number, when issued.", "MAEU123456789"),
    ],
    references: [],
    rowRules: [
      {
        columns: ["etd", "eta"],
        reportOn: "eta",
        check: (row) => (isArrivalOnOrAfterDeparture(String(row.etd), String(row.eta)) ? null : `Must be on or after the ETD (${String(row.etd)})`),
      },
      {
        columns: ["origin_port", "destination_port"],
        reportOn: "destination_port",
        check: (row) => (row.origin_port === row.destination_port ? "Must be another port than the origin" : null),
      },
    ],
  };
}

/** The header row of a file of open containers, for the page to show. */
export const OPEN_CONTAINER_COLUMNS = ["container_number", "type_code", "origin_port", "destination_port", "etd", "eta", "status", "bill_of_lading"] as const;
