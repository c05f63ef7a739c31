import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { vi } from "vitest";
import type { MigrationEntityState, MigrationOverview, StagedDataset, UploadReport, EtlConnection, EtlDataset } from "#common/contracts/data-migration";
import type { CurrentUser } from "#common/contracts/account";
import { MIGRATION_ENTITY_IDS, type MigrationEntityId } from "#common/domain/migration-entities";
import { ANA } from "#web/lib/testing/current-user.tsx";

/** Test-only: datasets, reports and overviews of the migration workbench and the ETL team's lists. */

export const ORGANIZATION_ID = ANA.organization_id ?? "0b5c3c4e-8f59-4a8e-9d7a-2f6c1b7e9a10";
export const OTHER_ORGANIZATION_ID = "6f1d2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b";

/** An employee of the provider: the ETL team. */
export const ETL_EMPLOYEE: CurrentUser = {
  ...ANA,
  id: "user-eve",
  email: "eve@provider.example",
  full_name: "Eve Santos",
  role: "employee",
  is_employee: true,
  organization_id: null,
};

let counter = 0;
function nextId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`;
}

export function stagedDataset(entity: MigrationEntityId, overrides: Partial<StagedDataset> = {}): StagedDataset {
  return {
    id: nextId(),
    organization_id: ORGANIZATION_ID,
    entity,
    status: "staged",
    file_name: `${entity}.csv`,
    row_count: 120,
    staged_by_name: "Ana Lima",
    staged_at: "2030-01-02T09:30:00.000Z",
    review_comment: null,
    reviewed_by_name: null,
    reviewed_at: null,
    updated_at: "2030-01-02T09:30:00.000Z",
    ...overrides,
  };
}

export function uploadReport(entity: MigrationEntityId, overrides: Partial<UploadReport> = {}): UploadReport {
  return {
    entity,
    file_name: `${entity}.csv`,
    outcome: "refused",
    total_rows: 120,
    valid_rows: 118,
    error_rows: 2,
    issue_count: 2,
    issues: [
      { line: 5, column: "email", message: "Must be an email address", value: "ana(at)example" },
      { line: 9, column: "customer_id", message: "Duplicate of line 3", value: "CUST-0001" },
    ],
    missing_references: [],
    uploaded_by_name: "Ana Lima",
    uploaded_at: "2030-01-03T10:00:00.000Z",
    ...overrides,
  };
}

/** Every entity, in order; `states` replaces the named ones (nothing uploaded otherwise). */
export function overviewWith(states: Partial<Record<MigrationEntityId, Partial<MigrationEntityState>>> = {}): MigrationOverview {
  return {
    entities: MIGRATION_ENTITY_IDS.map((entity) => ({ entity, dataset: null, last_upload: null, ...states[entity] })),
  };
}

export function etlConnection(overrides: Partial<EtlConnection> = {}): EtlConnection {
  return {
    id: nextId(),
    organization_id: ORGANIZATION_ID,
    organization_name: "Acme Corp",
    data_source_id: "postgresql",
    name: "Warehouse database",
    status: "connected",
    last_tested_at: "2030-01-04T08:00:00.000Z",
    last_test_error: null,
    created_at: "2030-01-01T08:00:00.000Z",
    last_activity_at: "2030-01-04T08:00:00.000Z",
    ...overrides,
  };
}

export function etlDataset(entity: MigrationEntityId, overrides: Partial<EtlDataset> = {}): EtlDataset {
  return { ...stagedDataset(entity), organization_name: "Acme Corp", ...overrides };
}

/**
 * Answers GET `path` with `csv` as text/csv, which the JSON fake API cannot, and passes every other
 * request on to the fetch installed before; returns the headers of the CSV requests.
 */
export function answerCsvDownload(path: string, csv: string, fileName: string): Headers[] {
  const requests: Headers[] = [];
  const passOn = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== path) return passOn(input, init);
    requests.push(new Headers(init?.headers));
    return Promise.resolve(new Response(csv, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${fileName}"` } }));
  });
  return requests;
}

/** The actions a staged dataset's menu on /etl-admin offers, by the row's "<organization>, <entity>, <file>". */
export async function datasetActions(user: UserEvent, what: string): Promise<string[]> {
  await user.click(await screen.findByRole("button", { name: `Actions for ${what}` }));
  const items = await screen.findAllByRole("menuitem");
  const names = items.map((item) => item.textContent ?? "");
  await user.keyboard("{Escape}");
  return names;
}

/** Chooses an action ("Download CSV", "Mark loaded", "Mark rejected") from a staged dataset's menu. */
export async function chooseDatasetAction(user: UserEvent, what: string, action: string): Promise<void> {
  await user.click(await screen.findByRole("button", { name: `Actions for ${what}` }));
  await user.click(await screen.findByRole("menuitem", { name: action }));
}
