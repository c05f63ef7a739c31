import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LaunchPlan } from "#common/contracts/launch-plan";
import { LAUNCH_PLAN_EXPANDED_KEY } from "#common/domain/navigation-items";
import { clearSelectedOrganization } from "#web/lib/selected-organization.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { EMPLOYEE_ACCESS, MEMBER_ACCESS, accessAnswerFor } from "#web/lib/testing/access-answers.ts";
import { plan } from "#web/features/launch-plan/components/plan-test-kit.tsx";
import { launchpadWith, renderNav, sectionButton, sectionEntries, sectionRegion } from "./side-nav-test-kit.tsx";

/** The top-level entries of the navigation, by visible text, in order. */
function topLevelEntries(): string[] {
  const nav = screen.getByRole("navigation", { name: "Main" });
  return [...nav.querySelectorAll(":scope > ul > li > :first-child")].map((element) => element.textContent ?? "");
}

/**
 * A locked entry once its tooltip's code has loaded (when the browser is idle after the first
 * render). The stand-in before it is always described by the reason; the entry with the tooltip is
 * described only while the tooltip shows.
 */
function lockedEntryWithTooltip(name: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const entry = screen.getByRole("button", { name });
      expect(entry.hasAttribute("aria-describedby")).toBe(false);
      return entry;
    },
    { timeout: 3000 },
  );
}

let api: ReturnType<typeof installFakeApi>;

const EMPTY_PLAN: LaunchPlan = plan({ milestones: [] });

beforeEach(() => {
  api = installFakeApi({ "GET /api/launchpad": { body: launchpadWith([]) }, "GET /api/launch-plan": { body: EMPTY_PLAN } });
  window.sessionStorage.clear();
  clearSelectedOrganization();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("SideNav sections", () => {
  it("shows a member the sections in spec order, without extensions or employee items", () => {
    renderNav(MEMBER_ACCESS);
    expect(topLevelEntries()).toEqual(["Dashboard", "Launchpad", "Launch Plan", "Tools", "Administration"]);
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/dashboard");
    expect(sectionEntries("Launchpad")).toEqual([
      "Business Setup",
      "Distribution",
      "Manufacturing",
      "Subscription Price",
      "Financial Setup",
      "Timeline Planning",
      "Data Setup",
      "NDA",
      "ERP Tenant",
    ]);
    // A section with a page of its own (/tools) lists it first.
    expect(sectionEntries("Tools")).toEqual(["Tools", "Tasks", "Issues", "Decisions", "Risks", "Requests", "Files"]);
    expect(sectionEntries("Administration")).toEqual(["My Company", "Team", "Plans", "Trial Status"]);
    for (const absent of ["Ecommerce", "Action Log", "Extensions", "ERP Settings", "ETL Admin", "Configuration"]) {
      expect(screen.queryByText(absent)).toBeNull();
    }
    expect(screen.queryByRole("link", { name: /ERP site/ })).toBeNull();
  });

  it("shows an employee every section that has pages, Ecommerce, Action Log (v2) and the ERP site link", () => {
    renderNav(EMPLOYEE_ACCESS);
    expect(topLevelEntries()).toEqual(["Dashboard", "Launchpad", "Launch Plan", "Tools", "Extensions", "Administration", "ERP site"]);
    expect(sectionEntries("Launchpad")).toEqual([
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
    ]);
    // A section with a page of its own lists it first.
    expect(sectionEntries("Launch Plan")).toEqual(["Launch Plan", "Configuration", "Education"]);
    expect(screen.getByRole("link", { name: "Launch Plan" }).getAttribute("href")).toBe("/system-refinement");
    expect(sectionEntries("Tools")).toEqual(["Tools", "Action Log", "Tasks", "Issues", "Decisions", "Risks", "Requests", "Files"]);
    expect(sectionEntries("Extensions")).toEqual(["Extensions", "Decision-maker Dashboard", "AP Automation", "Container Management"]);
    expect(sectionEntries("Administration")).toEqual(["My Company", "Team", "Plans", "Trial Status", "ERP Settings", "ETL Admin"]);
    const erp = screen.getByRole("link", { name: "ERP site (opens in a new tab)" });
    expect(erp.getAttribute("href")).toBe("https://erp.example.com/");
    expect(erp.getAttribute("target")).toBe("_blank");
    expect(erp.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("links the Extensions section's own page and each extension's page", () => {
    // The access answer opens Extensions and its three items to an employee.
    for (const id of ["extensions", "decision-maker-dashboard", "ap-automation", "container-management"] as const) {
      expect(EMPLOYEE_ACCESS.items[id]?.state).toBe("visible");
    }
    renderNav(EMPLOYEE_ACCESS, { at: "/company" });
    const hrefs = [...screen.getByRole("navigation", { name: "Main" }).querySelectorAll("a")].map((link) => link.getAttribute("href"));
    expect(hrefs.filter((href) => href?.startsWith("/extensions"))).toEqual([
      "/extensions",
      "/extensions/decision-maker-dashboard",
      "/extensions/ap-automation",
      "/extensions/container-management",
    ]);
    expect(screen.getByRole("link", { name: "My Company" }).getAttribute("aria-current")).toBe("page");
  });

  it("keeps the locked Launch Plan, and asks for the launchpad only while its section is listed", async () => {
    // The organization's menu leaves the Launchpad out.
    const access = accessAnswerFor({ menu: { excludeItems: ["system-initialization"], customPermissions: {} } });
    renderNav(access, { at: "/company" });
    expect(topLevelEntries()).toEqual(["Dashboard", "Launch Plan", "Tools", "Administration"]);
    expect(sectionEntries("Administration")).toEqual(["My Company", "Team", "Plans", "Trial Status"]);
    expect(screen.getByRole("link", { name: "My Company" }).getAttribute("aria-current")).toBe("page");
    // No Launchpad section listed, so no launchpad request either (nor the plan's: it is locked).
    expect(api.requests).toEqual([]);
    // Still none once the page has settled (the locked entry's tooltip code loads when idle).
    expect((await lockedEntryWithTooltip("Launch Plan")).getAttribute("aria-disabled")).toBe("true");
    expect(api.requests).toEqual([]);
  });

  it("marks the completed launchpad pages", async () => {
    api.answer("GET /api/launchpad", { body: launchpadWith(["business-setup", "nda"]) });
    renderNav(MEMBER_ACCESS);
    await vi.waitFor(() => expect(screen.getByRole("link", { name: /^Business Setup.*\(completed\)$/ })).toBeDefined());
    expect(screen.getByRole("link", { name: /^NDA.*\(completed\)$/ })).toBeDefined();
    expect(screen.getByRole("link", { name: "Distribution" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Data Setup" })).toBeDefined();
  });

  it("starts with Tools and Administration collapsed and the others expanded", () => {
    renderNav(EMPLOYEE_ACCESS);
    expect(sectionButton("Tools").getAttribute("aria-expanded")).toBe("false");
    expect(sectionButton("Administration").getAttribute("aria-expanded")).toBe("false");
    expect(sectionButton("Launchpad").getAttribute("aria-expanded")).toBe("true");
    expect(sectionButton("Launch Plan").getAttribute("aria-expanded")).toBe("true");
    expect(sectionButton("Extensions").getAttribute("aria-expanded")).toBe("true");
    // Every expandable section listed is one of these five.
    expect(screen.getAllByRole("button", { expanded: true }).length + screen.getAllByRole("button", { expanded: false }).length).toBe(5);
    expect(screen.queryByRole("link", { name: "Team" })).toBeNull();
    expect(screen.getByRole("link", { name: "Business Setup" })).toBeDefined();
  });

  it("expands a section on request, its button controlling the region", async () => {
    renderNav(EMPLOYEE_ACCESS);
    const user = userEvent.setup();
    const button = sectionButton("Administration");
    expect(sectionRegion("Administration").hidden).toBe(true);
    await user.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(within(screen.getByRole("region", { name: "Administration" })).getByRole("link", { name: "Team" })).toBeDefined();
  });

  it("opens a collapsed section on the page the user is on", () => {
    renderNav(EMPLOYEE_ACCESS, { at: "/team" });
    expect(sectionButton("Administration").getAttribute("aria-expanded")).toBe("true");
    expect(sectionButton("Tools").getAttribute("aria-expanded")).toBe("false");
  });

  it("remembers Launch Plan's expansion for the session", async () => {
    renderNav(EMPLOYEE_ACCESS);
    const user = userEvent.setup();
    await user.click(sectionButton("Launch Plan"));
    expect(sectionButton("Launch Plan").getAttribute("aria-expanded")).toBe("false");
    expect(window.sessionStorage.getItem(LAUNCH_PLAN_EXPANDED_KEY)).toBe("false");
  });

  it("opens Launch Plan as the session last left it", () => {
    window.sessionStorage.setItem(LAUNCH_PLAN_EXPANDED_KEY, "false");
    renderNav(EMPLOYEE_ACCESS);
    expect(sectionButton("Launch Plan").getAttribute("aria-expanded")).toBe("false");
  });
});

describe("SideNav locks", () => {
  it("keeps a locked Launch Plan disabled but focusable, its reason in a tooltip on focus", async () => {
    window.sessionStorage.setItem(LAUNCH_PLAN_EXPANDED_KEY, "true");
    const router = renderNav(MEMBER_ACCESS);
    const user = userEvent.setup();
    const launchPlan = await lockedEntryWithTooltip("Launch Plan");
    expect(launchPlan.getAttribute("aria-disabled")).toBe("true");
    expect(launchPlan.hasAttribute("aria-expanded")).toBe(false);
    // Dashboard link, Launchpad button, its nine entries, then Launch Plan.
    for (let step = 0; step < 12; step += 1) await user.tab();
    expect(document.activeElement).toBe(launchPlan);
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip.textContent).toBe("Complete the launchpad to gain access to Launch Plan!");
    expect(launchPlan.getAttribute("aria-describedby")).toBe(tooltip.id);
    await user.click(launchPlan);
    expect(router.state.location.pathname).toBe("/somewhere");
  });

  it("opens the NDA Required dialog for an item needing the NDA; Sign NDA goes to /nda", async () => {
    const router = renderNav(MEMBER_ACCESS);
    const user = userEvent.setup();
    const dataSetup = screen.getByRole("button", { name: "Data Setup" });
    expect(dataSetup.getAttribute("aria-haspopup")).toBe("dialog");
    await user.click(dataSetup);
    const dialog = await screen.findByRole("dialog", { name: "NDA Required" });
    expect(within(dialog).getByText(/invite you to sign a mutual NDA/).textContent).toBe(
      "Before we collect more business information and connect your data sources, we invite you to sign a mutual NDA with us.",
    );
    expect(router.state.location.pathname).toBe("/somewhere");
    await user.click(within(dialog).getByRole("button", { name: "Sign NDA" }));
    expect(router.state.location.pathname).toBe("/nda");
    expect(await screen.findByText("NDA page")).toBeDefined();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes the NDA Required dialog on Cancel, staying put", async () => {
    const router = renderNav(MEMBER_ACCESS);
    const user = userEvent.setup();
    await user.click(sectionButton("Tools"));
    await user.click(screen.getByRole("button", { name: "Tasks" }));
    const dialog = await screen.findByRole("dialog", { name: "NDA Required" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(router.state.location.pathname).toBe("/somewhere");
  });

  it("links the items the NDA opens once it is signed", () => {
    renderNav(EMPLOYEE_ACCESS);
    expect(screen.getByRole("link", { name: "Data Setup" }).getAttribute("href")).toBe("/data-connection");
    expect(screen.queryByRole("button", { name: "Data Setup" })).toBeNull();
  });
});
