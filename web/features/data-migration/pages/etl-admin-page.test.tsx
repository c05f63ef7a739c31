import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EtlConnection, EtlDataset } from "#common/contracts/data-migration";
import { requireDataSource } from "#common/domain/data-sources";
import { renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { ETL_ADMIN_REFETCH_MS, etlConnectionsQuery, etlDatasetsQuery } from "#web/features/data-migration/api/etl-admin-api.ts";
import { ETL_EMPLOYEE, OTHER_ORGANIZATION_ID, datasetActions, etlConnection, etlDataset } from "#web/features/data-migration/migration-test-kit.ts";
import EtlAdminPage from "./etl-admin-page.tsx";

const CONNECTIONS = "GET /api/etl-admin/connections";
const DATASETS = "GET /api/etl-admin/datasets";

afterEach(() => {
  vi.unstubAllGlobals();
});

const when = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
const day = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(iso));

function renderPage(connections: EtlConnection[], datasets: EtlDataset[], totals: { connections?: number; datasets?: number } = {}) {
  const api = installFakeApi({
    [CONNECTIONS]: { body: { connections, total: totals.connections ?? connections.length } },
    [DATASETS]: { body: { datasets, total: totals.datasets ?? datasets.length } },
  });
  renderWithCurrentUser(<EtlAdminPage />, ETL_EMPLOYEE);
  return api;
}

function section(name: string): HTMLElement {
  return screen.getByRole("region", { name });
}

function bodyRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent ?? ""));
}

const sourceName = (id: Parameters<typeof requireDataSource>[0]) => requireDataSource(id).name;
const paths = (api: ReturnType<typeof installFakeApi>, route: string) => api.to(route).map((request) => request.path);

describe("EtlAdminPage", () => {
  it("lists every organization's connections with source, status, last test and activity", async () => {
    renderPage(
      [
        etlConnection({ organization_name: "Acme Corp", name: "Warehouse database", last_test_error: null }),
        etlConnection({
          organization_id: OTHER_ORGANIZATION_ID,
          organization_name: "Globex",
          name: "Books",
          data_source_id: "quickbooks-online",
          status: "error",
          last_tested_at: "2030-01-05T12:00:00.000Z",
          last_test_error: "Password authentication failed for user etl",
        }),
        etlConnection({ organization_name: "Initech", name: "Old ledger", data_source_id: "sage-50", status: "disconnected", last_tested_at: null }),
        etlConnection({ organization_name: "Umbrella", name: "Xero books", data_source_id: "xero", last_tested_at: null }),
      ],
      [],
    );
    expect(screen.getByRole("heading", { name: "ETL Admin", level: 1 })).toBeDefined();
    const table = await within(section("Connections")).findByRole("table", { name: "Data connections of every organization" });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Organization",
      "Name",
      "Source",
      "Status",
      "Last test",
      "Created",
      "Last activity",
    ]);
    expect(bodyRows(table)).toEqual([
      ["Acme Corp", "Warehouse database", sourceName("postgresql"), "Connected", when("2030-01-04T08:00:00.000Z"), day("2030-01-01T08:00:00.000Z"), when("2030-01-04T08:00:00.000Z")],
      [
        "Globex",
        "Books",
        sourceName("quickbooks-online"),
        "Error",
        `${when("2030-01-05T12:00:00.000Z")}Failed: Password authentication failed for user etl`,
        day("2030-01-01T08:00:00.000Z"),
        when("2030-01-04T08:00:00.000Z"),
      ],
      ["Initech", "Old ledger", sourceName("sage-50"), "Disconnected", "Never", day("2030-01-01T08:00:00.000Z"), when("2030-01-04T08:00:00.000Z")],
      // A hosted system is connected without the portal having reached it: not shown as verified.
      ["Umbrella", "Xero books", sourceName("xero"), "Connected · not verified yet", "Never", day("2030-01-01T08:00:00.000Z"), when("2030-01-04T08:00:00.000Z")],
    ]);
    expect(within(section("Connections")).getByText("4 connections.")).toBeDefined();
  });

  it("lists staged datasets with rows, status, who staged and reviewed them, and the review actions that apply", async () => {
    renderPage(
      [],
      [
        etlDataset("customers", { row_count: 1_234, file_name: "customers.csv" }),
        etlDataset("items", {
          organization_name: "Globex",
          status: "rejected",
          file_name: "items.csv",
          row_count: 1,
          review_comment: "Unit of measure BOX is unknown.",
          reviewed_by_name: "Rita Reyes",
          reviewed_at: "2030-01-06T15:30:00.000Z",
          updated_at: "2030-01-06T15:30:00.000Z",
        }),
        etlDataset("vendors", { status: "loaded", staged_by_name: null, reviewed_by_name: "Rita Reyes", reviewed_at: "2030-01-05T10:00:00.000Z" }),
      ],
    );
    const table = await within(section("Staged datasets")).findByRole("table", { name: "Staged datasets of every organization" });
    // Five columns, the secondary facts under the file and the status, the actions in a menu:
    // nine columns and three buttons were wider than the box at 1440 px.
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Dataset", "Status", "Staged", "Last activity", "Actions"]);
    const staged = `${when("2030-01-02T09:30:00.000Z")}by Ana Lima`;
    expect(bodyRows(table)).toEqual([
      ["customers.csvAcme Corp · Customers · 1,234 rows", "StagedNot reviewed", staged, when("2030-01-02T09:30:00.000Z"), ""],
      [
        "items.csvGlobex · Items · 1 row",
        `RejectedRita Reyes, ${when("2030-01-06T15:30:00.000Z")}Unit of measure BOX is unknown.`,
        staged,
        when("2030-01-06T15:30:00.000Z"),
        "",
      ],
      [
        "vendors.csvAcme Corp · Vendors · 120 rows",
        `LoadedRita Reyes, ${when("2030-01-05T10:00:00.000Z")}`,
        when("2030-01-02T09:30:00.000Z"),
        when("2030-01-02T09:30:00.000Z"),
        "",
      ],
    ]);
    const user = userEvent.setup();
    expect(await datasetActions(user, "Acme Corp, Customers, customers.csv")).toEqual(["Download CSV", "Mark loaded", "Mark rejected"]);
    expect(await datasetActions(user, "Globex, Items, items.csv")).toEqual(["Download CSV", "Mark loaded"]);
    expect(await datasetActions(user, "Acme Corp, Vendors, vendors.csv")).toEqual(["Download CSV", "Mark rejected"]);
  });

  it("sends the datasets' filters to the server: search, status and entity", async () => {
    const api = renderPage([etlConnection()], [etlDataset("customers")]);
    await within(section("Staged datasets")).findByRole("table");
    expect(paths(api, DATASETS)).toEqual(["/api/etl-admin/datasets"]);
    const user = userEvent.setup();

    const datasets = section("Staged datasets");
    await user.type(within(datasets).getByLabelText("Search datasets"), "  acme ");
    await vi.waitFor(() => expect(paths(api, DATASETS).at(-1)).toBe("/api/etl-admin/datasets?q=acme"));
    await user.click(within(datasets).getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Rejected" }));
    await user.click(within(datasets).getByRole("combobox", { name: "Entity" }));
    await user.click(await screen.findByRole("option", { name: "Open receivables" }));
    await vi.waitFor(() => expect(paths(api, DATASETS).at(-1)).toBe("/api/etl-admin/datasets?q=acme&status=rejected&entity=open-receivables"));

    await user.click(within(datasets).getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "All statuses" }));
    await vi.waitFor(() => expect(paths(api, DATASETS).at(-1)).toBe("/api/etl-admin/datasets?q=acme&entity=open-receivables"));

  });

  it("sends the connections' filters to the server: search, status and data source", async () => {
    const api = renderPage([etlConnection()], []);
    await within(section("Connections")).findByRole("table");
    expect(paths(api, CONNECTIONS)).toEqual(["/api/etl-admin/connections"]);
    const user = userEvent.setup();

    const connections = section("Connections");
    await user.click(within(connections).getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Error" }));
    await user.click(within(connections).getByRole("combobox", { name: "Data source" }));
    await user.click(await screen.findByRole("option", { name: sourceName("postgresql") }));
    await user.type(within(connections).getByLabelText("Search connections"), "warehouse");
    await vi.waitFor(() =>
      expect(paths(api, CONNECTIONS).at(-1)).toBe("/api/etl-admin/connections?q=warehouse&status=error&data_source_id=postgresql"),
    );
  });

  it("says when a list was cut at the limit, and when nothing matches", async () => {
    renderPage([], [etlDataset("customers"), etlDataset("vendors")], { datasets: 1_532 });
    expect(
      await within(section("Staged datasets")).findByText(
        "Showing 2 of 1,532 datasets, most recent activity first. Narrow the filters to find the rest.",
      ),
    ).toBeDefined();
    expect(within(section("Connections")).getByText("No connections match these filters.")).toBeDefined();
    expect(within(section("Connections")).getByText("0 connections.")).toBeDefined();
  });

  it("says when a list cannot be loaded", async () => {
    installFakeApi({
      [CONNECTIONS]: { body: { connections: [], total: 0 } },
      [DATASETS]: { status: 403, body: { error: { code: "forbidden", message: "Only the ETL team can see every organization's datasets" } } },
    });
    renderWithCurrentUser(<EtlAdminPage />, ETL_EMPLOYEE);
    const alert = await within(section("Staged datasets")).findByRole("alert");
    expect(alert.textContent).toContain("Only the ETL team can see every organization's datasets");
  });

  it("refetches both lists every 30 seconds: other organizations' events do not reach this page", () => {
    expect(ETL_ADMIN_REFETCH_MS).toBe(30_000);
    expect(etlConnectionsQuery({}).refetchInterval).toBe(ETL_ADMIN_REFETCH_MS);
    expect(etlDatasetsQuery({}).refetchInterval).toBe(ETL_ADMIN_REFETCH_MS);
  });
});
