import { describe, expect, it } from "vitest";
import { type CurriculumOutline, type StoredProgressFacts, countHighRisks, deriveOrganizationProgress } from "./organization-progress.ts";

const STORED: StoredProgressFacts = {
  today: "2026-12-08",
  joinedOn: "2026-11-08",
  ndaStatus: "signed-by-all",
  completedPages: ["business-setup", "nda"],
  businessAspects: ["Distribution"],
  goLiveDate: "2027-01-07",
  primaryLocked: false,
  lockedModules: null,
  primaryModules: ["Financials", "Distribution"],
  dataConnections: 1,
  submittedModules: ["Financials", "Payroll"],
  milestoneStates: [
    { id: "m1", status: "completed", override: null },
    { id: "m3", status: "completed", override: "exclude" },
  ],
  openRisks: [["Critical", "Likely"], ["Low", "Unlikely"], ["High", null], ["nonsense", "Likely"]],
  overdueEntries: 2,
  extensions: { submitted: 0, active: 0 },
};

const CURRICULUM: CurriculumOutline = {
  milestones: [
    { id: "m2", title: "Second", position: 2, modules: ["Distribution"] },
    { id: "m1", title: "First", position: 1, modules: [] },
    { id: "m3", title: "Excluded", position: 3, modules: [] },
    { id: "m4", title: "Manufacturing", position: 4, modules: ["Manufacturing"] },
  ],
  placements: [
    { key: "q1", milestoneId: "m1", courseId: "c1", courseModules: [], module: "Financials" },
    { key: "q2", milestoneId: "m2", courseId: "c2", courseModules: ["Distribution"], module: "Distribution" },
    { key: "q3", milestoneId: "m4", courseId: "c4", courseModules: ["Manufacturing"], module: "Manufacturing" },
    { key: "q4", milestoneId: "m3", courseId: "c1", courseModules: [], module: "Payroll" },
  ],
};

describe("an organization's progress", () => {
  it("reads the plan's milestones in order, its configuration modules and its dates from the scope", () => {
    const progress = deriveOrganizationProgress(STORED, CURRICULUM);
    // m3 is excluded by the provider, m4 is outside the estimate's modules.
    expect(progress.milestones).toEqual([
      { id: "m1", title: "First", completed: true },
      { id: "m2", title: "Second", completed: false },
    ]);
    expect(progress.facts.planPercent).toBe(50);
    // Payroll is submitted but not in the plan: Financials of Financials and Distribution counts.
    expect(progress.facts.configuration).toEqual({ submitted: 1, total: 2 });
    expect(progress.facts).toMatchObject({ ndaSigned: true, estimate: "unlocked", openHighRisks: 1, overdueEntries: 2, planStartedOn: "2026-11-08" });
    expect(progress.daysToGoLive).toBe(30);
    expect(progress.readiness.score).toBe(Math.round(progress.readiness.factors.reduce((sum, factor) => sum + factor.points, 0)));
  });

  it("counts the launchpad's pages outside the business aspects as done", () => {
    const progress = deriveOrganizationProgress({ ...STORED, businessAspects: [] }, CURRICULUM);
    expect(progress.facts.launchpad.total).toBe(10);
    expect(progress.launchpadPercent).toBe(Math.round((100 * progress.facts.launchpad.done) / 10));
    expect(progress.facts.launchpad.done).toBeGreaterThanOrEqual(2);
  });

  it("has no go-live countdown and no plan without their facts", () => {
    const progress = deriveOrganizationProgress({ ...STORED, goLiveDate: null, primaryModules: null, primaryLocked: null, businessAspects: null }, { milestones: [], placements: [] });
    expect(progress).toMatchObject({ daysToGoLive: null, milestones: [] });
    expect(progress.facts).toMatchObject({ planPercent: 0, estimate: "none", configuration: { submitted: 0, total: 0 } });
  });

  it("counts only open risks scoring High or Critical", () => {
    // 3 × 2 = 6 and 4 × 1 = 4 are Medium; 2 × 3 = 6 too; 3 × 3 = 9 is High.
    expect(countHighRisks([["High", "Possible"], ["Medium", "Likely"], ["Critical", "Unlikely"], ["High", "Likely"]])).toBe(1);
  });
});
