import { describe, expect, it } from "vitest";
import { LAUNCH_PLAN_LOCKED_REASON, NDA_REQUIRED_REASON } from "#common/domain/access";
import { buildNavSections, erpSiteHref, type NavSectionEntry } from "./nav-items.ts";
import { EMPLOYEE_ACCESS, MEMBER_ACCESS, accessAnswerFor } from "#web/lib/testing/access-answers.ts";
import { hasShellPage } from "./shell-pages.ts";

const everyPage = () => true;

function outline(sections: NavSectionEntry[]) {
  return sections.map((section) => ({
    section: section.label,
    state: section.state.state,
    route: section.route,
    items: section.items.map((item) => (item.state.state === "locked" ? `${item.label} (${item.state.requires})` : item.label)),
  }));
}

describe("buildNavSections", () => {
  it("lists a member's menu in spec order: no extensions, no employee items, NDA items locked, Launch Plan locked", () => {
    expect(outline(buildNavSections(MEMBER_ACCESS.items, everyPage))).toEqual([
      { section: "Dashboard", state: "visible", route: "/dashboard", items: [] },
      {
        section: "Launchpad",
        state: "visible",
        route: null,
        items: [
          "Business Setup",
          "Distribution",
          "Manufacturing",
          "Subscription Price",
          "Financial Setup",
          "Timeline Planning",
          "Data Setup (nda)",
          "NDA",
          "ERP Tenant (nda)",
        ],
      },
      { section: "Launch Plan", state: "locked", route: null, items: [] },
      {
        section: "Tools",
        state: "visible",
        route: "/tools",
        items: ["Tasks (nda)", "Issues (nda)", "Decisions (nda)", "Risks (nda)", "Requests (nda)", "Files"],
      },
      { section: "Administration", state: "visible", route: null, items: ["My Company", "Team", "Plans", "Trial Status"] },
    ]);
    const launchPlan = buildNavSections(MEMBER_ACCESS.items, everyPage)[2];
    expect(launchPlan?.state).toEqual({ state: "locked", reason: LAUNCH_PLAN_LOCKED_REASON, requires: "launchpad" });
    const tasks = buildNavSections(MEMBER_ACCESS.items, everyPage)[3]?.items[0];
    expect(tasks?.state).toEqual({ state: "locked", reason: NDA_REQUIRED_REASON, requires: "nda" });
  });

  it("lists an employee's menu: Ecommerce, Launch Plan open, Action Log (v2), extensions and employee items", () => {
    expect(outline(buildNavSections(EMPLOYEE_ACCESS.items, everyPage))).toEqual([
      { section: "Dashboard", state: "visible", route: "/dashboard", items: [] },
      {
        section: "Launchpad",
        state: "visible",
        route: null,
        items: [
          "Business Setup",
          "Distribution",
          "Manufacturing",
          "Ecommerce",
          "Subscription Price",
          "Financial Setup",
          "Timeline Planning",
          "Data Setup",
          "NDA",
          "ERP Tenant",
        ],
      },
      { section: "Launch Plan", state: "visible", route: "/system-refinement", items: ["Configuration", "Education"] },
      {
        section: "Tools",
        state: "visible",
        route: "/tools",
        items: ["Action Log", "Tasks", "Issues", "Decisions", "Risks", "Requests", "Files"],
      },
      {
        section: "Extensions",
        state: "visible",
        route: "/extensions",
        items: ["Decision-maker Dashboard", "AP Automation", "Container Management"],
      },
      {
        section: "Administration",
        state: "visible",
        route: null,
        items: ["My Company", "Team", "Plans", "Trial Status", "ERP Settings", "ETL Admin"],
      },
    ]);
  });

  it("shows only items whose page exists, and the locked Launch Plan", () => {
    const somePages = (route: string) => hasShellPage(route, [{ path: "/company" }, { path: "/team" }]);
    expect(outline(buildNavSections(MEMBER_ACCESS.items, somePages))).toEqual([
      { section: "Launch Plan", state: "locked", route: null, items: [] },
      { section: "Administration", state: "visible", route: null, items: ["My Company", "Team"] },
    ]);
    // Unlocked, Launch Plan has no page yet and nothing to open: it waits for its page.
    expect(outline(buildNavSections(EMPLOYEE_ACCESS.items, somePages))).toEqual([
      { section: "Administration", state: "visible", route: null, items: ["My Company", "Team"] },
    ]);
  });

  it("leaves out hidden items and sections, and sections left empty", () => {
    const access = accessAnswerFor({ menu: { excludeItems: ["team", "tools", "system-refinement"], customPermissions: {} } });
    const sections = buildNavSections(access.items, (route) => ["/company", "/team", "/tasks", "/system-refinement"].includes(route));
    expect(outline(sections)).toEqual([{ section: "Administration", state: "visible", route: null, items: ["My Company"] }]);
  });
});

describe("Launch Plan's milestones", () => {
  const milestones = [
    { id: "11111111-1111-4111-8111-000000000001", title: "Kickoff", status: "completed" },
    { id: "11111111-1111-4111-8111-000000000002", title: "Financials", status: "in_progress" },
  ];

  it("appends the plan's milestones to an open Launch Plan, after Configuration and Education", () => {
    const sections = buildNavSections(EMPLOYEE_ACCESS.items, everyPage, milestones);
    const launchPlan = sections.find((section) => section.id === "system-refinement");
    expect(launchPlan?.items.map((item) => [item.id, item.label, item.route, item.state.state, item.completed])).toEqual([
      ["configuration", "Configuration", "/configuration", "visible", undefined],
      ["education", "Education", "/education", "visible", undefined],
      ["milestone:11111111-1111-4111-8111-000000000001", "Kickoff", "/milestone/11111111-1111-4111-8111-000000000001", "visible", true],
      ["milestone:11111111-1111-4111-8111-000000000002", "Financials", "/milestone/11111111-1111-4111-8111-000000000002", "visible", false],
    ]);
    expect(outline(sections).filter((section) => section.section !== "Launch Plan")).toEqual(
      outline(buildNavSections(EMPLOYEE_ACCESS.items, everyPage)).filter((section) => section.section !== "Launch Plan"),
    );
  });

  it("leaves a locked Launch Plan closed", () => {
    expect(buildNavSections(MEMBER_ACCESS.items, everyPage, milestones)).toEqual(buildNavSections(MEMBER_ACCESS.items, everyPage));
  });
});

describe("erpSiteHref", () => {
  it("keeps http(s) addresses only", () => {
    expect(erpSiteHref("https://erp.example.com/tenant")).toBe("https://erp.example.com/tenant");
    expect(erpSiteHref("http://erp.example.com")).toBe("http://erp.example.com/");
    expect(erpSiteHref(null)).toBeNull();
    expect(erpSiteHref("")).toBeNull();
    expect(erpSiteHref("javascript:alert(1)")).toBeNull();
    expect(erpSiteHref("not a url")).toBeNull();
  });
});
