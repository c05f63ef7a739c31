import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { estimate, estimateLine, historyEntry } from "#web/features/pricing-estimates/pricing-summary-test-kit.ts";
import { formatDateTime, formatDay } from "#web/lib/format-date.ts";
import { queryKeysForEvent } from "#web/lib/realtime/event-query-keys.ts";
import { ANA, renderWithCurrentUser } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import SubscriptionPlanPage from "./subscription-plan-page.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  return renderWithCurrentUser(
    <MemoryRouter>
      <SubscriptionPlanPage />
    </MemoryRouter>,
  );
}

const LOCKED_AT = "2030-04-02T09:30:00.000Z";
const SUBSCRIPTION = estimate({
  name: "Enterprise plan",
  is_locked: true,
  locked_at: LOCKED_AT,
  locked_by_name: "Ana Lima",
  lines: [
    estimateLine({ module: "Enterprise Subscription", price_cents: 1_000_000 }),
    estimateLine({ inventory_id: "ADD-USERS-10", module: "Users", description: null, sku_type: "AddOn", price_cents: 78_850, quantity: 3 }),
  ],
});

const HISTORY = [
  historyEntry({ action: "lines_excluded", actor_name: "Eve Employee", estimate_name: "Standard plan", created_at: "2030-04-03T10:00:00.000Z" }),
  historyEntry({ action: "approval_withdrawn", actor_name: "Eve Employee", estimate_name: "Enterprise plan", created_at: "2030-04-02T11:00:00.000Z" }),
  historyEntry({ action: "locked", estimate_name: "Enterprise plan", created_at: LOCKED_AT }),
  historyEntry({ action: "set_primary", estimate_name: "Enterprise plan", actor_name: null, total_monthly_price_cents: null, created_at: "2030-04-01T09:00:00.000Z" }),
];

function historyRows(): string[][] {
  const table = within(screen.getByRole("region", { name: "Estimate history" })).getByRole("table");
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent ?? ""));
}

describe("SubscriptionPlanPage", () => {
  it("shows the locked estimate's subscription: edition, totals, since when and by whom, approval and lines", async () => {
    installFakeApi({ "GET /api/pricing/plan": { body: { subscription: SUBSCRIPTION, history: HISTORY } } });
    renderPage();
    const card = await screen.findByRole("region", { name: "Enterprise Edition" });
    expect(within(card).getByText("From the locked estimate “Enterprise plan”, which is used to configure the system.")).toBeDefined();
    // $12,365.50 a month rounds to $12,366; over five years it is $741,930.
    expect(within(card).getByTestId("plan-monthly-total").textContent).toBe("$12,366/mo");
    expect(within(card).getByTestId("plan-lock-total").textContent).toBe("$741,930");
    expect(within(card).getByTestId("plan-locked").textContent).toBe(`Since ${formatDay(LOCKED_AT)} by Ana Lima`);
    expect(within(card).getByTestId("plan-approval").textContent).toBe("Awaiting approval");
    const lines = within(card)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(lines).toEqual([
      ["Enterprise SubscriptionEnterprise Edition base subscription", "1", "$10,000.00", "$10,000.00"],
      ["Users", "3", "$788.50", "$2,365.50"],
    ]);
    expect(screen.queryByRole("link", { name: "Open calculator" })).toBeNull();
  });

  it("words every history action, newest first, with the actor and the total then", async () => {
    installFakeApi({ "GET /api/pricing/plan": { body: { subscription: SUBSCRIPTION, history: HISTORY } } });
    renderPage();
    await screen.findByRole("region", { name: "Estimate history" });
    expect(historyRows()).toEqual([
      [formatDateTime("2030-04-03T10:00:00.000Z"), "Standard plan", "Lines no longer offered were excluded", "Eve Employee", "$12,346/mo"],
      [formatDateTime("2030-04-02T11:00:00.000Z"), "Enterprise plan", "Approval withdrawn", "Eve Employee", "$12,346/mo"],
      [formatDateTime(LOCKED_AT), "Enterprise plan", "Locked", "Ana Lima", "$12,346/mo"],
      [formatDateTime("2030-04-01T09:00:00.000Z"), "Enterprise plan", "Set as primary", "—", "—"],
    ]);
  });

  it("says when nothing is locked yet and links to the calculator; the approval follows a realtime event", async () => {
    let subscription: typeof SUBSCRIPTION | null = null;
    installFakeApi({ "GET /api/pricing/plan": () => ({ body: { subscription, history: [] } }) });
    const queryClient = renderPage();
    expect(await screen.findByRole("heading", { name: "No subscription locked yet" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Open calculator" }).getAttribute("href")).toBe("/price");
    expect(screen.getByText("No estimate has been saved yet.")).toBeDefined();

    subscription = { ...SUBSCRIPTION, subscription_approved: true, approved_at: "2030-04-05T09:00:00.000Z" };
    const event = { type: "estimateHeaderChanged", organizationId: ANA.organization_id ?? "", estimateId: SUBSCRIPTION.id } as const;
    await Promise.all(queryKeysForEvent(event).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    expect((await screen.findByTestId("plan-approval")).textContent).toBe(`Approved on ${formatDay("2030-04-05T09:00:00.000Z")}`);
  });
});
