import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PRICE_LOCK_STATEMENT, SALES_TAX_STATEMENT } from "#common/domain/pricing";
import { CATALOG, ESTIMATE_IDS, currentUrl, estimateWith, lineOf, renderPricing } from "#web/features/pricing-estimates/pricing-test-kit.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { toasts } from "#web/lib/testing/toast-recorder.ts";


const CATALOG_ROUTE = "GET /api/pricing/catalog";
const LIST = "GET /api/pricing/estimates";
const CREATE = "POST /api/pricing/estimates";

function addOnRow(inventoryId: string): HTMLElement {
  const found = screen.getAllByTestId("addon-row").find((element) => element.dataset.inventoryId === inventoryId);
  if (!found) throw new Error(`no add-on row ${inventoryId}`);
  return found;
}

function lineTotal(inventoryId: string): string {
  return within(addOnRow(inventoryId)).getByTestId("line-total").textContent ?? "";
}

function monthlyTotal(): string {
  return screen.getByTestId("calculator-monthly-total").textContent ?? "";
}

async function chooseAddOn(user: ReturnType<typeof userEvent.setup>, label: string, quantity: string) {
  await user.click(screen.getByRole("checkbox", { name: label }));
  const input = screen.getByRole("textbox", { name: `Quantity of ${label}` });
  await user.clear(input);
  await user.type(input, quantity);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the calculator", () => {
  it("shows the editions with their base prices, what the edition includes and its calculator add-ons by module", async () => {
    installFakeApi({ [CATALOG_ROUTE]: { body: CATALOG }, [LIST]: { body: { estimates: [] } } });
    renderPricing("/price");
    expect(screen.getByRole("heading", { level: 1, name: "Subscription Price" })).toBeDefined();
    expect(screen.getByTestId("live-data-status")).toBeDefined();

    const financial = await screen.findByRole("radio", { name: "Financial Edition" });
    expect((financial as HTMLInputElement).checked).toBe(true);
    const editions = screen.getByRole("group", { name: "Edition" });
    expect(within(editions).getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual(["FE", "SE", "CE", "EE"]);
    expect(within(editions).getByText("$1,250/mo")).toBeDefined();
    expect(within(editions).getByText("$4,800/mo")).toBeDefined();

    const included = screen.getAllByTestId("included-row").map((element) => [...element.querySelectorAll("td")].map((cell) => cell.textContent));
    expect(included).toEqual([
      ["Financial Edition subscription", "Financials", "$1,250.00"],
      ["General Ledger", "Financials", "Included"],
    ]);
    // Modules alphabetical; hidden and non-SaaS rows are left out.
    expect(screen.getAllByRole("group").map((group) => group.querySelector("legend")?.textContent)).toEqual([
      "Edition",
      "Project Accounting",
      "Time and Expense",
      "Users",
    ]);
    expect(screen.getAllByTestId("addon-row").map((element) => element.dataset.inventoryId)).toEqual(["FE-PA", "FE-TE", "ADD-USERS-10"]);
    expect(within(addOnRow("FE-TE")).getByText("$199.99")).toBeDefined();
    expect(monthlyTotal()).toBe("$1,250/mo");
    expect(screen.getByText(SALES_TAX_STATEMENT)).toBeDefined();
    expect(screen.getByText(PRICE_LOCK_STATEMENT)).toBeDefined();
  });

  it("multiplies price by quantity and rounds the monthly total to whole dollars with separators", async () => {
    installFakeApi({ [CATALOG_ROUTE]: { body: CATALOG }, [LIST]: { body: { estimates: [] } } });
    renderPricing("/price");
    const user = userEvent.setup();
    await screen.findByRole("radio", { name: "Financial Edition" });

    await chooseAddOn(user, "Time and Expense", "3");
    await chooseAddOn(user, "10 additional users", "12");
    expect(lineTotal("FE-TE")).toBe("$599.97");
    expect(lineTotal("ADD-USERS-10")).toBe("$5,400.00");
    expect(lineTotal("FE-PA")).toContain("Not chosen");
    // 1,250.00 + 599.97 + 5,400.00 = 7,249.97
    expect(monthlyTotal()).toBe("$7,250/mo");

    await user.click(screen.getByRole("radio", { name: "Enterprise Edition" }));
    // The users pack carries over; the Time and Expense pick waits for Financial Edition.
    expect(screen.getAllByTestId("addon-row").map((element) => element.dataset.inventoryId)).toEqual(["EE-MFG", "ADD-USERS-10"]);
    expect(monthlyTotal()).toBe("$10,200/mo");
    await user.click(screen.getByRole("radio", { name: "Financial Edition" }));
    expect(monthlyTotal()).toBe("$7,250/mo");
  });

  it("checks quantities as whole numbers from 1 to 9,999 and does not save while one is wrong", async () => {
    const api = installFakeApi({ [CATALOG_ROUTE]: { body: CATALOG }, [LIST]: { body: { estimates: [] } } });
    renderPricing("/price");
    const user = userEvent.setup();
    await screen.findByRole("radio", { name: "Financial Edition" });
    const input = screen.getByRole("textbox", { name: "Quantity of Time and Expense" });
    expect((input as HTMLInputElement).disabled).toBe(true);
    expect((input as HTMLInputElement).value).toBe("1");

    for (const [typed, message] of [
      ["0", "Quantity must be at least 1"],
      ["10000", "Quantity must be at most 9,999"],
      ["2.5", "Quantity must be a whole number"],
      ["two", "Quantity must be a whole number"],
    ] as const) {
      await chooseAddOn(user, "Time and Expense", typed);
      expect(within(addOnRow("FE-TE")).getByText(message)).toBeDefined();
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(monthlyTotal()).toBe("$1,250/mo");
      await user.click(screen.getByRole("checkbox", { name: "Time and Expense" }));
    }

    await user.click(screen.getByRole("checkbox", { name: "Time and Expense" }));
    await user.clear(input);
    expect(within(addOnRow("FE-TE")).getByText("Quantity must be a whole number")).toBeDefined();
    await user.click(screen.getByRole("button", { name: "Save estimate" }));
    expect(api.to(CREATE)).toEqual([]);
    expect(document.activeElement).toBe(input);

    await user.type(input, "9999");
    expect(within(addOnRow("FE-TE")).queryByText(/Quantity must/)).toBeNull();
    expect(lineTotal("FE-TE")).toBe("$1,999,700.01");
    expect(monthlyTotal()).toBe("$2,000,950/mo");
  });

  it("saves a new estimate with the chosen add-ons and opens it", async () => {
    const saved = estimateWith([lineOf("FE", "FE-BASE"), lineOf("FE", "FE-GL"), lineOf("FE", "FE-PA", 2), lineOf("FE", "FE-TE", 3)], {
      id: ESTIMATE_IDS.first,
      name: "Year one",
      is_primary: true,
    });
    const api = installFakeApi({
      [CATALOG_ROUTE]: { body: CATALOG },
      [LIST]: { body: { estimates: [] } },
      [CREATE]: { status: 201, body: saved },
      [`GET /api/pricing/estimates/${ESTIMATE_IDS.first}`]: { body: saved },
    });
    const { router } = renderPricing("/price");
    const user = userEvent.setup();
    await screen.findByRole("radio", { name: "Financial Edition" });
    await chooseAddOn(user, "Time and Expense", "3");
    await chooseAddOn(user, "Project Accounting", "2");
    await user.type(screen.getByLabelText("Estimate name (optional)"), "  Year one ");
    await user.click(screen.getByRole("button", { name: "Save estimate" }));

    await vi.waitFor(() => expect(currentUrl(router)).toBe(`/price?estimate=${ESTIMATE_IDS.first}`));
    expect(api.to(CREATE).map((request) => request.body)).toEqual([
      {
        name: "Year one",
        edition_id: "FE",
        lines: [
          { inventory_id: "FE-PA", quantity: 2 },
          { inventory_id: "FE-TE", quantity: 3 },
        ],
      },
    ]);
    expect(toasts.success).toEqual([["Success", { description: "Estimate has been saved." }]]);
    expect(await screen.findByText("Year one", { selector: "strong" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Save changes" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Save as new estimate" })).toBeDefined();
  });

  it("shows the server's field issues next to their fields and says the save failed", async () => {
    const api = installFakeApi({
      [CATALOG_ROUTE]: { body: CATALOG },
      [LIST]: { body: { estimates: [] } },
      [CREATE]: {
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: "Check the highlighted fields",
            details: [
              { path: "lines.1.inventory_id", message: "Time and Expense is not offered in this edition" },
              { path: "lines.0.quantity", message: "Too many for this add-on" },
              { path: "name", message: "Name cannot contain control characters" },
            ],
          },
        },
      },
    });
    renderPricing("/price");
    const user = userEvent.setup();
    await screen.findByRole("radio", { name: "Financial Edition" });
    await chooseAddOn(user, "Time and Expense", "3");
    await chooseAddOn(user, "Project Accounting", "2");
    await user.type(screen.getByLabelText("Estimate name (optional)"), "Plan");
    await user.click(screen.getByRole("button", { name: "Save estimate" }));

    // Lines are sent in inventory order: 0 is FE-PA, 1 is FE-TE.
    expect(await within(addOnRow("FE-TE")).findByText("Time and Expense is not offered in this edition")).toBeDefined();
    expect(screen.getByRole("checkbox", { name: "Time and Expense" }).getAttribute("aria-invalid")).toBe("true");
    expect(within(addOnRow("FE-PA")).getByText("Too many for this add-on")).toBeDefined();
    expect(screen.getByRole("textbox", { name: "Quantity of Project Accounting" }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Name cannot contain control characters")).toBeDefined();
    expect(screen.getByLabelText("Estimate name (optional)").getAttribute("aria-invalid")).toBe("true");
    expect(toasts.error).toEqual([["Error", { description: "Failed to save estimate." }]]);
    expect(api.to(CREATE)).toHaveLength(1);

    // Editing a line clears its server issue.
    await user.type(screen.getByRole("textbox", { name: "Quantity of Project Accounting" }), "1");
    expect(within(addOnRow("FE-PA")).queryByText("Too many for this add-on")).toBeNull();
  });

  it("says why when the server refuses without field issues", async () => {
    installFakeApi({
      [CATALOG_ROUTE]: { body: CATALOG },
      [LIST]: { body: { estimates: [] } },
      [CREATE]: { status: 403, body: { error: { code: "forbidden", message: "You cannot change this organization's estimates" } } },
    });
    renderPricing("/price");
    const user = userEvent.setup();
    await screen.findByRole("radio", { name: "Financial Edition" });
    await user.click(screen.getByRole("button", { name: "Save estimate" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You cannot change this organization's estimates");
    expect(toasts.error).toEqual([["Error", { description: "Failed to save estimate." }]]);
  });

  it("clears a refusal no field shows as soon as anything in the calculator changes", async () => {
    const api = installFakeApi({
      [CATALOG_ROUTE]: { body: CATALOG },
      [LIST]: { body: { estimates: [] } },
      [CREATE]: {
        status: 400,
        body: { error: { code: "validation_failed", message: "Check the estimate", details: [{ path: "lines", message: "An estimate takes at most 200 add-ons" }] } },
      },
    });
    renderPricing("/price");
    const user = userEvent.setup();
    await screen.findByRole("radio", { name: "Financial Edition" });
    await user.click(screen.getByRole("button", { name: "Save estimate" }));
    expect((await screen.findByRole("alert")).textContent).toBe("An estimate takes at most 200 add-ons");

    await user.click(screen.getByRole("checkbox", { name: "Time and Expense" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(api.to(CREATE)).toHaveLength(1);
  });

  it("offers to retry when the price list cannot be loaded", async () => {
    const api = installFakeApi({
      [CATALOG_ROUTE]: { status: 503, body: { error: { code: "unavailable", message: "Prices are unavailable right now" } } },
      [LIST]: { body: { estimates: [] } },
    });
    renderPricing("/price");
    const user = userEvent.setup();
    expect(await screen.findByText("Prices are unavailable right now")).toBeDefined();
    api.answer(CATALOG_ROUTE, { body: CATALOG });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("radio", { name: "Financial Edition" })).toBeDefined();
  });
});
