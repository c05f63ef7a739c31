import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MIGRATION_MAX_FILE_BYTES } from "#common/domain/migration-entities";
import { renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { type FakeUploadRequest, installFakeUploadRequests } from "#web/lib/testing/fake-upload-request.ts";
import { overviewWith, stagedDataset, uploadReport } from "#web/features/data-migration/migration-test-kit.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";
import { MigrationWorkbenchSection } from "./migration-workbench-section.tsx";


const OVERVIEW = "GET /api/data-migration";
const CSV = "customer_id,customer_name\r\nCUST-0001,Northwind Traders\r\n";

afterEach(() => {
  vi.unstubAllGlobals();
});

function card(entityLabel: string): HTMLElement {
  return screen.getByRole("region", { name: new RegExp(`^\\d\\. ${entityLabel}$`) });
}

const uploadStatus = (entityId: string) => screen.getByTestId(`migration-upload-status-${entityId}`).textContent;

/** Renders the workbench, then chooses `file` for `entityLabel`; returns the request it sent. */
async function startUpload(entityLabel: string, file: File, overview: () => unknown = () => overviewWith()) {
  const api = installFakeApi({ [OVERVIEW]: () => ({ body: overview() }) });
  const sent = installFakeUploadRequests();
  renderWithCurrentUser(<MigrationWorkbenchSection />);
  await screen.findAllByText("Not uploaded");
  await userEvent.setup().upload(screen.getByLabelText(`${entityLabel} CSV file`), file);
  await vi.waitFor(() => expect(sent).toHaveLength(1));
  return { api, request: sent[0] as FakeUploadRequest };
}

describe("uploading a CSV in the migration workbench", () => {
  it("sends the file with a progress bar, checks rows, then shows the staged count", async () => {
    let overview = overviewWith();
    const file = new File([CSV], "Customers 2030.csv", { type: "text/csv" });
    const { api, request } = await startUpload("Customers", file, () => overview);
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/data-migration/customers/upload?file_name=Customers%202030.csv");
    expect(request.headers["content-type"]).toBe("text/csv");
    expect(request.body).toBe(file);

    const customers = card("Customers");
    const bar = within(customers).getByRole("progressbar", { name: "Uploading Customers 2030.csv" });
    expect([bar.getAttribute("aria-valuemin"), bar.getAttribute("aria-valuemax"), bar.getAttribute("aria-valuenow")]).toEqual(["0", "100", "0"]);
    expect((within(customers).getByRole("button", { name: "Upload CSV for Customers" }) as HTMLButtonElement).disabled).toBe(true);
    act(() => request.progress(40, 100));
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    expect(bar.getAttribute("aria-valuetext")).toBe("40% sent");
    expect(within(customers).getByRole("button", { name: "Cancel upload for Customers" })).toBeDefined();

    act(() => request.finishSending());
    expect(bar.getAttribute("aria-valuenow")).toBe("100");
    expect(uploadStatus("customers")).toBe("Checking rows…");
    expect(within(customers).queryByRole("button", { name: "Cancel upload for Customers" })).toBeNull();

    const dataset = stagedDataset("customers", { row_count: 1_250, file_name: "Customers 2030.csv" });
    const report = uploadReport("customers", { outcome: "staged", file_name: "Customers 2030.csv", total_rows: 1_250, valid_rows: 1_250, error_rows: 0, issue_count: 0, issues: [] });
    overview = overviewWith({ customers: { dataset, last_upload: report } });
    act(() => request.respond(200, { report, dataset }));

    await vi.waitFor(() => expect(uploadStatus("customers")).toBe("Staged 1,250 rows from Customers 2030.csv."));
    expect(screen.getByTestId("migration-status-customers").textContent).toContain("Staged: 1,250 rows from Customers 2030.csv");
    expect(within(customers).queryByRole("progressbar")).toBeNull();
    expect(toasts.success).toEqual([["Success", { description: "Customers: Staged 1,250 rows from Customers 2030.csv." }]]);
    expect(toasts.error).toEqual([]);
    await vi.waitFor(() => expect(api.to(OVERVIEW)).toHaveLength(2));
    expect(within(customers).getByRole("button", { name: "Preview for Customers" })).toBeDefined();
  });

  it("shows a refused file's report: the counts, the problems, the cut and what to upload first", async () => {
    const report = uploadReport("open-receivables", {
      file_name: "receivables.csv",
      total_rows: 2_000,
      valid_rows: 1_100,
      error_rows: 900,
      issue_count: 1_532,
      issues: [
        { line: null, column: "balance", message: "Column balance is missing", value: null },
        { line: 12, column: "customer_id", message: "Customer CUST-9 is not in the uploaded customers", value: "CUST-9" },
        { line: 1_204, column: "currency", message: "Must be a three-letter currency code such as USD", value: "" },
      ],
      missing_references: ["customers"],
    });
    let overview = overviewWith();
    const file = new File([CSV], "receivables.csv", { type: "text/csv" });
    const { api, request } = await startUpload("Open receivables", file, () => overview);
    overview = overviewWith({ "open-receivables": { last_upload: report } });
    act(() => request.respond(400, { error: { code: "validation_failed", message: "The file has problems; nothing was staged", details: report } }));

    const panel = await screen.findByTestId("upload-report-open-receivables");
    expect(within(panel).getByRole("heading", { name: "receivables.csv was not staged" })).toBeDefined();
    expect(within(panel).getByText("900 of 2,000 rows have problems. Nothing was staged.")).toBeDefined();
    expect(panel.textContent).toContain("Upload Customers first. This file refers to its rows, and none are staged yet.");
    const table = within(panel).getByRole("table", { name: "Problems in receivables.csv" });
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Line", "Column", "Problem", "Value"]);
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent)),
    ).toEqual([
      ["File", "balance", "Column balance is missing", "—"],
      ["12", "customer_id", "Customer CUST-9 is not in the uploaded customers", "CUST-9"],
      ["1,204", "currency", "Must be a three-letter currency code such as USD", "(empty)"],
    ]);
    expect(within(panel).getByText("Showing the first 3 of 1,532 problems.")).toBeDefined();
    expect(uploadStatus("open-receivables")).toBe("receivables.csv was not staged. Its problems are listed below.");
    expect(screen.getByTestId("migration-status-open-receivables").textContent).toBe("Not uploaded");
    expect(toasts.error).toEqual([["Error", { description: "receivables.csv: 900 of 2,000 rows have problems. Nothing was staged." }]]);
    expect(toasts.success).toEqual([]);
    await vi.waitFor(() => expect(api.to(OVERVIEW)).toHaveLength(2));
    expect(screen.getByTestId("upload-report-open-receivables")).toBeDefined();
  });

  it("keeps showing the newest refused report after a reload, beside the rows staged before", async () => {
    installFakeApi({
      [OVERVIEW]: {
        body: overviewWith({
          customers: {
            dataset: stagedDataset("customers", { row_count: 40, file_name: "customers-old.csv" }),
            last_upload: uploadReport("customers", { file_name: "customers-new.csv", total_rows: 1, error_rows: 1, issue_count: 1 }),
          },
        }),
      },
    });
    renderWithCurrentUser(<MigrationWorkbenchSection />);
    const panel = await screen.findByTestId("upload-report-customers");
    expect(within(panel).getByText("1 of 1 row has problems. Nothing was staged. The rows staged before are unchanged.")).toBeDefined();
    expect(panel.textContent).not.toContain("Showing the first");
    expect(panel.textContent).not.toContain("first.");
    expect(screen.getByTestId("migration-status-customers").textContent).toContain("Staged: 40 rows from customers-old.csv");
  });

  it("says why an upload failed when the server refuses it without a report", async () => {
    const { request } = await startUpload("Vendors", new File([CSV], "vendors.csv", { type: "text/csv" }));
    act(() => request.respond(413, { error: { code: "payload_too_large", message: "The file is larger than 30 MB" } }));
    await vi.waitFor(() => expect(uploadStatus("vendors")).toBe("vendors.csv was not uploaded: The file is larger than 30 MB"));
    expect(toasts.error).toEqual([["Error", { description: "vendors.csv was not uploaded: The file is larger than 30 MB" }]]);
    expect(screen.queryByTestId("upload-report-vendors")).toBeNull();
  });

  it("keeps focus on something usable while a file is sent and checked", async () => {
    installFakeApi({ [OVERVIEW]: { body: overviewWith() } });
    const sent = installFakeUploadRequests();
    renderWithCurrentUser(<MigrationWorkbenchSection />);
    await screen.findAllByText("Not uploaded");
    const customers = card("Customers");
    const uploadButton = within(customers).getByRole("button", { name: "Upload CSV for Customers" });
    // The file chooser hands focus back to the Upload button, which is disabled while the file is sent.
    uploadButton.focus();
    fireEvent.change(screen.getByLabelText("Customers CSV file"), { target: { files: [new File([CSV], "customers.csv", { type: "text/csv" })] } });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect((uploadButton as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(within(customers).getByRole("button", { name: "Cancel upload for Customers" }));

    // Every byte is out: Cancel goes away, and focus moves to the line saying the rows are checked.
    act(() => sent[0]?.finishSending());
    const status = screen.getByTestId("migration-upload-status-customers");
    expect(status.textContent).toBe("Checking rows…");
    expect(document.activeElement).toBe(status);
  });

  it("moves focus to the outcome when an upload is cancelled", async () => {
    const { request } = await startUpload("Vendors", new File([CSV], "vendors.csv", { type: "text/csv" }));
    await userEvent.setup().click(within(card("Vendors")).getByRole("button", { name: "Cancel upload for Vendors" }));
    expect(request.aborted).toBe(true);
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("migration-upload-status-vendors")));
    expect(document.activeElement?.textContent).toBe("The upload of vendors.csv was cancelled. Nothing was staged.");
  });

  it("stops sending when the upload is cancelled", async () => {
    const { request } = await startUpload("Items", new File([CSV], "items.csv", { type: "text/csv" }));
    act(() => request.progress(10, 100));
    await userEvent.setup().click(within(card("Items")).getByRole("button", { name: "Cancel upload for Items" }));
    expect(request.aborted).toBe(true);
    await vi.waitFor(() => expect(uploadStatus("items")).toBe("The upload of items.csv was cancelled. Nothing was staged."));
    expect(within(card("Items")).queryByRole("progressbar")).toBeNull();
    expect(toasts.error).toEqual([]);
  });

  it("refuses a file that is not CSV, empty or too large without sending it", async () => {
    installFakeApi({ [OVERVIEW]: { body: overviewWith() } });
    const sent = installFakeUploadRequests();
    renderWithCurrentUser(<MigrationWorkbenchSection />);
    await screen.findAllByText("Not uploaded");
    const input = screen.getByLabelText("Chart of accounts CSV file") as HTMLInputElement;
    expect(input.accept).toBe(".csv,text/csv");

    // The chooser filters by extension, but "All files" lets anything through.
    fireEvent.change(input, { target: { files: [new File(["PK"], "accounts.xlsx")] } });
    expect(uploadStatus("chart-of-accounts")).toBe("accounts.xlsx is not a .csv file. In Excel, use File › Save As and choose CSV UTF-8.");
    fireEvent.change(input, { target: { files: [new File([], "accounts.csv")] } });
    expect(uploadStatus("chart-of-accounts")).toBe("accounts.csv is empty.");
    const large = new File(["x"], "accounts.csv");
    Object.defineProperty(large, "size", { value: MIGRATION_MAX_FILE_BYTES * 1.5 });
    fireEvent.change(input, { target: { files: [large] } });
    expect(uploadStatus("chart-of-accounts")).toBe("accounts.csv is 45.00 MB; a file can be at most 30.00 MB.");
    expect(sent).toEqual([]);
  });
});
