import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EstimateSummary } from "#common/contracts/pricing-estimates";
import { ADMIN, CATALOG, EMPLOYEE, ESTIMATE_IDS, currentUrl, estimateSummary, estimateWith, lineOf, renderPricing } from "#web/features/pricing-estimates/pricing-test-kit.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";


const { first, second } = ESTIMATE_IDS;
const LIST = "GET /api/pricing/estimates";
const base = `/api/pricing/estimates`;

const primary = estimateSummary({
  id: first,
  name: "Main plan",
  edition_id: "EE",
  is_primary: true,
  total_monthly_price_cents: 1_234_550,
  created_at: "2030-01-01T09:00:00.000Z",
});
const spare = estimateSummary({ id: second, name: "Spare plan", edition_id: "CE", total_monthly_price_cents: 310_000, created_at: "2030-02-01T09:00:00.000Z" });

const FAILED = { status: 409, body: { error: { code: "conflict", message: "Refused" } } };

function render(estimates: EstimateSummary[], answers: Record<string, unknown> = {}, user = ADMIN) {
  const api = installFakeApi({
    "GET /api/pricing/catalog": { body: CATALOG },
    [LIST]: { body: { estimates } },
    ...(answers as Record<string, { status?: number; body?: unknown }>),
  });
  const rendered = renderPricing("/price", user);
  return { api, ...rendered };
}

async function rowOf(name: string): Promise<HTMLElement> {
  const cell = await screen.findByText(name, { selector: "td span" });
  const row = cell.closest("tr");
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

/** The sentence that says why an aria-disabled action is refused. */
function reasonOf(button: HTMLElement): string | null {
  const id = button.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the estimates list", () => {
  it("lists estimates in the server's order with edition, whole-dollar total, date and badges", async () => {
    const locked = { ...primary, is_locked: true, subscription_approved: true };
    render([locked, spare]);
    const row = await rowOf("Main plan");
    const rows = screen.getAllByTestId("estimate-row");
    expect(rows.map((element) => element.dataset.estimateId)).toEqual([first, second]);
    expect(within(row).getByText("Primary")).toBeDefined();
    expect(within(row).getByText("Locked")).toBeDefined();
    expect(within(row).getByText("Approved")).toBeDefined();
    expect(within(row).getByText("Enterprise Edition")).toBeDefined();
    expect(within(row).getByText("$12,346/mo")).toBeDefined();
    expect(within(row).getByText((_, element) => element?.tagName === "TIME" && element.getAttribute("dateTime") === primary.created_at)).toBeDefined();
    const spareRow = await rowOf("Spare plan");
    expect(within(spareRow).queryByText("Primary")).toBeNull();
    expect(within(spareRow).getByText("Commerce Edition")).toBeDefined();
    expect(within(spareRow).getByText("$3,100/mo")).toBeDefined();
    expect(screen.getByRole("columnheader", { name: "Monthly total" })).toBeDefined();
  });

  it("explains how to start when there are none", async () => {
    render([]);
    expect(await screen.findByText("No estimates yet")).toBeDefined();
    expect(screen.getAllByRole("link", { name: "Get a quick estimate" }).map((link) => link.getAttribute("href"))).toEqual(["/business", "/business"]);
  });

  it("sets another estimate primary, says so and refreshes", async () => {
    const { api } = render([primary, spare], { [`POST ${base}/${second}/primary`]: { body: { ...spare, is_primary: true } } });
    const user = userEvent.setup();
    await rowOf("Spare plan");
    expect(screen.queryByRole("button", { name: "Set primary Main plan" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Set primary Spare plan" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Success", { description: "Primary estimate has been updated." }]]));
    expect(api.to(`POST ${base}/${second}/primary`)).toHaveLength(1);
    expect(api.to(LIST)).toHaveLength(2);
  });

  it("says when setting the primary failed", async () => {
    render([primary, spare], { [`POST ${base}/${second}/primary`]: FAILED });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Set primary Spare plan" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Error", { description: "Failed to set primary estimate." }]]));
    expect(toasts.success).toEqual([]);
  });

  it("locks the primary after a confirmation that explains it", async () => {
    const { api } = render([primary, spare], { [`POST ${base}/${first}/lock`]: { body: { ...primary, is_locked: true } } });
    const user = userEvent.setup();
    await rowOf("Main plan");
    expect(screen.queryByRole("button", { name: "Lock Spare plan" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Lock Main plan" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Lock primary estimate" });
    expect(within(dialog).getByText(/becomes read-only and is used to configure your system/)).toBeDefined();
    expect(api.to(`POST ${base}/${first}/lock`)).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Lock estimate" }));

    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.to(`POST ${base}/${first}/lock`)).toHaveLength(1);
    expect(toasts.success).toEqual([
      ["Success", { description: "Primary estimate has been locked and is now being used to configure the system." }],
    ]);
  });

  it("says when locking failed", async () => {
    render([primary], { [`POST ${base}/${first}/lock`]: FAILED });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Lock Main plan" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Lock estimate" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Error", { description: "Failed to lock primary estimate." }]]));
  });

  it("offers Lock only to those who may lock", async () => {
    render([primary], {}, { ...ADMIN, role: "member_user" });
    await rowOf("Main plan");
    expect(screen.queryByRole("button", { name: "Lock Main plan" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Unlock Main plan" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Approve Main plan" })).toBeNull();
  });

  it("deletes after a confirmation, says so and refreshes", async () => {
    const { api } = render([primary, spare], { [`DELETE ${base}/${second}`]: { body: { deleted_id: second, primary_id: first } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete Spare plan" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete estimate" });
    expect(within(dialog).getByText('Delete "Spare plan"? This cannot be undone.')).toBeDefined();
    await user.click(within(dialog).getByRole("button", { name: "Delete estimate" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Success", { description: "Estimate has been deleted." }]]));
    expect(api.to(`DELETE ${base}/${second}`)).toHaveLength(1);
    expect(api.to(LIST)).toHaveLength(2);
  });

  it("says when deleting failed", async () => {
    render([primary, spare], { [`DELETE ${base}/${first}`]: FAILED });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete Main plan" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete estimate" });
    expect(within(dialog).getByText(/The newest remaining estimate becomes primary\./)).toBeDefined();
    await user.click(within(dialog).getByRole("button", { name: "Delete estimate" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Error", { description: "Failed to delete estimate." }]]));
  });

  it("starts a new calculator when the opened estimate is deleted", async () => {
    const opened = estimateWith([lineOf("FE", "FE-BASE")], { ...spare });
    installFakeApi({
      "GET /api/pricing/catalog": { body: CATALOG },
      [LIST]: { body: { estimates: [primary, spare] } },
      [`GET ${base}/${second}`]: { body: opened },
      [`DELETE ${base}/${second}`]: { body: { deleted_id: second, primary_id: first } },
    });
    const { router } = renderPricing(`/price?estimate=${second}`, ADMIN);
    const user = userEvent.setup();
    await screen.findByText("Spare plan", { selector: "strong" });
    await user.click(screen.getByRole("button", { name: "Delete Spare plan" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete estimate" }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe("/price"));
    expect(await screen.findByText("New estimate")).toBeDefined();
  });

  it("refuses to delete a locked estimate, or to set another primary while one is locked, and says why", async () => {
    const { api } = render([{ ...primary, is_locked: true }, spare]);
    const user = userEvent.setup();
    const remove = await screen.findByRole("button", { name: "Delete Main plan" });
    expect(remove.getAttribute("aria-disabled")).toBe("true");
    expect(reasonOf(remove)).toBe("Locked estimates cannot be deleted");
    await user.click(remove);
    expect(screen.queryByRole("alertdialog")).toBeNull();

    const setPrimary = screen.getByRole("button", { name: "Set primary Spare plan" });
    expect(setPrimary.getAttribute("aria-disabled")).toBe("true");
    expect(reasonOf(setPrimary)).toBe("The primary estimate is locked. An employee must unlock it before another estimate can become primary.");
    await user.click(setPrimary);
    expect(api.to(`POST ${base}/${second}/primary`)).toEqual([]);
    expect(screen.getByRole("button", { name: "Delete Spare plan" }).getAttribute("aria-disabled")).toBeNull();
  });

  it("lets an employee unlock, approve and withdraw the approval", async () => {
    const { api } = render(
      [{ ...primary, is_locked: true }, spare],
      {
        [`POST ${base}/${first}/unlock`]: { body: primary },
        [`PUT ${base}/${first}/approval`]: { body: { ...primary, subscription_approved: true } },
      },
      EMPLOYEE,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Unlock Main plan" }));
    await vi.waitFor(() => expect(toasts.success).toEqual([["Success", { description: "Estimate has been unlocked." }]]));
    expect(api.to(`POST ${base}/${first}/unlock`)).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Approve Main plan" }));
    await vi.waitFor(() => expect(toasts.success).toHaveLength(2));
    expect(toasts.success[1]).toEqual(["Success", { description: "Subscription has been approved." }]);
    expect(api.to(`PUT ${base}/${first}/approval`).map((request) => request.body)).toEqual([{ approved: true }]);
    expect(screen.queryByRole("button", { name: "Approve Spare plan" })).toBeNull();
  });

  it("lets an employee withdraw an approval, and says when it failed", async () => {
    const { api } = render([{ ...primary, subscription_approved: true }], { [`PUT ${base}/${first}/approval`]: FAILED }, EMPLOYEE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Withdraw approval Main plan" }));
    await vi.waitFor(() => expect(toasts.error).toEqual([["Error", { description: "Failed to withdraw subscription approval." }]]));
    expect(api.to(`PUT ${base}/${first}/approval`).map((request) => request.body)).toEqual([{ approved: false }]);
  });
});
