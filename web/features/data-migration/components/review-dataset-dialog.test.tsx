import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EtlDataset } from "#common/contracts/data-migration";
import { renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { ETL_EMPLOYEE, chooseDatasetAction, etlDataset } from "#web/features/data-migration/migration-test-kit.ts";
import EtlAdminPage from "#web/features/data-migration/pages/etl-admin-page.tsx";
import { toasts } from "#web/lib/testing/toast-recorder.ts";


const DATASETS = "GET /api/etl-admin/datasets";

afterEach(() => {
  vi.unstubAllGlobals();
});

const customers = etlDataset("customers", { row_count: 1_234, file_name: "customers.csv" });
const reviewRoute = `POST /api/etl-admin/datasets/${customers.id}/review`;

function renderWith(review: Parameters<ReturnType<typeof installFakeApi>["answer"]>[1]) {
  let datasets: EtlDataset[] = [customers];
  const api = installFakeApi({
    "GET /api/etl-admin/connections": { body: { connections: [], total: 0 } },
    [DATASETS]: () => ({ body: { datasets, total: datasets.length } }),
    [reviewRoute]: review,
  });
  renderWithCurrentUser(<EtlAdminPage />, ETL_EMPLOYEE);
  return {
    api,
    changeList(next: EtlDataset[]) {
      datasets = next;
    },
  };
}

async function openReview(action: "Mark loaded" | "Mark rejected"): Promise<HTMLElement> {
  await chooseDatasetAction(userEvent.setup(), "Acme Corp, Customers, customers.csv", action);
  return screen.findByRole("dialog");
}

describe("reviewing a staged dataset", () => {
  it("refuses to reject without a comment, then rejects with it and refreshes the list", async () => {
    const { api, changeList } = renderWith(({ body }) => ({
      body: { ...customers, status: "rejected", review_comment: (body as { comment: string }).comment, reviewed_by_name: "Eve Santos" },
    }));
    const dialog = await openReview("Mark rejected");
    expect(within(dialog).getByRole("heading", { name: "Mark customers.csv rejected" })).toBeDefined();
    expect(dialog.textContent).toContain("Acme Corp · Customers · 1,234 rows, staged by Ana Lima on");
    const user = userEvent.setup();
    const comment = within(dialog).getByLabelText("Why is it rejected?");

    await user.type(comment, "   ");
    await user.click(within(dialog).getByRole("button", { name: "Mark rejected" }));
    expect(await within(dialog).findByText("Say why the dataset is rejected")).toBeDefined();
    expect(comment.getAttribute("aria-invalid")).toBe("true");
    expect(api.to(reviewRoute)).toEqual([]);

    changeList([
      { ...customers, status: "rejected", review_comment: "Two rows share CUST-0007.", reviewed_by_name: "Eve Santos", reviewed_at: "2030-01-07T09:00:00.000Z" },
    ]);
    await user.clear(comment);
    await user.type(comment, "Two rows share CUST-0007.");
    await user.click(within(dialog).getByRole("button", { name: "Mark rejected" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to(reviewRoute).map((request) => request.body)).toEqual([{ status: "rejected", comment: "Two rows share CUST-0007.", staged_at: customers.staged_at }]);
    expect(toasts.success).toEqual([["Success", { description: "customers.csv of Acme Corp rejected." }]]);
    await vi.waitFor(() => expect(api.to(DATASETS)).toHaveLength(2));
    expect(await screen.findByText("Two rows share CUST-0007.")).toBeDefined();
  });

  it("marks a dataset loaded without a comment", async () => {
    const { api } = renderWith({ body: { ...customers, status: "loaded" } });
    const dialog = await openReview("Mark loaded");
    expect(within(dialog).getByRole("heading", { name: "Mark customers.csv loaded" })).toBeDefined();
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Mark loaded" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to(reviewRoute).map((request) => request.body)).toEqual([{ status: "loaded", comment: "", staged_at: customers.staged_at }]);
    expect(toasts.success).toEqual([["Success", { description: "customers.csv of Acme Corp marked loaded." }]]);
    // The row's buttons change with the verdict: focus goes to the list's heading.
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Staged datasets" })));
  });

  it("closes when a newer file was staged meanwhile, says so, and the refreshed list offers the new file", async () => {
    const newer = "The organization staged a newer file since this list was loaded; review the new file";
    const { api, changeList } = renderWith({ status: 409, body: { error: { code: "conflict", message: newer } } });
    const dialog = await openReview("Mark rejected");
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText("Why is it rejected?"), "Two rows share CUST-0007.");
    changeList([{ ...customers, file_name: "customers-v2.csv", staged_at: "2030-01-08T09:00:00.000Z", updated_at: "2030-01-08T09:00:00.000Z" }]);
    await user.click(within(dialog).getByRole("button", { name: "Mark rejected" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toasts.error).toEqual([["Error", { description: `Failed to review customers.csv. ${newer}` }]]);
    expect(toasts.success).toEqual([]);
    expect(await screen.findByRole("button", { name: "Actions for Acme Corp, Customers, customers-v2.csv" })).toBeDefined();
    expect(api.to(reviewRoute)).toHaveLength(1);
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Staged datasets" })));
  });

  // Issue 26: long text is kept, counted and refused, never cut.
  it("keeps a pasted 60,000-character comment whole, counts it and refuses to send it", async () => {
    const { api } = renderWith({ body: { ...customers, status: "loaded" } });
    const dialog = await openReview("Mark loaded");
    const user = userEvent.setup();
    const comment = within(dialog).getByLabelText("Comment (optional)") as HTMLTextAreaElement;
    expect(comment.hasAttribute("maxlength")).toBe(false);
    await user.click(comment);
    await user.paste("x".repeat(60_000));

    expect(comment.value).toHaveLength(60_000);
    const count = within(dialog).getByText("60,000 / 1,000");
    expect(comment.getAttribute("aria-describedby")).toContain(count.id);
    await user.click(within(dialog).getByRole("button", { name: "Mark loaded" }));
    expect(await within(dialog).findByText("Comment must be at most 1,000 characters")).toBeDefined();
    expect(comment.value).toHaveLength(60_000);
    expect(api.to(reviewRoute)).toEqual([]);
  });

  it("shows the server's problem with the comment on the field", async () => {
    renderWith({
      status: 400,
      body: { error: { code: "validation_failed", message: "Check the comment", details: [{ path: "comment", message: "Say why the dataset is rejected" }] } },
    });
    const dialog = await openReview("Mark loaded");
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText("Comment (optional)"), "Loaded into the 2030 ledger.");
    await user.click(within(dialog).getByRole("button", { name: "Mark loaded" }));
    expect(await within(dialog).findByText("Say why the dataset is rejected")).toBeDefined();
    expect(within(dialog).getByLabelText("Comment (optional)").getAttribute("aria-invalid")).toBe("true");
    expect(toasts.error).toEqual([]);
    expect(toasts.success).toEqual([]);
  });

  it("keeps the dialog open with an error toast when the review is refused", async () => {
    renderWith({ status: 404, body: { error: { code: "not_found", message: "The dataset was discarded by the customer" } } });
    const dialog = await openReview("Mark loaded");
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Mark loaded" }));
    await vi.waitFor(() =>
      expect(toasts.error).toEqual([["Error", { description: "Failed to review customers.csv. The dataset was discarded by the customer" }]]),
    );
    expect(screen.getByRole("dialog")).toBeDefined();
  });
});
