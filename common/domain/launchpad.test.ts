import { describe, expect, it } from "vitest";
import {
  computeFlagCompletion,
  computeLaunchpadReadings,
  computePageCompletion,
  findDonePages,
  findLaunchpadPage,
  findPagesOutsideAspects,
  isLaunchpadPageId,
  isRecalculationDue,
  isTrialEnabled,
  launchpadPageStatus,
  LAUNCHPAD_PAGE_COUNT,
  LAUNCHPAD_PAGE_IDS,
  LAUNCHPAD_PAGES,
  RECALCULATION_THROTTLE_MS,
  type LaunchpadFlags,
} from "./launchpad.ts";

describe("launchpad pages", () => {
  it("lists the ten pages in spec order with their labels and routes", () => {
    expect(LAUNCHPAD_PAGE_COUNT).toBe(10);
    expect(LAUNCHPAD_PAGES.map((page) => [page.id, page.label, page.route])).toEqual([
      ["business-setup", "Business Setup", "/goals"],
      ["distribution", "Distribution", "/distribution"],
      ["manufacturing", "Manufacturing", "/manufacturing"],
      ["ecommerce", "Ecommerce", "/ecommerce"],
      ["subscription-price", "Subscription Price", "/price"],
      ["financial-setup", "Financial Setup", "/financial-calendar"],
      ["timeline-planning", "Timeline Planning", "/timeline"],
      ["data-setup", "Data Setup", "/data-connection"],
      ["nda", "NDA", "/nda"],
      ["acumatica-tenant", "ERP Tenant", "/acumatica-tenant"],
    ]);
    expect(LAUNCHPAD_PAGES.map((page) => page.id)).toEqual([...LAUNCHPAD_PAGE_IDS]);
  });

  it("recognises page ids exactly", () => {
    expect(isLaunchpadPageId("nda")).toBe(true);
    expect(isLaunchpadPageId("NDA")).toBe(false);
    expect(isLaunchpadPageId("launchpad")).toBe(false);
    expect(findLaunchpadPage("subscription-price")?.route).toBe("/price");
    expect(findLaunchpadPage("unknown")).toBeUndefined();
  });
});

describe("computePageCompletion", () => {
  it("is 0 with nothing completed and 100 with every page", () => {
    expect(computePageCompletion([])).toBe(0);
    expect(computePageCompletion(LAUNCHPAD_PAGE_IDS)).toBe(100);
  });

  it("counts each page as a tenth", () => {
    expect(computePageCompletion(["nda"])).toBe(10);
    expect(computePageCompletion(["nda", "business-setup", "ecommerce"])).toBe(30);
    expect(computePageCompletion(LAUNCHPAD_PAGE_IDS.slice(0, 9))).toBe(90);
  });

  it("counts a page completed twice once", () => {
    expect(computePageCompletion(["nda", "nda", "nda"])).toBe(10);
    expect(computePageCompletion([...LAUNCHPAD_PAGE_IDS, ...LAUNCHPAD_PAGE_IDS])).toBe(100);
  });

  it("ignores unknown page ids, so it never passes 100", () => {
    expect(computePageCompletion(["launchpad", "NDA", "", "tasks"])).toBe(0);
    expect(computePageCompletion([...LAUNCHPAD_PAGE_IDS, "extra-page"])).toBe(100);
  });

  it("accepts any iterable", () => {
    expect(computePageCompletion(new Set(["nda", "distribution"]))).toBe(20);
  });
});

describe("computeFlagCompletion", () => {
  const none: LaunchpadFlags = {
    ndaSigned: false,
    estimateExists: false,
    dataConnectionExists: false,
    configurationSubmitted: false,
  };

  it("is the rounded share of true flags", () => {
    expect(computeFlagCompletion(none)).toBe(0);
    expect(computeFlagCompletion({ ...none, ndaSigned: true })).toBe(25);
    expect(computeFlagCompletion({ ...none, estimateExists: true, dataConnectionExists: true })).toBe(50);
    expect(computeFlagCompletion({ ...none, ndaSigned: true, estimateExists: true, configurationSubmitted: true })).toBe(
      75,
    );
    expect(
      computeFlagCompletion({ ndaSigned: true, estimateExists: true, dataConnectionExists: true, configurationSubmitted: true }),
    ).toBe(100);
  });

  it.each(Object.keys(none) as (keyof LaunchpadFlags)[])("counts %s as one of four", (flag) => {
    expect(computeFlagCompletion({ ...none, [flag]: true })).toBe(25);
  });
});

describe("isTrialEnabled", () => {
  it("needs both the signed NDA and an estimate", () => {
    expect(isTrialEnabled({ ndaSigned: true, estimateExists: true })).toBe(true);
    expect(isTrialEnabled({ ndaSigned: true, estimateExists: false })).toBe(false);
    expect(isTrialEnabled({ ndaSigned: false, estimateExists: true })).toBe(false);
    expect(isTrialEnabled({ ndaSigned: false, estimateExists: false })).toBe(false);
  });
});

describe("isRecalculationDue", () => {
  it("throttles to once per 30 s", () => {
    expect(RECALCULATION_THROTTLE_MS).toBe(30_000);
    expect(isRecalculationDue({ lastRunAt: null, now: 1_000 })).toBe(true);
    expect(isRecalculationDue({ lastRunAt: 1_000, now: 1_000 })).toBe(false);
    expect(isRecalculationDue({ lastRunAt: 1_000, now: 30_999 })).toBe(false);
    expect(isRecalculationDue({ lastRunAt: 1_000, now: 31_000 })).toBe(true);
  });

  it("runs at once when forced", () => {
    expect(isRecalculationDue({ lastRunAt: 1_000, now: 1_001, force: true })).toBe(true);
  });

  it("does not stay blocked when the clock went backwards", () => {
    expect(isRecalculationDue({ lastRunAt: 50_000, now: 10_000 })).toBe(true);
  });
});

describe("computeLaunchpadReadings", () => {
  const facts = { ndaStatus: "signed-by-prospect", estimateExists: true, dataConnectionExists: false, configurationSubmitted: false, businessAspects: [] };

  it("keeps known pages' rows, counts the completed ones and reads the flags and the trial", () => {
    const progress = [
      { pageId: "business-setup", isCompleted: true, notApplicableReason: null, note: "kept" },
      { pageId: "distribution", isCompleted: false, notApplicableReason: null, note: "draft" },
      { pageId: "retired-page", isCompleted: true, notApplicableReason: null, note: "stray" },
    ];
    const readings = computeLaunchpadReadings(facts, progress);
    expect([...readings.rows.keys()]).toEqual(["business-setup", "distribution"]);
    expect(readings.rows.get("business-setup")?.note).toBe("kept");
    expect([...readings.completed]).toEqual(["business-setup"]);
    expect(readings.flags).toEqual({ ndaSigned: true, estimateExists: true, dataConnectionExists: false, configurationSubmitted: false });
    expect(readings.pagePercent).toBe(10);
    expect(readings.flagPercent).toBe(50);
    expect(readings.trialEnabled).toBe(true);
  });

  it("reads an unsigned or missing NDA as not signed, so the trial stays off", () => {
    for (const ndaStatus of ["pending", null]) {
      const readings = computeLaunchpadReadings({ ...facts, ndaStatus }, []);
      expect(readings.flags.ndaSigned).toBe(false);
      expect(readings.trialEnabled).toBe(false);
      expect(readings.pagePercent).toBe(0);
    }
  });
});

describe("pages that do not apply", () => {
  const facts = { ndaStatus: null, estimateExists: false, dataConnectionExists: false, configurationSubmitted: false };
  const row = (pageId: string, isCompleted: boolean, notApplicableReason: string | null = null) => ({ pageId, isCompleted, notApplicableReason });

  it("counts the pages outside the business aspects as done, and none before an aspect is named", () => {
    expect([...findPagesOutsideAspects(["Services"])].sort()).toEqual(["distribution", "ecommerce", "manufacturing"]);
    expect([...findPagesOutsideAspects([" distribution ", "ECOMMERCE"])]).toEqual(["manufacturing"]);
    expect(findPagesOutsideAspects([]).size).toBe(0);

    const servicesOnly = computeLaunchpadReadings({ ...facts, businessAspects: ["Services"] }, [row("business-setup", true)]);
    expect(servicesOnly.pagePercent).toBe(40);
    expect([...servicesOnly.outsideAspects].sort()).toEqual(["distribution", "ecommerce", "manufacturing"]);
    expect(launchpadPageStatus(servicesOnly, "distribution")).toBe("not_applicable");
    expect(launchpadPageStatus(servicesOnly, "business-setup")).toBe("complete");
    expect(launchpadPageStatus(servicesOnly, "financial-setup")).toBe("incomplete");
    expect(computeLaunchpadReadings({ ...facts, businessAspects: [] }, [row("business-setup", true)]).pagePercent).toBe(10);
  });

  it("requires a page again when the aspects come to include it, and keeps a page completed inside them complete", () => {
    const progress = [row("business-setup", true), row("manufacturing", false), row("distribution", true)];
    const withManufacturing = computeLaunchpadReadings({ ...facts, businessAspects: ["Services", "Manufacturing"] }, progress);
    expect(launchpadPageStatus(withManufacturing, "manufacturing")).toBe("incomplete");
    expect(launchpadPageStatus(withManufacturing, "distribution")).toBe("complete");
    expect(withManufacturing.pagePercent).toBe(30);
  });

  it("shows a page answered \"does not apply\" as not applicable, counted as done", () => {
    const readings = computeLaunchpadReadings({ ...facts, businessAspects: ["Distribution"] }, [row("distribution", true, "We ship nothing ourselves")]);
    expect(launchpadPageStatus(readings, "distribution")).toBe("not_applicable");
    expect([...readings.done].sort()).toEqual(["distribution", "ecommerce", "manufacturing"]);
    expect(findDonePages(["distribution", "unknown"], ["Distribution"]).size).toBe(3);
  });
});
