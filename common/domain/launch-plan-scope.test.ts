import { describe, expect, it } from "vitest";
import { decidePlanInclusion, formatModuleList, type PlanScope } from "./launch-plan.ts";
import { modulesOfBusinessAspects, resolvePlanScope } from "./launch-plan-scope.ts";

// Which milestones and courses an organization's plan holds, and why (decision 037).

describe("resolvePlanScope", () => {
  const none = { lockedEstimateModules: null, primaryEstimateModules: null, businessAspects: null };

  it("follows the locked estimate, then the primary one, then the business aspects", () => {
    expect(resolvePlanScope({ lockedEstimateModules: ["Manufacturing"], primaryEstimateModules: ["Distribution"], businessAspects: ["eCommerce"] })).toEqual({
      source: "locked_estimate",
      modules: ["Manufacturing"],
    });
    expect(resolvePlanScope({ ...none, primaryEstimateModules: ["Distribution"], businessAspects: ["eCommerce"] })).toEqual({ source: "estimate", modules: ["Distribution"] });
    expect(resolvePlanScope({ ...none, businessAspects: { aspects: ["eCommerce", "Manufacturing"] } })).toEqual({
      source: "business_aspects",
      modules: ["Commerce", "Commerce Connectors", "Manufacturing"],
    });
    expect(resolvePlanScope(none)).toEqual({ source: "none", modules: [] });
    // An estimate with no lines still decides: its modules are none.
    expect(resolvePlanScope({ ...none, primaryEstimateModules: [], businessAspects: ["eCommerce"] })).toEqual({ source: "estimate", modules: [] });
  });

  it("reads customers' aspect names as the catalog's modules, keeping unknown ones as written", () => {
    expect(modulesOfBusinessAspects([" ecommerce ", "DISTRIBUTION", "Field Service"])).toEqual(["Commerce", "Commerce Connectors", "Distribution", "Field Service"]);
  });
});

describe("formatModuleList", () => {
  it("joins one, two and three or more modules", () => {
    expect(formatModuleList([], "and")).toBe("");
    expect(formatModuleList(["Manufacturing"], "and")).toBe("Manufacturing");
    expect(formatModuleList(["Manufacturing", "Distribution"], "or")).toBe("Manufacturing or Distribution");
    expect(formatModuleList(["A", "B", "C", "D"], "and")).toBe("A, B, C and D");
  });
});

describe("decidePlanInclusion", () => {
  const scope = (source: PlanScope["source"], modules = ["manufacturing", "Distribution"]): PlanScope => ({ source, modules });
  const decide = (modules: string[], planScope: PlanScope, override: "include" | "exclude" | null = null) =>
    decidePlanInclusion({ modules, scope: planScope, override });

  it("follows the provider's override before anything else", () => {
    expect(decide([], scope("estimate"), "exclude")).toEqual({ included: false, reason: "Removed from your plan by the provider's team" });
    expect(decide(["Manufacturing"], scope("estimate"), "exclude").included).toBe(false);
    expect(decide(["Ecommerce"], scope("none", []), "include")).toEqual({ included: true, reason: "Added to your plan by the provider's team" });
  });

  it("includes an item without modules in every plan", () => {
    expect(decide([], scope("none", []))).toEqual({ included: true, reason: "Part of every launch plan" });
    expect(decide([" "], scope("estimate"))).toEqual({ included: true, reason: "Part of every launch plan" });
  });

  it("includes an item whose module is in scope, naming it from each source", () => {
    const reasons = (["locked_estimate", "estimate", "business_aspects"] as const).map(
      (source) => decide(["Manufacturing"], scope(source)).reason,
    );
    expect(reasons).toEqual([
      "Included because your locked estimate has Manufacturing",
      "Included because your estimate has Manufacturing",
      "Included because your business aspects include Manufacturing",
    ]);
  });

  it("names every matching module in the item's order and spelling, once", () => {
    const wide = scope("estimate", ["Ecommerce", "DISTRIBUTION", "Manufacturing"]);
    expect(decide(["Distribution", "Finance", "manufacturing", "distribution"], wide)).toEqual({
      included: true,
      reason: "Included because your estimate has Distribution and manufacturing",
    });
    expect(decide(["Manufacturing", "Distribution", "Ecommerce"], wide).reason).toBe(
      "Included because your estimate has Manufacturing, Distribution and Ecommerce",
    );
  });

  it("leaves out an item whose modules are not in scope, naming them with or", () => {
    const narrow = (source: PlanScope["source"]) => scope(source, ["Finance"]);
    expect(decide(["Manufacturing"], narrow("locked_estimate"))).toEqual({ included: false, reason: "Not in your plan: your locked estimate has no Manufacturing" });
    expect(decide(["Manufacturing", "Distribution"], narrow("estimate")).reason).toBe(
      "Not in your plan: your estimate has no Manufacturing or Distribution",
    );
    expect(decide(["Manufacturing"], narrow("business_aspects")).reason).toBe(
      "Not in your plan: your business aspects do not include Manufacturing",
    );
  });

  it("leaves out every moduled item when there is no estimate or business aspects", () => {
    expect(decide(["Manufacturing", "Distribution", "Ecommerce"], scope("none"))).toEqual({
      included: false,
      reason: "Not in your plan: no estimate or business aspects name Manufacturing, Distribution or Ecommerce",
    });
  });

  it("includes what every subscription has (Financials) before any estimate names modules", () => {
    expect(decidePlanInclusion({ modules: ["Financials"], scope: { source: "none", modules: [] }, override: null })).toEqual({
      included: true,
      reason: "Included because every subscription has Financials",
    });
    expect(decidePlanInclusion({ modules: ["financials"], scope: { source: "business_aspects", modules: ["Manufacturing"] }, override: null })).toEqual({
      included: true,
      reason: "Included because every subscription has financials",
    });
    // An estimate names its modules itself: one without Financials does not get it by this rule.
    expect(decidePlanInclusion({ modules: ["Financials"], scope: { source: "estimate", modules: ["Manufacturing"] }, override: null }).included).toBe(false);
  });
});
