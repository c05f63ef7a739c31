import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ORGANIZATION_HEADER } from "#common/contracts/http";
import { MIGRATION_ENTITIES, requireMigrationEntity } from "#common/domain/migration-entities";
import { queryKeysForEvent } from "#web/lib/realtime/event-query-keys.ts";
import { clearSelectedOrganization, selectEmployeeOrganization } from "#web/lib/selected-organization.ts";
import { renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { ORGANIZATION_ID, overviewWith, stagedDataset } from "#web/features/data-migration/migration-test-kit.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { MigrationWorkbenchSection } from "./migration-workbench-section.tsx";


const OVERVIEW = "GET /api/data-migration";
const restorers: (() => void)[] = [];

afterEach(() => {
  vi.unstubAllGlobals();
  clearSelectedOrganization();
  for (const restore of restorers.splice(0)) restore();
});

const when = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

function card(entityLabel: string): HTMLElement {
  return screen.getByRole("region", { name: new RegExp(`^\\d\\. ${entityLabel}$`) });
}

function statusOf(entityId: string): string {
  return screen.getByTestId(`migration-status-${entityId}`).textContent ?? "";
}

describe("MigrationWorkbenchSection", () => {
  it("explains the order and shows one card per entity, in upload order, each with its status", async () => {
    installFakeApi({
      [OVERVIEW]: {
        body: overviewWith({
          customers: { dataset: stagedDataset("customers", { row_count: 1234, file_name: "customers.csv" }) },
          vendors: {
            dataset: stagedDataset("vendors", {
              status: "loaded",
              reviewed_by_name: "Rita Reyes",
              reviewed_at: "2030-01-05T14:00:00.000Z",
              review_comment: null,
            }),
          },
          items: {
            dataset: stagedDataset("items", {
              status: "rejected",
              file_name: "items-v2.csv",
              review_comment: "Unit of measure BOX is not set up; use EA.",
              reviewed_by_name: "Rita Reyes",
              reviewed_at: "2030-01-06T15:30:00.000Z",
            }),
          },
        }),
      },
    });
    renderWithCurrentUser(<MigrationWorkbenchSection />);
    expect(screen.getByRole("heading", { name: "Migration workbench", level: 2 })).toBeDefined();
    expect(screen.getByText(/items refer to accounts in the chart of accounts, open receivables to customers/)).toBeDefined();

    await screen.findByText("Staged: 1,234 rows from customers.csv");
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual(
      MIGRATION_ENTITIES.map((entity, index) => `${index + 1}. ${entity.label}`),
    );
    expect(statusOf("chart-of-accounts")).toBe("Not uploaded");
    expect(statusOf("customers")).toBe(
      `Staged: 1,234 rows from customers.csvUploaded by Ana Lima on ${when("2030-01-02T09:30:00.000Z")}. Waiting for the ETL team to load it.`,
    );
    expect(statusOf("vendors")).toContain("Loaded by the ETL team");
    expect(statusOf("vendors")).toContain(`Loaded on ${when("2030-01-05T14:00:00.000Z")}.`);

    // The rejection says why, who and when, in the card itself.
    expect(statusOf("items")).toContain("Rejected");
    const review = screen.getByTestId("migration-review-items");
    expect(within(review).getByText("Why the ETL team rejected it")).toBeDefined();
    expect(within(review).getByText("Unit of measure BOX is not set up; use EA.")).toBeDefined();
    expect(within(review).getByText(`Rita Reyes on ${when("2030-01-06T15:30:00.000Z")}`)).toBeDefined();
    expect(statusOf("items")).toContain("120 rows from items-v2.csv");

    // Preview where something is staged; discard unless the ETL team loaded it.
    const buttons = (label: string) => within(card(label)).queryAllByRole("button").map((button) => button.getAttribute("aria-label"));
    expect(buttons("Chart of accounts")).toEqual([
      "Download template for Chart of accounts",
      "Column guide for Chart of accounts",
      "Upload CSV for Chart of accounts",
    ]);
    expect(buttons("Customers")).toContain("Discard for Customers");
    expect(buttons("Customers")).toContain("Preview for Customers");
    expect(buttons("Vendors")).toContain("Preview for Vendors");
    expect(buttons("Vendors")).not.toContain("Discard for Vendors");
    expect(buttons("Items")).toContain("Discard for Items");
  });

  it("shows a loaded dataset's comment from the ETL team", async () => {
    installFakeApi({
      [OVERVIEW]: {
        body: overviewWith({
          "chart-of-accounts": {
            dataset: stagedDataset("chart-of-accounts", {
              status: "loaded",
              review_comment: "Loaded into the 2030 ledger.",
              reviewed_by_name: null,
              reviewed_at: "2030-01-05T14:00:00.000Z",
            }),
          },
        }),
      },
    });
    renderWithCurrentUser(<MigrationWorkbenchSection />);
    const review = await screen.findByTestId("migration-review-chart-of-accounts");
    expect(within(review).getByText("Comment from the ETL team")).toBeDefined();
    expect(within(review).getByText("Loaded into the 2030 ledger.")).toBeDefined();
    expect(within(review).getByText(`The ETL team on ${when("2030-01-05T14:00:00.000Z")}`)).toBeDefined();
  });

  it("changes a card without a reload when the ETL team's review arrives", async () => {
    let overview = overviewWith({ customers: { dataset: stagedDataset("customers") } });
    const api = installFakeApi({ [OVERVIEW]: () => ({ body: overview }) });
    const queryClient = renderWithCurrentUser(<MigrationWorkbenchSection />);
    await screen.findByText("Staged: 120 rows from customers.csv");

    overview = overviewWith({
      customers: {
        dataset: stagedDataset("customers", {
          status: "rejected",
          review_comment: "Two customers share the ID CUST-0007.",
          reviewed_by_name: "Rita Reyes",
          reviewed_at: "2030-01-06T15:30:00.000Z",
        }),
      },
    });
    // What the realtime refresher does when the review's event arrives.
    const event = { type: "migrationDatasetChanged", organizationId: ORGANIZATION_ID, entity: "customers" } as const;
    await Promise.all(queryKeysForEvent(event).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    expect(await screen.findByText("Two customers share the ID CUST-0007.")).toBeDefined();
    expect(statusOf("customers")).toContain("Rejected");
    expect(api.to(OVERVIEW)).toHaveLength(2);
  });

  it("says when the overview cannot be loaded, and retries", async () => {
    const api = installFakeApi({ [OVERVIEW]: { status: 503, body: { error: { code: "unavailable", message: "The portal is busy" } } } });
    renderWithCurrentUser(<MigrationWorkbenchSection />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The portal is busy");
    api.answer(OVERVIEW, { body: overviewWith() });
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findAllByText("Not uploaded")).toHaveLength(6);
  });

  it("opens each entity's column guide from its declarations", async () => {
    installFakeApi({ [OVERVIEW]: { body: overviewWith() } });
    renderWithCurrentUser(<MigrationWorkbenchSection />);
    await screen.findAllByText("Not uploaded");
    const user = userEvent.setup();
    const toggle = within(card("Items")).getByRole("button", { name: "Column guide for Items" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");

    const table = within(card("Items")).getByRole("table", { name: "Columns of the Items file" });
    expect(document.getElementById(toggle.getAttribute("aria-controls") ?? "")?.contains(table)).toBe(true);
    const rows = within(table).getAllByRole("row").slice(1);
    const items = requireMigrationEntity("items");
    expect(rows).toHaveLength(items.columns.length);
    expect(rows.map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))[6]).toEqual([
      "sales_accountSales account",
      "Required",
      "An account number of the chart of accounts.",
      "4000",
    ]);
    expect(within(rows[4] as HTMLElement).getAllByRole("cell")[1]?.textContent).toBe("Optional");

    await user.click(toggle);
    expect(within(card("Items")).queryByRole("table")).toBeNull();
  });

  it("downloads the template for the acting organization and saves it as <entity>-template.csv", async () => {
    selectEmployeeOrganization(ORGANIZATION_ID);
    installFakeApi({ [OVERVIEW]: { body: overviewWith() } });
    const template = "customer_id,customer_name,email\r\n";
    const templateRequests: Headers[] = [];
    // The template answers text/csv, which the JSON fake cannot: answer it here and pass the rest on.
    const fakeFetch = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== "/api/data-migration/customers/template") return fakeFetch(input, init);
      templateRequests.push(new Headers(init?.headers));
      return Promise.resolve(
        new Response(template, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="customers-template.csv"' } }),
      );
    });
    const saved: { blob: Blob; download: string }[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    restorers.push(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const blobs = new Map<string, Blob>();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.set("blob:template", blob);
        return "blob:template";
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ blob: blobs.get(this.getAttribute("href") ?? "") as Blob, download: this.download });
    });
    restorers.push(() => click.mockRestore());

    renderWithCurrentUser(<MigrationWorkbenchSection />);
    await screen.findAllByText("Not uploaded");
    await userEvent.setup().click(within(card("Customers")).getByRole("button", { name: "Download template for Customers" }));

    await vi.waitFor(() => expect(saved.map((entry) => entry.download)).toEqual(["customers-template.csv"]));
    expect(await saved[0]?.blob.text()).toBe(template);
    expect(templateRequests[0]?.get(ORGANIZATION_HEADER)).toBe(ORGANIZATION_ID);
    expect(toasts.error).toEqual([]);
  });

  it("says when the template cannot be downloaded", async () => {
    installFakeApi({ [OVERVIEW]: { body: overviewWith() } });
    renderWithCurrentUser(<MigrationWorkbenchSection />);
    await screen.findAllByText("Not uploaded");
    await userEvent.setup().click(within(card("Vendors")).getByRole("button", { name: "Download template for Vendors" }));
    await vi.waitFor(() =>
      expect(toasts.error).toEqual([
        ["Error", { description: "Failed to download the Vendors template. No fake answer for GET /api/data-migration/vendors/template" }],
      ]),
    );
  });
});
