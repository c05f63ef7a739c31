import { describe, expect, it } from "vitest";
import { describeEmptyPlan, describePlanProgress, describePlanScope } from "./plan-format.ts";
import { FINANCIALS, KICKOFF } from "./plan-test-kit.tsx";

describe("describePlanScope", () => {
  it("names where the plan's modules come from, each module once", () => {
    expect(describePlanScope({ source: "locked_estimate", modules: ["Financials", "Distribution", "Commerce"] })).toBe(
      "Your plan follows your locked estimate: Financials, Distribution and Commerce.",
    );
    expect(describePlanScope({ source: "estimate", modules: ["Financials", "financials ", "Payroll"] })).toBe(
      "Your plan follows your primary estimate: Financials and Payroll.",
    );
    expect(describePlanScope({ source: "business_aspects", modules: ["Commerce"] })).toBe(
      "Until you have an estimate, your plan follows your business aspects: Commerce.",
    );
    expect(describePlanScope({ source: "locked_estimate", modules: [] })).toBe("Your plan follows your locked estimate.");
    expect(describePlanScope({ source: "none", modules: ["Ignored"] })).toBe("There is no estimate yet, so your plan holds the milestones every plan has.");
  });

  it("says why a plan is empty", () => {
    expect(describeEmptyPlan({ source: "none", modules: [] })).toContain("you have no estimate yet");
    expect(describeEmptyPlan({ source: "business_aspects", modules: ["Payroll"] })).toBe(
      "None of the milestones match the modules of your business aspects. Review your estimate to build your plan.",
    );
  });

  it("counts completed milestones", () => {
    expect(describePlanProgress([KICKOFF, FINANCIALS])).toBe("1 of 2 milestones completed");
    expect(describePlanProgress([FINANCIALS])).toBe("0 of 1 milestone completed");
  });
});
