import { describe, expect, it } from "vitest";
import { type PortfolioFacts, isAtRisk, isGoingLiveThisMonth, isStalled, portfolioFlagsOf } from "./portfolio.ts";
import { computeReadiness, type ReadinessFacts } from "./readiness-score.ts";

const HEALTHY: ReadinessFacts = {
  launchpad: { done: 10, total: 10 },
  ndaSigned: true,
  estimate: "locked",
  dataConnections: 1,
  configuration: { submitted: 3, total: 3 },
  extensions: { submitted: 0, active: 0 },
  planPercent: 60,
  planStartedOn: "2026-10-01",
  goLiveDate: "2027-02-01",
  today: "2026-12-08",
  openHighRisks: 0,
  overdueEntries: 0,
};

function factsOf(overrides: Partial<ReadinessFacts> = {}, daysToGoLive: number | null = 55): PortfolioFacts["progress"] {
  const facts = { ...HEALTHY, ...overrides };
  return { readiness: computeReadiness(facts), daysToGoLive, facts };
}

describe("the portfolio's flags", () => {
  it("leaves a healthy organization unflagged", () => {
    expect(isAtRisk(factsOf())).toBe(false);
    expect(portfolioFlagsOf({ progress: factsOf(), lastActivityAt: new Date("2026-12-07T10:00:00Z"), joinedOn: "2026-10-01" }, new Date("2026-12-08T10:00:00Z"))).toEqual([]);
  });

  it.each<[string, Partial<ReadinessFacts>, number | null]>([
    ["an open high risk", { openHighRisks: 1 }, 55],
    ["three overdue entries", { overdueEntries: 3 }, 55],
    ["a plan far behind its pace", { planPercent: 10 }, 55],
    ["a go-live date already past", { goLiveDate: "2026-12-01" }, -7],
    ["a score under 40", { launchpad: { done: 0, total: 10 }, ndaSigned: false, estimate: "none", planPercent: 0, configuration: { submitted: 0, total: 3 } }, 55],
  ])("marks %s at risk", (_name, overrides, days) => {
    expect(isAtRisk(factsOf(overrides, days))).toBe(true);
  });

  it("keeps two overdue entries and a plan without a date from counting as at risk", () => {
    expect(isAtRisk(factsOf({ overdueEntries: 2 }))).toBe(false);
    expect(isAtRisk(factsOf({ goLiveDate: null, planPercent: 60 }, null))).toBe(false);
  });

  it("finds a go-live date later this month, not a past one nor next month's", () => {
    expect(isGoingLiveThisMonth(factsOf({ goLiveDate: "2026-12-31" }, 23))).toBe(true);
    expect(isGoingLiveThisMonth(factsOf({ goLiveDate: "2026-12-08" }, 0))).toBe(true);
    expect(isGoingLiveThisMonth(factsOf({ goLiveDate: "2026-12-07" }, -1))).toBe(false);
    expect(isGoingLiveThisMonth(factsOf({ goLiveDate: "2027-01-01" }, 24))).toBe(false);
  });

  it("calls an organization stalled after 14 days without activity, counting from when it joined when it has none", () => {
    const now = new Date("2026-12-08T12:00:00Z");
    const progress = factsOf();
    expect(isStalled({ progress, lastActivityAt: new Date("2026-11-24T12:00:00Z"), joinedOn: "2026-10-01" }, now)).toBe(true);
    expect(isStalled({ progress, lastActivityAt: new Date("2026-11-24T12:00:01Z"), joinedOn: "2026-10-01" }, now)).toBe(false);
    expect(isStalled({ progress, lastActivityAt: null, joinedOn: "2026-12-01" }, now)).toBe(false);
    expect(isStalled({ progress, lastActivityAt: null, joinedOn: "2026-11-20" }, now)).toBe(true);
  });
});
