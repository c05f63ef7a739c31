import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { comparisonOf, estimate, estimateLine } from "#web/features/pricing-estimates/pricing-summary-test-kit.ts";
import { renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import DeploymentPlanPage from "./deployment-plan-page.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  renderWithCurrentUser(
    <MemoryRouter>
      <DeploymentPlanPage />
    </MemoryRouter>,
  );
}

const base = (price: number) => estimateLine({ module: "Subscription", description: "Base subscription", price_cents: price });
const warehouse = (quantity: number) =>
  estimateLine({ inventory_id: "ADD-WMS", module: "Warehouse Management", sku_type: "AddOn", price_cents: 50_000, quantity });
const finance = () => estimateLine({ inventory_id: "CORE-GL", module: "Financials", sku_type: "Core", price_cents: 0 });

const LOCKED = estimate({
  name: "Enterprise plan",
  edition_id: "EE",
  is_primary: true,
  is_locked: true,
  subscription_approved: true,
  lines: [base(1_000_000), finance(), warehouse(2)],
});
const DRAFT = estimate({ name: "Standard plan", edition_id: "SE", is_primary: false, lines: [base(400_000), finance()] });

/** Each body row as its header and cells' text. */
function bodyRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [within(row).getByRole("rowheader").textContent ?? "", ...within(row).getAllByRole("cell").map((cell) => cell.textContent ?? "")]);
}

describe("DeploymentPlanPage", () => {
  it("puts one column per estimate with its badges, marking the locked one as configuring the system", async () => {
    installFakeApi({ "GET /api/pricing/comparison": { body: comparisonOf([LOCKED, DRAFT]) } });
    renderPage();
    expect(screen.getByRole("heading", { name: "Pricing Deployment Plan", level: 1 })).toBeDefined();
    const table = await screen.findByRole("table");
    const columns = within(table).getAllByRole("columnheader");
    expect(columns.map((column) => column.textContent)).toEqual([
      "Enterprise planEnterprise EditionPrimaryLockedApprovedConfigures the system",
      "Standard planStandard Edition",
    ]);
    expect(within(table).getAllByText("Configures the system")).toHaveLength(1);
    expect(screen.getByRole("region", { name: "Comparison table" }).getAttribute("tabindex")).toBe("0");
  });

  it("compares the totals, then each module, and marks the modules that differ", async () => {
    installFakeApi({ "GET /api/pricing/comparison": { body: comparisonOf([LOCKED, DRAFT]) } });
    renderPage();
    const table = await screen.findByRole("table");
    expect(bodyRows(table)).toEqual([
      // $11,000 × 60 and $4,000 × 60: the five-year price lock.
      ["Monthly total", "$11,000/mo", "$4,000/mo"],
      ["5-year total", "$660,000", "$240,000"],
      ["Financials", "IncludedQty 1 · $0.00", "IncludedQty 1 · $0.00"],
      ["SubscriptionDiffers", "IncludedQty 1 · $10,000.00", "IncludedQty 1 · $4,000.00"],
      ["Warehouse ManagementDiffers", "IncludedQty 2 · $1,000.00", "Not included"],
    ]);
    expect(screen.getByText("2 modules differ between estimates (marked “Differs”).")).toBeDefined();
    const differing = within(table)
      .getAllByRole("row")
      .filter((row) => row.getAttribute("data-differs") === "true")
      .map((row) => within(row).getByRole("rowheader").textContent);
    expect(differing).toEqual(["SubscriptionDiffers", "Warehouse ManagementDiffers"]);
  });

  it("sums a module's several lines in one cell", async () => {
    const packs = estimate({
      lines: [
        estimateLine({ inventory_id: "ADD-USERS-10", module: "Users", price_cents: 10_000, quantity: 2 }),
        estimateLine({ inventory_id: "ADD-USERS-50", module: "Users", price_cents: 40_000, quantity: 1 }),
      ],
    });
    installFakeApi({ "GET /api/pricing/comparison": { body: comparisonOf([packs]) } });
    renderPage();
    const table = await screen.findByRole("table");
    expect(bodyRows(table)[2]).toEqual(["Users", "Included2 items · $600.00"]);
    expect(screen.getByText("One estimate so far: create another to compare.")).toBeDefined();
  });

  it("without estimates, links to the quick estimate and the calculator", async () => {
    installFakeApi({ "GET /api/pricing/comparison": { body: { estimates: [], modules: [] } } });
    renderPage();
    expect(await screen.findByRole("heading", { name: "No estimates yet" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Get a quick estimate" }).getAttribute("href")).toBe("/business");
    expect(screen.getByRole("link", { name: "Open calculator" }).getAttribute("href")).toBe("/price");
    expect(screen.queryByRole("table")).toBeNull();
  });
});
