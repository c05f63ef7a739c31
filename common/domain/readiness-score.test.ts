import { describe, expect, it } from "vitest";
import { READINESS_FACTOR_IDS, READINESS_WEIGHTS, type ReadinessFacts, computeReadiness, expectedPlanPercent } from "./readiness-score.ts";

/** An organization ready to go live: every factor at its full points. */
const READY: ReadinessFacts = {
  launchpad: { done: 10, total: 10 },
  ndaSigned: true,
  estimate: "locked",
  dataConnections: 1,
  configuration: { submitted: 4, total: 4 },
  extensions: { submitted: 0, active: 0 },
  planPercent: 100,
  planStartedOn: "2030-01-01",
  goLiveDate: "2030-07-01",
  today: "2030-06-01",
  openHighRisks: 0,
  overdueEntries: 0,
};

/** A new organization: nothing done, no dates. */
const NEW: ReadinessFacts = {
  launchpad: { done: 0, total: 10 },
  ndaSigned: false,
  estimate: "none",
  dataConnections: 0,
  configuration: { submitted: 0, total: 3 },
  extensions: { submitted: 0, active: 0 },
  planPercent: 0,
  planStartedOn: null,
  goLiveDate: null,
  today: "2030-01-01",
  openHighRisks: 0,
  overdueEntries: 0,
};

const factor = (facts: ReadinessFacts, id: string) => computeReadiness(facts).factors.find((entry) => entry.id === id)!;
const points = (facts: Partial<ReadinessFacts>, id: string) => factor({ ...READY, ...facts }, id).points;

describe("the weights", () => {
  it("add up to 100, one per factor, in the table's order", () => {
    expect(Object.values(READINESS_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100);
    expect(computeReadiness(READY).factors.map((entry) => entry.id)).toEqual([...READINESS_FACTOR_IDS]);
  });
});

describe("computeReadiness", () => {
  it("gives 100 with nothing to do when everything is done", () => {
    const readiness = computeReadiness(READY);
    expect(readiness.score).toBe(100);
    expect(readiness.nextAction).toBeNull();
    expect(readiness.factors.every((entry) => entry.points === entry.weight && entry.action === null)).toBe(true);
  });

  it("gives a new organization the points of what it cannot have yet, and sends it to the biggest gain", () => {
    const readiness = computeReadiness(NEW);
    // No high risk, nothing overdue, no active extension: 5 + 5 + 5.
    expect(readiness.score).toBe(15);
    // The Launch Plan weighs most (20); it opens once the launchpad is complete, so that comes first.
    expect(readiness.nextAction).toEqual({ label: "Complete the launchpad to open the Launch Plan", route: "/dashboard" });
    // Configuration waits for the NDA.
    expect(readiness.factors.find((entry) => entry.id === "configuration")?.action).toEqual({ label: "Sign the mutual NDA to open Configuration", route: "/nda" });
  });

  it("sends an organization past the launchpad to the Launch Plan itself", () => {
    const started = { ...NEW, launchpad: { done: 10, total: 10 }, ndaSigned: true };
    expect(computeReadiness(started).nextAction).toEqual({ label: "Work through the Launch Plan's next milestone", route: "/system-refinement" });
    expect(factor(started, "configuration").action).toEqual({ label: "Answer and submit the configuration modules", route: "/configuration" });
  });

  it("counts launchpad pages in proportion, and says how many are left", () => {
    expect(points({ launchpad: { done: 8, total: 10 } }, "launchpad")).toBe(12);
    expect(factor({ ...READY, launchpad: { done: 9, total: 10 } }, "launchpad")).toMatchObject({ detail: "9 of 10 pages done", action: { label: "Complete the launchpad: 1 page left" } });
    expect(points({ launchpad: { done: 0, total: 0 } }, "launchpad")).toBe(0);
  });

  it("gives the NDA and the data connection all or nothing", () => {
    expect(points({ ndaSigned: false }, "nda")).toBe(0);
    expect(points({ dataConnections: 0 }, "data")).toBe(0);
    expect(factor({ ...READY, dataConnections: 3 }, "data").detail).toBe("3 connections");
  });

  it("gives half the subscription's points to an unlocked estimate", () => {
    expect(points({ estimate: "unlocked" }, "subscription")).toBe(5);
    expect(points({ estimate: "none" }, "subscription")).toBe(0);
    expect(factor({ ...READY, estimate: "none" }, "subscription").action?.route).toBe("/price");
  });

  it("counts configuration modules and extension workspaces in proportion; no active extension is nothing to prepare", () => {
    expect(points({ configuration: { submitted: 1, total: 3 } }, "configuration")).toBe(5);
    expect(points({ configuration: { submitted: 0, total: 0 } }, "configuration")).toBe(0);
    expect(points({ extensions: { submitted: 1, active: 2 } }, "extensions")).toBe(2.5);
    expect(factor({ ...READY, extensions: { submitted: 0, active: 0 } }, "extensions")).toMatchObject({ points: 5, detail: "None active", action: null });
  });

  it("counts the Launch Plan's progress, clamped to 0–100", () => {
    expect(points({ planPercent: 40 }, "plan")).toBe(8);
    expect(points({ planPercent: 140 }, "plan")).toBe(20);
    expect(points({ planPercent: -5 }, "plan")).toBe(0);
  });

  it("keeps the schedule's points while progress keeps pace with the time to go-live", () => {
    // Half the time gone (Jan 1 → Jul 1, today Apr 1): 50 % due.
    const halfway = { planStartedOn: "2030-01-01", goLiveDate: "2030-07-01", today: "2030-04-01" };
    expect(factor({ ...READY, ...halfway, planPercent: 60 }, "schedule")).toMatchObject({ points: 10, detail: "On pace: 60% done, 50% due by today" });
    expect(factor({ ...READY, ...halfway, planPercent: 25 }, "schedule")).toMatchObject({ points: 5, detail: "Behind: 25% done, 50% due by today" });
    expect(points({ ...halfway, planPercent: 0, today: "2030-01-01" }, "schedule")).toBe(10);
    expect(factor({ ...READY, goLiveDate: null }, "schedule")).toMatchObject({ points: 0, action: { route: "/timeline" } });
  });

  it("takes a third of the risks' points for each open High or Critical risk, a fifth of the overdue points per entry", () => {
    expect([0, 1, 2, 3, 4].map((count) => points({ openHighRisks: count }, "risks"))).toEqual([5, 3.3, 1.7, 0, 0]);
    expect([0, 1, 5, 9].map((count) => points({ overdueEntries: count }, "overdue"))).toEqual([5, 4, 0, 0]);
    expect(factor({ ...READY, overdueEntries: 1 }, "overdue").detail).toBe("1 entry overdue");
  });

  it("breaks a tie for the next action by the table's order", () => {
    // Launchpad and configuration both miss 15 points: the launchpad comes first.
    const tied = { ...READY, launchpad: { done: 0, total: 10 }, configuration: { submitted: 0, total: 2 } };
    expect(computeReadiness(tied).nextAction?.route).toBe("/dashboard");
    expect(computeReadiness(tied).score).toBe(70);
  });
});

describe("expectedPlanPercent", () => {
  it.each([
    ["2030-01-01", "2030-01-11", "2030-01-06", 50],
    ["2030-01-01", "2030-01-11", "2029-12-01", 0],
    ["2030-01-01", "2030-01-11", "2030-02-01", 100],
    ["2030-01-11", "2030-01-01", "2030-01-05", 100],
  ])("from %s to %s, on %s: %i %", (start, goLive, today, expected) => {
    expect(expectedPlanPercent(start, goLive, today)).toBe(expected);
  });

  it("is unknown without both dates", () => {
    expect(expectedPlanPercent(null, "2030-01-01", "2030-01-01")).toBeNull();
    expect(expectedPlanPercent("2030-01-01", null, "2030-01-01")).toBeNull();
  });
});
