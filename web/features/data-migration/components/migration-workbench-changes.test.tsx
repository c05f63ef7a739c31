import type { QueryClient } from "@tanstack/react-query";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MigrationOverview, StagedRows } from "#common/contracts/data-migration";
import { queryKeysForEvent } from "#web/lib/realtime/event-query-keys.ts";
import { clearSelectedOrganization } from "#web/lib/selected-organization.ts";
import { renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { installFakeUploadRequests } from "#web/lib/testing/fake-upload-request.ts";
import { ETL_EMPLOYEE, ORGANIZATION_ID, overviewWith, stagedDataset, uploadReport } from "#web/features/data-migration/migration-test-kit.ts";
import { MigrationWorkbenchSection } from "./migration-workbench-section.tsx";


const OVERVIEW = "GET /api/data-migration";
const ITEM_ROWS = "GET /api/data-migration/items/rows";
const BUSY = { status: 503, body: { error: { code: "unavailable", message: "The portal is busy" } } };

afterEach(() => {
  vi.unstubAllGlobals();
  clearSelectedOrganization();
});

function card(entityLabel: string): HTMLElement {
  return screen.getByRole("region", { name: new RegExp(`^\\d\\. ${entityLabel}$`) });
}

/** What the realtime refresher does when a migrationDatasetChanged event arrives. */
async function receiveDatasetEvent(queryClient: QueryClient) {
  const event = { type: "migrationDatasetChanged", organizationId: ORGANIZATION_ID, entity: "customers" } as const;
  await act(() => Promise.all(queryKeysForEvent(event).map((queryKey) => queryClient.invalidateQueries({ queryKey }))));
}

/** One page holding a single staged item. */
function itemRows(itemId: string): StagedRows {
  return {
    entity: "items",
    columns: ["item_id", "description"],
    rows: [{ line: 2, values: { item_id: itemId, description: "Blue widget" } }],
    total: 1,
    page: 1,
    page_size: 50,
  };
}

describe("the workbench when its data changes or cannot be refreshed", () => {
  it("keeps the cards, and an upload in flight, when a refresh fails, and says so", async () => {
    let overview: MigrationOverview = overviewWith();
    const api = installFakeApi({ [OVERVIEW]: () => ({ body: overview }) });
    const sent = installFakeUploadRequests();
    const queryClient = renderWithCurrentUser(<MigrationWorkbenchSection />);
    await screen.findAllByText("Not uploaded");
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText("Customers CSV file"), new File(["customer_id\r\nC-1\r\n"], "customers.csv", { type: "text/csv" }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));

    api.answer(OVERVIEW, BUSY);
    await receiveDatasetEvent(queryClient);
    const note = await screen.findByText("Could not refresh; what is shown may be out of date. The portal is busy");
    expect(note.closest("[role=status]")).not.toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(sent[0]?.aborted).toBe(false);
    expect(within(card("Customers")).getByRole("progressbar", { name: "Uploading customers.csv" })).toBeDefined();

    // The upload still lands, and the retry brings the overview back.
    const dataset = stagedDataset("customers", { row_count: 1, file_name: "customers.csv" });
    overview = overviewWith({ customers: { dataset } });
    api.answer(OVERVIEW, () => ({ body: overview }));
    const report = uploadReport("customers", { outcome: "staged", total_rows: 1, valid_rows: 1, error_rows: 0, issue_count: 0, issues: [] });
    act(() => sent[0]?.respond(200, { report, dataset }));
    await vi.waitFor(() => expect(screen.getByTestId("migration-upload-status-customers").textContent).toBe("Staged 1 row from customers.csv."));
    await vi.waitFor(() => expect(screen.queryByText(/^Could not refresh/)).toBeNull());
  });

  it("asks nothing for an employee with no organization selected, and says why", async () => {
    const api = installFakeApi({ [OVERVIEW]: { body: overviewWith() } });
    renderWithCurrentUser(<MigrationWorkbenchSection />, ETL_EMPLOYEE);
    expect(await screen.findByText("No organization selected. Choose one in the header to see its migration workbench.")).toBeDefined();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it("closes a dialog whose dataset is gone, and does not open it again with the next file", async () => {
    let overview = overviewWith({ customers: { dataset: stagedDataset("customers", { file_name: "customers.csv" }) } });
    installFakeApi({ [OVERVIEW]: () => ({ body: overview }) });
    const queryClient = renderWithCurrentUser(<MigrationWorkbenchSection />);
    await screen.findByText("Staged: 120 rows from customers.csv");
    await userEvent.setup().click(within(card("Customers")).getByRole("button", { name: "Discard for Customers" }));
    expect(await screen.findByRole("alertdialog", { name: "Discard the staged customers?" })).toBeDefined();

    // A colleague discarded the rows meanwhile.
    overview = overviewWith();
    await receiveDatasetEvent(queryClient);
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());

    overview = overviewWith({
      customers: { dataset: stagedDataset("customers", { file_name: "customers-v2.csv", staged_at: "2030-01-09T08:00:00.000Z" }) },
    });
    await receiveDatasetEvent(queryClient);
    await screen.findByText("Staged: 120 rows from customers-v2.csv");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("previews the rows of the file staged now, never the previous file's", async () => {
    const first = stagedDataset("items", { file_name: "items.csv", row_count: 1 });
    let overview = overviewWith({ items: { dataset: first } });
    let itemId = "ITEM-OLD";
    installFakeApi({ [OVERVIEW]: () => ({ body: overview }), [ITEM_ROWS]: () => ({ body: itemRows(itemId) }) });
    const queryClient = renderWithCurrentUser(<MigrationWorkbenchSection />);
    await screen.findByText("Staged: 1 row from items.csv");
    const user = userEvent.setup();
    await user.click(within(card("Items")).getByRole("button", { name: "Preview for Items" }));
    let dialog = await screen.findByRole("dialog", { name: "Items: staged rows" });
    expect(await within(dialog).findByText("ITEM-OLD")).toBeDefined();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));

    // A new file replaces the dataset's rows; the dataset keeps its id, its staged_at moves.
    overview = overviewWith({ items: { dataset: { ...first, file_name: "items-v2.csv", staged_at: "2030-01-09T08:00:00.000Z" } } });
    itemId = "ITEM-NEW";
    await receiveDatasetEvent(queryClient);
    await screen.findByText("Staged: 1 row from items-v2.csv");
    await user.click(within(card("Items")).getByRole("button", { name: "Preview for Items" }));
    dialog = await screen.findByRole("dialog", { name: "Items: staged rows" });
    expect(within(dialog).queryByText("ITEM-OLD")).toBeNull();
    expect(await within(dialog).findByText("ITEM-NEW")).toBeDefined();
  });
});
