import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CatalogRow } from "#common/contracts/pricing-catalog";
import { catalogIssuePath } from "#common/contracts/pricing-catalog";
import { ANA, renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import CatalogSettingsPage from "./catalog-settings-page.tsx";


const EMPLOYEE = { ...ANA, id: "user-eve", email: "eve@provider.example", role: "employee", is_employee: true, organization_id: null };

const restorers: (() => void)[] = [];

afterEach(() => {
  vi.unstubAllGlobals();
  for (const restore of restorers.splice(0)) restore();
});

function row(overrides: Partial<CatalogRow>): CatalogRow {
  return {
    inventory_id: "EE-BASE",
    description: "Enterprise Edition base subscription",
    module: "Enterprise Subscription",
    edition_id: "EE",
    price_cents: 245_000,
    sku_type: "Base",
    license_type_id: "SAAS",
    contract_type: "SUB",
    is_calculator_visible: true,
    ...overrides,
  };
}

const ROWS = [
  row({ inventory_id: "FE-BASE", edition_id: "FE", module: "Financial Subscription", description: "Financial Edition base subscription", price_cents: 95_000 }),
  row({ inventory_id: "ADD-WMS", edition_id: "SE", module: "Warehouse Management", description: "Warehouse management", sku_type: "AddOn", price_cents: 50_000 }),
  row({}),
  row({ inventory_id: "ADD-WMS", edition_id: "EE", module: "Warehouse Management", description: "Warehouse management", sku_type: "AddOn", price_cents: 45_050 }),
];
const CATALOG = { rows: ROWS, updated_at: "2030-01-01T00:00:00.000Z" };
const CSV = "inventory_id,description,module,edition_id,price,sku_type,license_type_id,contract_type,is_calculator_visible\nEE-BASE,Base,Subscription,EE,2450.00,Base,SAAS,SUB,true\n";

function renderPage() {
  return renderWithCurrentUser(
    <MemoryRouter initialEntries={["/acumatica-settings"]}>
      <CatalogSettingsPage />
    </MemoryRouter>,
    EMPLOYEE,
  );
}

function tableRows(): string[] {
  return within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((item) => `${within(item).getAllByRole("cell")[0]?.textContent} ${within(item).getAllByRole("cell")[3]?.textContent}`);
}

describe("CatalogSettingsPage", () => {
  it("lists every edition's rows and filters them by edition and by text", async () => {
    installFakeApi({ "GET /api/pricing/catalog": { body: CATALOG } });
    renderPage();
    expect(screen.getByRole("heading", { name: "ERP Settings", level: 1 })).toBeDefined();
    const curriculum = screen.getByRole("region", { name: "Launch plan curriculum" });
    expect(within(curriculum).getByRole("link", { name: "Open the curriculum" }).getAttribute("href")).toBe("/acumatica-settings/curriculum");
    await screen.findByRole("table");
    expect(tableRows()).toEqual(["FE-BASE FE", "ADD-WMS SE", "EE-BASE EE", "ADD-WMS EE"]);
    expect(within(screen.getAllByRole("row")[3] as HTMLElement).getByText("$2,450.00")).toBeDefined();

    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Edition" }));
    await user.click(await screen.findByRole("option", { name: "Enterprise Edition (EE)" }));
    expect(tableRows()).toEqual(["EE-BASE EE", "ADD-WMS EE"]);
    expect(screen.getByTestId("catalog-row-count").textContent).toBe("2 of 4 rows match.");

    await user.type(screen.getByLabelText("Search"), "warehouse");
    await vi.waitFor(() => expect(tableRows()).toEqual(["ADD-WMS EE"]));

    await user.click(screen.getByRole("combobox", { name: "Edition" }));
    await user.click(await screen.findByRole("option", { name: "All editions" }));
    expect(tableRows()).toEqual(["ADD-WMS SE", "ADD-WMS EE"]);
  });

  it("imports a chosen file, reports the counts and refreshes the catalog", async () => {
    const api = installFakeApi({
      "GET /api/pricing/catalog": { body: CATALOG },
      "POST /api/pricing/catalog/import": { body: { imported_rows: 120, excluded_estimate_lines: 3 } },
    });
    renderPage();
    await screen.findByRole("table");
    const user = userEvent.setup();
    const importButton = screen.getByRole("button", { name: "Import CSV" });
    expect((importButton as HTMLButtonElement).disabled).toBe(true);

    const input = screen.getByLabelText("Catalog CSV file") as HTMLInputElement;
    expect(input.accept).toBe(".csv,text/csv");
    await user.upload(input, new File([CSV], "catalog.csv", { type: "text/csv" }));
    await user.click(importButton);

    const summary = "Imported 120 rows; 3 estimate lines no longer offered were excluded from unlocked estimates.";
    const status = screen.getByTestId("catalog-import-status");
    expect(status.getAttribute("role")).toBe("status");
    await vi.waitFor(() => expect(status.textContent).toBe(summary));
    expect(api.to("POST /api/pricing/catalog/import").map((request) => request.body)).toEqual([{ csv: CSV }]);
    expect(toasts.success).toEqual([["Success", { description: `Catalog imported. ${summary}` }]]);
    expect(input.value).toBe("");
    await vi.waitFor(() => expect(api.to("GET /api/pricing/catalog")).toHaveLength(2));
  });

  it("lists every bad row by line and column when the file is refused, and says nothing was imported", async () => {
    installFakeApi({
      "GET /api/pricing/catalog": { body: CATALOG },
      "POST /api/pricing/catalog/import": {
        status: 422,
        body: {
          error: {
            code: "validation_failed",
            message: "The CSV file has errors; nothing was imported",
            details: [
              { path: catalogIssuePath(5, "price"), message: "Enter a price like 2450.00" },
              { path: catalogIssuePath(7, "edition_id"), message: "Edition must be one of FE, SE, CE, EE" },
              { path: catalogIssuePath(9), message: "Duplicate of row 3" },
            ],
          },
        },
      },
    });
    renderPage();
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText("Catalog CSV file"), new File([CSV], "catalog.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Import CSV" }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Nothing was imported: the file has 3 problems.")).toBeDefined();
    expect(within(alert).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Row 5 — price: Enter a price like 2450.00",
      "Row 7 — edition_id: Edition must be one of FE, SE, CE, EE",
      "Row 9: Duplicate of row 3",
    ]);
    expect(toasts.success).toEqual([]);
  });

  it("says why a refusal without row problems imported nothing", async () => {
    installFakeApi({
      "GET /api/pricing/catalog": { body: CATALOG },
      "POST /api/pricing/catalog/import": { status: 403, body: { error: { code: "forbidden", message: "Only employees can import the catalog" } } },
    });
    renderPage();
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText("Catalog CSV file"), new File([CSV], "catalog.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Import CSV" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Nothing was imported: Only employees can import the catalog");
  });

  it("exports the catalog as pricing-catalog.csv through a download link", async () => {
    const api = installFakeApi({ "GET /api/pricing/catalog": { body: CATALOG } });
    // The export answers text/csv, which the JSON fake cannot: answer it here and pass the rest on.
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === "/api/pricing/catalog/export"
        ? Promise.resolve(new Response(CSV, { headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="pricing-catalog.csv"' } }))
        : fakeFetch(input, init),
    );
    const blobs: Blob[] = [];
    const downloads: { href: string; download: string }[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    restorers.push(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return "blob:catalog";
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.getAttribute("href") ?? "", download: this.download });
    });
    restorers.push(() => click.mockRestore());

    renderPage();
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Export CSV" }));

    await vi.waitFor(() => expect(downloads).toEqual([{ href: "blob:catalog", download: "pricing-catalog.csv" }]));
    expect(await blobs[0]?.text()).toBe(CSV);
    // The file keeps the type the server answered with.
    expect(blobs[0]?.type).toBe("text/csv");
    expect(toasts.error).toEqual([]);
    expect(api.to("GET /api/pricing/catalog")).toHaveLength(1);
  });

  it("tells when the export fails", async () => {
    installFakeApi({ "GET /api/pricing/catalog": { body: CATALOG } });
    renderPage();
    await screen.findByRole("table");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Error", { description: "Failed to export the catalog." }]]));
  });
});
