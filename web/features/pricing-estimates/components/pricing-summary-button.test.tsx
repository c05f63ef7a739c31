import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet, RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PRICE_LOCK_STATEMENT, SALES_TAX_STATEMENT } from "#common/domain/pricing";
import { estimate, estimateLine } from "#web/features/pricing-estimates/pricing-summary-test-kit.ts";
import { queryKeysForEvent } from "#web/lib/realtime/event-query-keys.ts";
import { ANA, renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { PricingSummaryButton } from "./pricing-summary-button.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The button in a layout that stays while the panel's links move to their pages. */
function renderButton(enabled = true) {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <>
          <PricingSummaryButton enabled={enabled} />
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <p>Home</p> },
        { path: "price", element: <p>Calculator page</p> },
        { path: "business", element: <p>Quick estimate page</p> },
      ],
    },
  ]);
  const queryClient = renderWithCurrentUser(<RouterProvider router={router} />);
  return { router, queryClient };
}

const LINES = [
  estimateLine({ module: "Enterprise Subscription", description: "Enterprise Edition base subscription", price_cents: 1_000_000 }),
  estimateLine({ inventory_id: "ADD-USERS-10", module: "Users", description: null, sku_type: "AddOn", price_cents: 78_850, quantity: 3 }),
];

describe("PricingSummaryButton", () => {
  it("shows the primary estimate's monthly total in whole dollars, with a name that starts the same way", async () => {
    installFakeApi({ "GET /api/pricing/primary": { body: { estimate: estimate({ total_monthly_price_cents: 1_234_550 }) } } });
    renderButton();
    const button = await screen.findByRole("button", { name: "Subscription price: $12,346/mo" });
    expect(button.textContent).toBe("$12,346/mo");
    expect(button.getAttribute("data-testid")).toBe("price-button");
  });

  it("says Subscription Price without a primary estimate", async () => {
    const api = installFakeApi({ "GET /api/pricing/primary": { body: { estimate: null } } });
    renderButton();
    await vi.waitFor(() => expect(api.to("GET /api/pricing/primary")).toHaveLength(1));
    expect((await screen.findByTestId("price-button")).textContent).toBe("Subscription Price");
    expect(screen.getByRole("button", { name: "Subscription Price" })).toBeDefined();
  });

  it("is not shown, and asks nothing, while there is no acting organization", () => {
    const api = installFakeApi({});
    renderButton(false);
    expect(screen.queryByTestId("price-button")).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it("follows a change to the primary estimate announced by a realtime event", async () => {
    let total = 1_234_550;
    installFakeApi({ "GET /api/pricing/primary": () => ({ body: { estimate: estimate({ total_monthly_price_cents: total }) } }) });
    const { queryClient } = renderButton();
    await vi.waitFor(() => expect(screen.getByTestId("price-button").textContent).toBe("$12,346/mo"));
    total = 99_949;
    const event = { type: "estimateHeaderChanged", organizationId: ANA.organization_id ?? "", estimateId: estimate().id } as const;
    await Promise.all(queryKeysForEvent(event).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    await vi.waitFor(() => expect(screen.getByTestId("price-button").textContent).toBe("$999/mo"));
  });
});

describe("PricingSummaryPanel", () => {
  it("opens on the right with the primary estimate's lines, states, total and statements", async () => {
    installFakeApi({ "GET /api/pricing/primary": { body: { estimate: estimate({ lines: LINES }) } } });
    renderButton();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Subscription price: $12,366/mo" }));
    const panel = await screen.findByRole("dialog", { name: "Pricing Summary" });
    expect(within(panel).getByRole("heading", { name: "Enterprise Edition estimate" })).toBeDefined();
    expect(within(panel).getByText("Enterprise Edition")).toBeDefined();

    const rows = within(panel).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([
      ["Enterprise SubscriptionEnterprise Edition base subscription", "1", "$10,000.00", "$10,000.00"],
      // No description could be found: the line is shown without one.
      ["Users", "3", "$788.50", "$2,365.50"],
    ]);
    expect(within(panel).getByTestId("pricing-summary-total").textContent).toBe("$12,366/mo");
    expect(within(panel).getByTestId("pricing-summary-approval").textContent).toBe("Awaiting approval");
    expect(within(panel).getByTestId("pricing-summary-lock").textContent).toBe("Not locked");
    expect(within(panel).getByText(SALES_TAX_STATEMENT)).toBeDefined();
    expect(within(panel).getByText(PRICE_LOCK_STATEMENT)).toBeDefined();
    expect(within(panel).getByTestId("live-data-status")).toBeDefined();
  });

  it("says when the estimate is locked and approved, and when lines were left out", async () => {
    installFakeApi({
      "GET /api/pricing/primary": {
        body: { estimate: estimate({ is_locked: true, subscription_approved: true, excluded_line_count: 2 }) },
      },
    });
    renderButton();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId("price-button"));
    const panel = await screen.findByRole("dialog", { name: "Pricing Summary" });
    expect(within(panel).getByTestId("pricing-summary-lock").textContent).toBe("Locked — used to configure the system");
    expect(within(panel).getByTestId("pricing-summary-approval").textContent).toBe("Approved");
    expect(within(panel).getByText("2 lines are no longer offered and left out of the total.")).toBeDefined();
  });

  it("offers the calculator and the quick estimate when there is no estimate, and closes on the way there", async () => {
    installFakeApi({ "GET /api/pricing/primary": { body: { estimate: null } } });
    const { router } = renderButton();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Subscription Price" }));
    const panel = await screen.findByRole("dialog", { name: "Pricing Summary" });
    expect(await within(panel).findByText("No estimate yet")).toBeDefined();
    expect(within(panel).getByRole("link", { name: "Get a quick estimate" }).getAttribute("href")).toBe("/business");

    await user.click(within(panel).getByRole("link", { name: "Open calculator" }));
    expect(await screen.findByText("Calculator page")).toBeDefined();
    expect(router.state.location.pathname).toBe("/price");
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Subscription Price" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("link", { name: "Get a quick estimate" }));
    expect(await screen.findByText("Quick estimate page")).toBeDefined();
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says it opens a dialog, names the open panel, and gets the focus back when the panel closes", async () => {
    installFakeApi({ "GET /api/pricing/primary": { body: { estimate: null } } });
    renderButton();
    const user = userEvent.setup();
    const button = await screen.findByRole("button", { name: "Subscription Price" });
    expect(button.getAttribute("aria-haspopup")).toBe("dialog");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.hasAttribute("aria-controls")).toBe(false);
    await user.click(button);
    const panel = await screen.findByRole("dialog", { name: "Pricing Summary" });
    await vi.waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.getAttribute("aria-controls")).toBe(panel.id);
    await user.keyboard("{Escape}");
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("shows a failed load with a retry", async () => {
    const api = installFakeApi({
      "GET /api/pricing/primary": { status: 503, body: { error: { code: "unavailable", message: "Pricing is unavailable right now" } } },
    });
    renderButton();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId("price-button"));
    const panel = await screen.findByRole("dialog", { name: "Pricing Summary" });
    expect((await within(panel).findByRole("alert")).textContent).toContain("Pricing is unavailable right now");
    api.answer("GET /api/pricing/primary", { body: { estimate: estimate() } });
    await user.click(within(panel).getByRole("button", { name: "Try again" }));
    expect(await within(panel).findByRole("heading", { name: "Enterprise Edition estimate" })).toBeDefined();
  });
});
