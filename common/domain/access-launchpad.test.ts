import { describe, expect, it } from "vitest";
import { checkItemAccess, checkRouteAccess, getNavItemState } from "./access.ts";
import { denied, memberFacts } from "./access-test-kit.ts";

// The rules that wait for the launchpad: the guided walkthrough and the Launch Plan (decision 037).

describe("guided walkthrough", () => {
  it.each([
    [0, 0],
    [40, 40],
    [33.4, 33],
    [66.6, 67],
    [99.4, 99],
    [-5, 0],
    [Number.NaN, 0],
  ])("at %s%% it is refused with N = %s", (percent, shown) => {
    const facts = memberFacts({ launchpadPercent: percent });
    const reason = `Complete all launchpad steps first (${shown}% complete)`;
    expect(getNavItemState("guided-walkthrough", facts)).toEqual({ state: "locked", reason, requires: "launchpad" });
    expect(checkRouteAccess("/guided-walkthrough", facts)).toEqual(denied(reason));
  });

  it.each([100, 99.5, 150])("at %s%% it is allowed", (percent) => {
    expect(checkRouteAccess("/guided-walkthrough", memberFacts({ launchpadPercent: percent }))).toEqual({ allowed: true });
  });
});

describe("Launch Plan section", () => {
  it("is locked in the menu with the tooltip until the launchpad is complete", () => {
    expect(getNavItemState("system-refinement", memberFacts({ launchpadPercent: 90 }))).toEqual({
      state: "locked",
      reason: "Complete the launchpad to gain access to Launch Plan!",
      requires: "launchpad",
    });
    expect(getNavItemState("system-refinement", memberFacts())).toEqual({ state: "visible" });
  });

  it("guards its pages until then, landing on the dashboard (the index would send them back)", () => {
    const facts = memberFacts({ launchpadPercent: 10 });
    const refused = { allowed: false, reason: "Complete the launchpad to gain access to Launch Plan!", redirectTo: "/dashboard" };
    for (const path of ["/system-refinement", "/launchpad", "/milestone/3", "/course/1", "/lesson/2/1", "/topic/1/2/3", "/system-refinement/milestone/1/course/2"]) {
      expect(checkRouteAccess(path, facts), path).toEqual(refused);
    }
    expect(checkItemAccess("system-refinement", facts)).toEqual(refused);
    expect(checkRouteAccess("/", facts)).toEqual({ allowed: true });
    expect(checkRouteAccess("/dashboard", facts)).toEqual({ allowed: true });
    expect(checkRouteAccess("/course/1", memberFacts())).toEqual({ allowed: true });
  });
});
