import type { Comparison, Estimate, EstimateHistoryEntry, EstimateLine } from "#common/contracts/pricing-estimates";
import { computePriceLockTotalCents } from "#common/domain/pricing";
import { ANA } from "#web/lib/testing/current-user.tsx";

/** Answers for the Pricing Summary, deployment plan and subscription plan tests. */

let sequence = 0;
function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`;
}

export function estimateLine(overrides: Partial<EstimateLine> = {}): EstimateLine {
  const price = overrides.price_cents ?? 10_000;
  const quantity = overrides.quantity ?? 1;
  return {
    id: nextId(),
    inventory_id: "EE-BASE",
    module: "Enterprise Subscription",
    description: "Enterprise Edition base subscription",
    sku_type: "Base",
    price_cents: price,
    quantity,
    line_total_cents: price * quantity,
    ...overrides,
  };
}

/** An estimate whose total is the sum of its lines unless given. */
export function estimate(overrides: Partial<Estimate> = {}): Estimate {
  const lines = overrides.lines ?? [estimateLine()];
  return {
    id: nextId(),
    organization_id: ANA.organization_id ?? "",
    name: "Enterprise Edition estimate",
    edition_id: "EE",
    license_type_id: "SAAS",
    source: "calculator",
    is_primary: true,
    is_locked: false,
    locked_at: null,
    locked_by_name: null,
    subscription_approved: false,
    approved_at: null,
    total_monthly_price_cents: lines.reduce((sum, line) => sum + line.line_total_cents, 0),
    line_count: lines.length,
    created_by_name: "Ana Lima",
    created_at: "2030-03-01T10:00:00.000Z",
    updated_at: "2030-03-01T10:00:00.000Z",
    lines,
    excluded_line_count: 0,
    ...overrides,
  };
}

/** The comparison answer: 5-year totals filled in, modules sorted. */
export function comparisonOf(estimates: Estimate[]): Comparison {
  const modules = [...new Set(estimates.flatMap((item) => item.lines.map((line) => line.module)))].sort();
  return {
    estimates: estimates.map((item) => ({ ...item, price_lock_total_cents: computePriceLockTotalCents(item.total_monthly_price_cents) })),
    modules,
  };
}

export function historyEntry(overrides: Partial<EstimateHistoryEntry> = {}): EstimateHistoryEntry {
  return {
    id: nextId(),
    estimate_id: nextId(),
    estimate_name: "Enterprise Edition estimate",
    action: "created",
    actor_name: "Ana Lima",
    total_monthly_price_cents: 1_234_550,
    created_at: "2030-03-01T10:00:00.000Z",
    ...overrides,
  };
}
