import { RouterProvider, createMemoryRouter, Link, Outlet } from "react-router";
import type { CurrentUser } from "#common/contracts/account";
import type { CatalogAnswer, CatalogRow } from "#common/contracts/pricing-catalog";
import type { Estimate, EstimateLine, EstimateSummary } from "#common/contracts/pricing-estimates";
import { ANA, renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import BusinessPage from "./pages/business-page.tsx";
import PricePage from "./pages/price-page.tsx";

/** Test-only: a small price list, estimates built from it, and /price and /business in a data router. */

export const ORGANIZATION_ID = ANA.organization_id ?? "0b5c3c4e-8f59-4a8e-9d7a-2f6c1b7e9a10";

function row(overrides: Partial<CatalogRow> & Pick<CatalogRow, "inventory_id" | "edition_id" | "price_cents">): CatalogRow {
  return {
    description: overrides.inventory_id,
    module: "General",
    sku_type: "AddOn",
    license_type_id: "SAAS",
    contract_type: "SUB",
    is_calculator_visible: true,
    ...overrides,
  };
}

export const CATALOG_ROWS: CatalogRow[] = [
  row({ inventory_id: "ADD-USERS-10", edition_id: "FE", price_cents: 45_000, module: "Users", description: "10 additional users" }),
  row({ inventory_id: "FE-BASE", edition_id: "FE", price_cents: 125_000, module: "Financials", sku_type: "Base", description: "Financial Edition subscription" }),
  row({ inventory_id: "FE-GL", edition_id: "FE", price_cents: 0, module: "Financials", sku_type: "Core", contract_type: "SP", description: "General Ledger" }),
  row({ inventory_id: "FE-HIDDEN", edition_id: "FE", price_cents: 9_900, module: "Time and Expense", is_calculator_visible: false, description: "Hidden add-on" }),
  row({ inventory_id: "FE-PA", edition_id: "FE", price_cents: 34_950, module: "Project Accounting", description: "Project Accounting" }),
  row({ inventory_id: "FE-PERP", edition_id: "FE", price_cents: 10_000, module: "Time and Expense", license_type_id: "PERPETUAL", description: "Perpetual add-on" }),
  row({ inventory_id: "FE-TE", edition_id: "FE", price_cents: 19_999, module: "Time and Expense", description: "Time and Expense" }),
  row({ inventory_id: "SE-BASE", edition_id: "SE", price_cents: 245_000, module: "Distribution", sku_type: "Base", description: "Standard Edition subscription" }),
  row({ inventory_id: "SE-WMS", edition_id: "SE", price_cents: 61_225, module: "Warehouse Management", description: "Warehouse Management" }),
  row({ inventory_id: "CE-BASE", edition_id: "CE", price_cents: 310_000, module: "Commerce", sku_type: "Base", description: "Commerce Edition subscription" }),
  row({ inventory_id: "ADD-USERS-10", edition_id: "EE", price_cents: 45_000, module: "Users", description: "10 additional users" }),
  row({ inventory_id: "EE-BASE", edition_id: "EE", price_cents: 480_000, module: "Enterprise", sku_type: "Base", description: "Enterprise Edition subscription" }),
  row({ inventory_id: "EE-MFG", edition_id: "EE", price_cents: 149_900, module: "Manufacturing", description: "Manufacturing" }),
];

export const CATALOG: CatalogAnswer = { rows: CATALOG_ROWS, updated_at: "2030-01-01T00:00:00.000Z" };

let lineCounter = 0;

/** An estimate line priced as `inventoryId` in `editionId`'s catalog row. */
export function lineOf(editionId: string, inventoryId: string, quantity = 1): EstimateLine {
  const source = CATALOG_ROWS.find((candidate) => candidate.edition_id === editionId && candidate.inventory_id === inventoryId);
  if (!source) throw new Error(`no catalog row ${editionId}/${inventoryId}`);
  lineCounter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(lineCounter).padStart(12, "0")}`,
    inventory_id: inventoryId,
    module: source.module,
    description: source.description,
    sku_type: source.sku_type,
    price_cents: source.price_cents,
    quantity,
    line_total_cents: source.price_cents * quantity,
  };
}

export function estimateSummary(overrides: Partial<EstimateSummary> & Pick<EstimateSummary, "id">): EstimateSummary {
  return {
    organization_id: ORGANIZATION_ID,
    name: "Financial Edition estimate",
    edition_id: "FE",
    license_type_id: "SAAS",
    source: "calculator",
    is_primary: false,
    is_locked: false,
    locked_at: null,
    locked_by_name: null,
    subscription_approved: false,
    approved_at: null,
    total_monthly_price_cents: 125_000,
    line_count: 2,
    created_by_name: "Ana Lima",
    created_at: "2030-01-02T09:30:00.000Z",
    updated_at: "2030-01-02T09:30:00.000Z",
    ...overrides,
  };
}

/** An estimate with `lines`, its total and line count theirs (whatever `overrides` says). */
export function estimateWith(lines: EstimateLine[], overrides: Partial<Estimate> & Pick<Estimate, "id">): Estimate {
  const total = lines.reduce((sum, line) => sum + line.line_total_cents, 0);
  return {
    ...estimateSummary(overrides),
    excluded_line_count: 0,
    ...overrides,
    lines,
    total_monthly_price_cents: total,
    line_count: lines.length,
  };
}

export const ESTIMATE_IDS = {
  first: "11111111-1111-4111-8111-111111111111",
  second: "22222222-2222-4222-8222-222222222222",
  third: "33333333-3333-4333-8333-333333333333",
} as const;

export const EMPLOYEE: CurrentUser = { ...ANA, id: "user-employee", email: "eve@provider.example", full_name: "Eve Employee", is_employee: true };
export const ADMIN: CurrentUser = { ...ANA, id: "user-admin", email: "mia@acme.example", full_name: "Mia Admin", role: "member_admin" };

/**
 * /price and /business in a data router (the leave guard needs one) beside a "Leave" link to
 * /elsewhere, as `user`; returns the query client and the router.
 */
export function renderPricing(path: string | readonly (string | { pathname: string; search: string; state: unknown })[], user: CurrentUser = ANA) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Link to="/elsewhere">Leave</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: "/price", element: <PricePage /> },
          { path: "/business", element: <BusinessPage /> },
          { path: "/elsewhere", element: <h1>Elsewhere</h1> },
        ],
      },
    ],
    { initialEntries: typeof path === "string" ? [path] : [...path] },
  );
  const queryClient = renderWithCurrentUser(<RouterProvider router={router} />, user);
  return { queryClient, router };
}

/** The address the router is at, search included. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}
