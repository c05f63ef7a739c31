import { describe, expect, it } from "vitest";
import { LAUNCHPAD_PAGE_IDS } from "./launchpad.ts";
import {
  ACCESS_ITEM_IDS,
  findItemForPath,
  findNavItem,
  isAccessItemId,
  NAV_ITEMS,
  NAV_SECTIONS,
  normalizeRoutePath,
  sectionOfItem,
} from "./navigation-items.ts";

describe("navigation catalogue", () => {
  it("lists the sections in spec order", () => {
    expect(NAV_SECTIONS.map((section) => [section.id, section.label])).toEqual([
      ["dashboard", "Dashboard"],
      ["system-initialization", "Launchpad"],
      ["system-refinement", "Launch Plan"],
      ["tools", "Tools"],
      ["extensions", "Extensions"],
      ["administration", "Administration"],
    ]);
  });

  it("puts the ten launchpad pages under the Launchpad section", () => {
    const launchpad = NAV_SECTIONS.find((section) => section.id === "system-initialization");
    expect(launchpad?.items.map((item) => item.id)).toEqual([...LAUNCHPAD_PAGE_IDS]);
    expect(launchpad?.items.every((item) => item.section === "system-initialization")).toBe(true);
  });

  it("lists each section's items in order with labels and routes", () => {
    const rows = (id: string) =>
      NAV_SECTIONS.find((section) => section.id === id)?.items.map((item) => [item.id, item.label, item.route]);
    expect(rows("system-refinement")).toEqual([
      ["configuration", "Configuration", "/configuration"],
      ["education", "Education", "/education"],
    ]);
    expect(rows("tools")).toEqual([
      ["action-log", "Action Log", "/action-log"],
      ["tasks", "Tasks", "/tasks"],
      ["issues", "Issues", "/issues"],
      ["decisions", "Decisions", "/decisions"],
      ["risks", "Risks", "/risks"],
      ["open-requests", "Requests", "/open-requests"],
      ["content", "Files", "/content"],
    ]);
    expect(rows("extensions")).toEqual([
      ["decision-maker-dashboard", "Decision-maker Dashboard", "/extensions/decision-maker-dashboard"],
      ["ap-automation", "AP Automation", "/extensions/ap-automation"],
      ["container-management", "Container Management", "/extensions/container-management"],
    ]);
    expect(rows("administration")).toEqual([
      ["company", "My Company", "/company"],
      ["team", "Team", "/team"],
      ["plans", "Plans", "/plans"],
      ["trial-status", "Trial Status", "/trial-status"],
      ["acumatica-settings", "ERP Settings", "/acumatica-settings"],
      ["etl-admin", "ETL Admin", "/etl-admin"],
    ]);
  });

  it("marks Action Log as menu version v2 only", () => {
    expect(findNavItem("action-log")?.menuVersion).toBe("v2");
    expect(NAV_ITEMS.filter((item) => item.menuVersion).map((item) => item.id)).toEqual(["action-log"]);
  });

  it("starts Tools and Administration collapsed", () => {
    expect(NAV_SECTIONS.filter((section) => section.startsCollapsed).map((section) => section.id)).toEqual([
      "tools",
      "administration",
    ]);
  });

  it("covers every gating identifier of spec §2", () => {
    const specIds =
      "system-initialization, extensions, administration, dashboard, system-refinement, business-setup, ecommerce, manufacturing, nda, pricing-deployment, timeline-planning, financial-setup, data-setup, acumatica-tenant, tasks, configuration, issues, decisions, risks, open-requests, guided-walkthrough, decision-maker-dashboard, ap-automation, container-management, content, team, organization, company, plans, support, etl-admin, acumatica-settings".split(
        ", ",
      );
    for (const id of specIds) expect(isAccessItemId(id), id).toBe(true);
    expect(isAccessItemId("administration-page")).toBe(true);
    expect(isAccessItemId("unknown")).toBe(false);
    expect(new Set(ACCESS_ITEM_IDS).size).toBe(ACCESS_ITEM_IDS.length);
  });

  it("knows each item's section", () => {
    expect(sectionOfItem("tasks")).toBe("tools");
    expect(sectionOfItem("ap-automation")).toBe("extensions");
    expect(sectionOfItem("nda")).toBe("system-initialization");
    expect(sectionOfItem("extensions")).toBeNull();
    expect(sectionOfItem("administration-page")).toBeNull();
  });
});

describe("normalizeRoutePath", () => {
  it.each([
    ["/etl-admin", "/etl-admin"],
    ["/etl-admin/", "/etl-admin"],
    ["/ETL-Admin", "/etl-admin"],
    ["/etl-admin?x=1#top", "/etl-admin"],
    ["//etl-admin", "/etl-admin"],
    ["/team/../etl-admin", "/etl-admin"],
    ["/./etl-admin", "/etl-admin"],
    ["/etl%2Dadmin", "/etl-admin"],
    ["\\etl-admin", "/etl-admin"],
    ["/MemberPortal/etl-admin", "/etl-admin"],
    ["/MemberPortal", "/"],
    ["", "/"],
    ["/%E0%A4%A", "/%e0%a4%a"],
  ])("%j → %j", (path, expected) => {
    expect(normalizeRoutePath(path)).toBe(expected);
  });
});

describe("findItemForPath", () => {
  it.each([
    ["/data-connection", "data-setup"],
    ["/data-connection/setup", "data-setup"],
    ["/acumatica-tenant", "acumatica-tenant"],
    ["/configuration", "configuration"],
    ["/guided-walkthrough", "guided-walkthrough"],
    ["/issues", "issues"],
    ["/decisions", "decisions"],
    ["/open-requests", "open-requests"],
    ["/risks", "risks"],
    ["/tasks", "tasks"],
    ["/etl-admin", "etl-admin"],
    ["/acumatica-settings", "acumatica-settings"],
    ["/extensions", "extensions"],
    ["/extensions/ap-automation", "ap-automation"],
    ["/extensions/decision-maker-dashboard", "decision-maker-dashboard"],
    ["/extensions/container-management", "container-management"],
    ["/extensions/anything-else", "extensions"],
    ["/administration", "administration-page"],
    ["/goals", "business-setup"],
    ["/price", "subscription-price"],
    ["/action-log/type-definitions", "action-log"],
    ["/dashboard", "dashboard"],
    ["/pricing-deployment-plan", "pricing-deployment"],
    ["/system-refinement", "system-refinement"],
    ["/system-refinement/milestone/1/course/2", "system-refinement"],
    ["/launchpad", "system-refinement"],
    ["/milestone/3", "system-refinement"],
    ["/course/1", "system-refinement"],
    ["/lesson/2/1", "system-refinement"],
    ["/topic/1", "system-refinement"],
  ])("%j is guarded by %s", (path, item) => {
    expect(findItemForPath(path)).toBe(item);
  });

  it.each(["/", "/tasksx", "/courses", "/nowhere"])(
    "%j is guarded by no item",
    (path) => {
      expect(findItemForPath(path)).toBeNull();
    },
  );
});
