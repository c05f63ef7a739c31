import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Access } from "#common/contracts/access";
import type { LaunchPlan } from "#common/contracts/launch-plan";
import type { Launchpad } from "#common/contracts/launchpad";
import { LAUNCHPAD_PAGES } from "#common/domain/launchpad";
import { LAUNCH_PLAN_EXPANDED_KEY } from "#common/domain/navigation-items";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { clearSelectedOrganization } from "#web/lib/selected-organization.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { EMPLOYEE_ACCESS, MEMBER_ACCESS, accessAnswerFor } from "#web/lib/testing/access-answers.ts";
import { DISTRIBUTION, FINANCIALS, KICKOFF, MILESTONE_IDS, plan } from "#web/features/launch-plan/components/plan-test-kit.tsx";
import type * as ShellPages from "./shell-pages.ts";
import { SideNav } from "./side-nav.tsx";

// By default every page of the catalogue "exists", so that the whole menu can be checked;
// `onlyCompanyAndTeam` stands for a router with just those two pages.
const pages = vi.hoisted(() => ({ onlyCompanyAndTeam: false }));
vi.mock("./shell-pages.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof ShellPages>();
  const companyAndTeam = [{ path: "/company" }, { path: "/team" }];
  return { ...actual, hasShellPage: (route: string) => !pages.onlyCompanyAndTeam || actual.hasShellPage(route, companyAndTeam) };
});

function renderNav(access: Access, { at = "/somewhere", isEmployee = access.is_employee } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(queryKeys.currentUser, { ...ANA, is_employee: isEmployee });
  queryClient.setQueryData(queryKeys.access, access);
  const router = createMemoryRouter(
    [
      { path: "/nda", element: <p>NDA page</p> },
      { path: "*", element: <SideNav /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The top-level entries of the navigation, by visible text, in order. */
function topLevelEntries(): string[] {
  const nav = screen.getByRole("navigation", { name: "Main" });
  return [...nav.querySelectorAll(":scope > ul > li > :first-child")].map((element) => element.textContent ?? "");
}

/** The region a section's button controls (collapsed regions are hidden, so found by id). */
function sectionRegion(name: string): HTMLElement {
  const region = document.getElementById(sectionButton(name).getAttribute("aria-controls") ?? "");
  if (!region) throw new Error(`no region for ${name}`);
  return region;
}

/** The entries listed in a section, shown or not, by visible text. */
function sectionEntries(name: string): string[] {
  return [...sectionRegion(name).querySelectorAll("li > :first-child")].map((element) => element.textContent ?? "");
}

function sectionButton(name: string) {
  return screen.getByRole("button", { name });
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

/** The launchpad answer with these pages completed. */
function launchpadWith(completed: string[]): Launchpad {
  return {
    pages: LAUNCHPAD_PAGES.map((page) => ({
      ...page,
      is_completed: completed.includes(page.id),
      completed_at: completed.includes(page.id) ? "2030-01-01T00:00:00.000Z" : null,
      data_snapshot: null,
      updated_at: null,
    })),
    page_percent: completed.length * 10,
    flag_percent: 0,
    flags: { nda_signed: false, estimate_exists: false, data_connection_exists: false, configuration_submitted: false },
    trial_enabled: false,
  };
}

let api: ReturnType<typeof installFakeApi>;

const EMPTY_PLAN: LaunchPlan = plan({ milestones: [] });

beforeEach(() => {
  api = installFakeApi({ "GET /api/launchpad": { body: launchpadWith([]) }, "GET /api/launch-plan": { body: EMPTY_PLAN } });
  pages.onlyCompanyAndTeam = false;
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
    expect(sectionEntries("Tools")).toEqual(["Tools", "Tasks", "Issues", "Decisions", "Risks", "Requests", "Files"]);
    expect(sectionEntries("Administration")).toEqual(["My Company", "Team", "Plans", "Trial Status"]);
    for (const absent of ["Ecommerce", "Action Log", "Extensions", "ERP Settings", "ETL Admin", "Configuration"]) {
      expect(screen.queryByText(absent)).toBeNull();
    }
    expect(screen.queryByRole("link", { name: /ERP site/ })).toBeNull();
  });

  it("shows an employee every section, Ecommerce, Action Log (v2) and the ERP site link", () => {
    renderNav(EMPLOYEE_ACCESS);
    expect(topLevelEntries()).toEqual([
      "Dashboard",
      "Launchpad",
      "Launch Plan",
      "Tools",
      "Extensions",
      "Administration",
      "ERP site",
    ]);
    expect(sectionEntries("Launchpad")).toContain("Ecommerce");
    expect(sectionEntries("Launch Plan")).toEqual(["Launch Plan", "Configuration", "Education"]);
    expect(sectionEntries("Tools")).toEqual(["Tools", "Action Log", "Tasks", "Issues", "Decisions", "Risks", "Requests", "Files"]);
    expect(sectionEntries("Extensions")).toEqual(["Extensions", "Decision-maker Dashboard", "AP Automation", "Container Management"]);
    expect(sectionEntries("Administration")).toEqual(["My Company", "Team", "Plans", "Trial Status", "ERP Settings", "ETL Admin"]);
    const erp = screen.getByRole("link", { name: "ERP site (opens in a new tab)" });
    expect(erp.getAttribute("href")).toBe("https://erp.example.com/");
    expect(erp.getAttribute("target")).toBe("_blank");
    expect(erp.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("lists only items whose page exists, keeping the locked Launch Plan", () => {
    pages.onlyCompanyAndTeam = true;
    renderNav(MEMBER_ACCESS, { at: "/company" });
    expect(topLevelEntries()).toEqual(["Launch Plan", "Administration"]);
    expect(sectionEntries("Administration")).toEqual(["My Company", "Team"]);
    expect(screen.getByRole("link", { name: "My Company" }).getAttribute("aria-current")).toBe("page");
    // No Launchpad section listed, so no launchpad request either.
    expect(api.to("GET /api/launchpad")).toEqual([]);
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

describe("SideNav milestones", () => {
  it("lists the plan's milestones under Launch Plan after Configuration and Education, the completed ones checked", async () => {
    api.answer("GET /api/launch-plan", { body: plan() });
    renderNav(EMPLOYEE_ACCESS, { at: `/milestone/${MILESTONE_IDS.financials}` });
    await vi.waitFor(() => expect(sectionEntries("Launch Plan")).toHaveLength(6));
    expect(sectionEntries("Launch Plan")).toEqual(["Launch Plan", "Configuration", "Education", "Kickoff (completed)", "Financials", "Distribution"]);
    const region = screen.getByRole("region", { name: "Launch Plan" });
    expect(within(region).getByRole("link", { name: /^Kickoff.*\(completed\)$/ }).getAttribute("href")).toBe(`/milestone/${KICKOFF.id}`);
    expect(within(region).getByRole("link", { name: "Financials" }).getAttribute("aria-current")).toBe("page");
    expect(within(region).getByRole("link", { name: "Distribution" }).getAttribute("href")).toBe(`/milestone/${DISTRIBUTION.id}`);
    expect(api.to("GET /api/launch-plan")).toHaveLength(1);
  });

  it("does not ask for the plan while Launch Plan is locked", async () => {
    renderNav(MEMBER_ACCESS);
    await vi.waitFor(() => expect(api.to("GET /api/launchpad")).toHaveLength(1));
    expect(api.to("GET /api/launch-plan")).toEqual([]);
    expect(screen.queryByRole("link", { name: FINANCIALS.title })).toBeNull();
  });

  it("keeps the catalogue's children when the plan cannot load", async () => {
    api.answer("GET /api/launch-plan", { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side." } } });
    renderNav(accessAnswerFor({ ndaSigned: true, launchpadPercent: 100 }));
    await vi.waitFor(() => expect(api.to("GET /api/launch-plan")).toHaveLength(1));
    expect(sectionEntries("Launch Plan")).toEqual(["Launch Plan", "Configuration", "Education"]);
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
