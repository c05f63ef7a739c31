import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StagedRows } from "#common/contracts/data-migration";
import { MIGRATION_PREVIEW_PAGE_SIZE } from "#common/domain/migration-entities";
import { renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { type RecordedRequest, installFakeApi } from "#web/lib/testing/fake-api.ts";
import { overviewWith, stagedDataset } from "#web/features/data-migration/migration-test-kit.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { MigrationWorkbenchSection } from "./migration-workbench-section.tsx";


const OVERVIEW = "GET /api/data-migration";
const ITEM_ROWS = "GET /api/data-migration/items/rows";

afterEach(() => {
  vi.unstubAllGlobals();
});

function card(entityLabel: string): HTMLElement {
  return screen.getByRole("region", { name: new RegExp(`^\\d\\. ${entityLabel}$`) });
}

/** Pages of 120 staged items: each row's values say which line it came from. */
function itemPage(request: RecordedRequest): { body: StagedRows } {
  const page = Number(new URL(request.path, "http://localhost").searchParams.get("page"));
  const total = 120;
  const first = (page - 1) * MIGRATION_PREVIEW_PAGE_SIZE;
  const count = Math.max(0, Math.min(MIGRATION_PREVIEW_PAGE_SIZE, total - first));
  return {
    body: {
      entity: "items",
      columns: ["item_id", "description", "unit_price", "is_taxable", "cogs_account"],
      rows: Array.from({ length: count }, (_, index) => ({
        line: first + index + 2,
        values: {
          item_id: `ITEM-${first + index + 1}`,
          description: "Blue widget",
          unit_price: 123_450,
          is_taxable: index % 2 === 0,
          cogs_account: null,
        },
      })),
      total,
      page,
      page_size: MIGRATION_PREVIEW_PAGE_SIZE,
    },
  };
}

function cellsOf(row: HTMLElement): (string | null)[] {
  return within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);
}

describe("a staged dataset's preview and discard", () => {
  it("previews the staged rows a page at a time, amounts as money and yes/no as words", async () => {
    const api = installFakeApi({
      [OVERVIEW]: { body: overviewWith({ items: { dataset: stagedDataset("items", { row_count: 120, file_name: "items.csv" }) } }) },
      [ITEM_ROWS]: itemPage,
    });
    renderWithCurrentUser(<MigrationWorkbenchSection />);
    await screen.findByText("Staged: 120 rows from items.csv");
    const user = userEvent.setup();
    await user.click(within(card("Items")).getByRole("button", { name: "Preview for Items" }));

    const dialog = await screen.findByRole("dialog", { name: "Items: staged rows" });
    expect(within(dialog).getByText("120 rows from items.csv. Amounts are shown as money.")).toBeDefined();
    const table = await within(dialog).findByRole("table", { name: "Staged Items rows, page 1" });
    // Known columns by their label; a column the declarations do not know by its name.
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Line",
      "Item ID",
      "Description",
      "Unit price",
      "is_taxable",
      "Cost of goods sold account",
    ]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(50);
    expect(cellsOf(rows[0] as HTMLElement)).toEqual(["2", "ITEM-1", "Blue widget", "$1,234.50", "Yes", ""]);
    expect(cellsOf(rows[1] as HTMLElement)).toEqual(["3", "ITEM-2", "Blue widget", "$1,234.50", "No", ""]);
    expect(within(dialog).getByTestId("staged-rows-range").textContent).toBe("Rows 1–50 of 120");
    expect(within(dialog).getByText("Page 1 of 3")).toBeDefined();
    expect((within(dialog).getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await within(dialog).findByRole("table", { name: "Staged Items rows, page 2" });
    expect(within(dialog).getByTestId("staged-rows-range").textContent).toBe("Rows 51–100 of 120");
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await within(dialog).findByRole("table", { name: "Staged Items rows, page 3" });
    expect(within(dialog).getByTestId("staged-rows-range").textContent).toBe("Rows 101–120 of 120");
    expect(within(dialog).getAllByRole("row").slice(1)).toHaveLength(20);
    expect((within(dialog).getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.to(ITEM_ROWS).map((request) => request.path)).toEqual([
      "/api/data-migration/items/rows?page=1",
      "/api/data-migration/items/rows?page=2",
      "/api/data-migration/items/rows?page=3",
    ]);

    // Closed and opened again, it starts on page 1.
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await user.click(within(card("Items")).getByRole("button", { name: "Preview for Items" }));
    expect(await screen.findByRole("table", { name: "Staged Items rows, page 1" })).toBeDefined();
  });

  it("discards the staged rows only after confirming", async () => {
    let overview = overviewWith({ customers: { dataset: stagedDataset("customers", { row_count: 1_234, file_name: "customers.csv" }) } });
    const api = installFakeApi({
      [OVERVIEW]: () => ({ body: overview }),
      "DELETE /api/data-migration/customers": () => {
        overview = overviewWith();
        return { body: { entity: "customers", discarded_rows: 1_234 } };
      },
    });
    renderWithCurrentUser(<MigrationWorkbenchSection />);
    await screen.findByText("Staged: 1,234 rows from customers.csv");
    const user = userEvent.setup();

    await user.click(within(card("Customers")).getByRole("button", { name: "Discard for Customers" }));
    let dialog = await screen.findByRole("alertdialog", { name: "Discard the staged customers?" });
    expect(dialog.textContent).toContain("The 1,234 rows staged from customers.csv are removed and the ETL team no longer sees them.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.to("DELETE /api/data-migration/customers")).toEqual([]);

    await user.click(within(card("Customers")).getByRole("button", { name: "Discard for Customers" }));
    dialog = await screen.findByRole("alertdialog", { name: "Discard the staged customers?" });
    await user.click(within(dialog).getByRole("button", { name: "Discard" }));
    await vi.waitFor(() => expect(screen.getByTestId("migration-status-customers").textContent).toBe("Not uploaded"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.to("DELETE /api/data-migration/customers")).toHaveLength(1);
    expect(toasts.success).toEqual([["Success", { description: "Customers: discarded 1,234 staged rows." }]]);
    expect(within(card("Customers")).queryByRole("button", { name: "Discard for Customers" })).toBeNull();
    // The Discard button that opened the dialog is gone: focus goes to the card's heading.
    await vi.waitFor(() => expect(document.activeElement).toBe(within(card("Customers")).getByRole("heading", { name: "2. Customers" })));
  });

  it("keeps the dialog open and says so when the discard is refused", async () => {
    installFakeApi({
      [OVERVIEW]: { body: overviewWith({ vendors: { dataset: stagedDataset("vendors", { row_count: 1 }) } }) },
      "DELETE /api/data-migration/vendors": {
        status: 409,
        body: { error: { code: "conflict", message: "The ETL team already loaded these rows" } },
      },
    });
    renderWithCurrentUser(<MigrationWorkbenchSection />);
    await screen.findByText("Staged: 1 row from vendors.csv");
    const user = userEvent.setup();
    await user.click(within(card("Vendors")).getByRole("button", { name: "Discard for Vendors" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("The 1 row staged from vendors.csv is removed");
    await user.click(within(dialog).getByRole("button", { name: "Discard" }));
    await vi.waitFor(() =>
      expect(toasts.error).toEqual([["Error", { description: "Failed to discard the staged vendors. The ETL team already loaded these rows" }]]),
    );
    expect(screen.getByRole("alertdialog")).toBeDefined();
  });
});
