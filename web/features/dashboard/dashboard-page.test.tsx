import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChecklistItem, Dashboard } from "#common/contracts/dashboard";
import { NDA_REQUIRED_REASON } from "#common/domain/access";
import { LAUNCHPAD_PAGES } from "#common/domain/launchpad";
import { queryKeysForEvent } from "#web/lib/realtime/event-query-keys.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { cardByHeading as card, renderPage } from "#web/lib/testing/render-page.tsx";
import DashboardPage from "./dashboard-page.tsx";

const ORGANIZATION_ID = "0b5c3c4e-8f59-4a8e-9d7a-2f6c1b7e9a10";
const COMPLETE = new Set(["business-setup", "distribution", "manufacturing"]);
const LOCKED = new Set(["data-setup", "acumatica-tenant"]);

function checklist(): ChecklistItem[] {
  return LAUNCHPAD_PAGES.map((page) => ({
    id: page.id,
    label: page.label,
    route: page.route,
    status: COMPLETE.has(page.id) ? "complete" : LOCKED.has(page.id) ? "locked" : "incomplete",
    locked_reason: LOCKED.has(page.id) ? NDA_REQUIRED_REASON : null,
    completed_at: COMPLETE.has(page.id) ? "2030-01-05T00:00:00.000Z" : null,
  }));
}

const DASHBOARD: Dashboard = {
  organization_name: "Acme Manufacturing",
  page_percent: 30,
  flag_percent: 50,
  milestones: [
    { id: "nda-signed", label: "NDA signed", met: false, route: "/nda", note: null },
    { id: "estimate-created", label: "Pricing estimate created", met: true, route: "/price", note: null },
    { id: "data-connection", label: "Data connection set up", met: false, route: null, note: NDA_REQUIRED_REASON },
    { id: "configuration-submitted", label: "Configuration submitted", met: false, route: null, note: "Complete the NDA step first to access this page" },
  ],
  checklist: checklist(),
  nda: { signed: false, status: null, status_text: "Not signed", action: "sign", signed_at: null },
  trial: {
    enabled: false,
    conditions: [
      { id: "nda-signed", label: "NDA signed", met: false, description: "Sign the mutual NDA on the NDA page." },
      { id: "estimate-exists", label: "Pricing estimate", met: true, description: "Your organization has a pricing estimate." },
    ],
  },
  next_step: { kind: "launchpad", id: "nda", label: "NDA", route: "/nda" },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("DashboardPage", () => {
  it("shows both readings, the checklist, the NDA, the trial and the next step from one answer", async () => {
    const api = installFakeApi({ "GET /api/dashboard": { body: DASHBOARD } });
    renderPage(<DashboardPage />);
    expect(screen.getByRole("heading", { name: "Dashboard", level: 1 })).toBeDefined();
    expect(await screen.findByText("Acme Manufacturing")).toBeDefined();

    const ring = screen.getByRole("progressbar", { name: "Launchpad completion" });
    expect(ring.getAttribute("aria-valuenow")).toBe("30");
    expect(ring.getAttribute("aria-valuemax")).toBe("100");
    expect(screen.getByText("Launchpad pages: 30%")).toBeDefined();
    expect(screen.getByText("Onboarding milestones: 50%")).toBeDefined();
    expect(screen.getByRole("progressbar", { name: "Onboarding milestones" }).getAttribute("aria-valuenow")).toBe("50");
    // Which milestones are missing, and where each is done (or why it cannot be yet).
    const milestones = within(screen.getByRole("list", { name: "Onboarding milestones" })).getAllByRole("listitem");
    expect(milestones.map((item) => item.textContent)).toEqual([
      "NDA signed (not yet)",
      "Pricing estimate created (done)",
      `Data connection set up (not yet)${NDA_REQUIRED_REASON}`,
      "Configuration submitted (not yet)Complete the NDA step first to access this page",
    ]);
    expect(within(milestones[0] as HTMLElement).getByRole("link", { name: "NDA signed" }).getAttribute("href")).toBe("/nda");
    expect(within(milestones[1] as HTMLElement).queryByRole("link")).toBeNull();
    expect(within(milestones[3] as HTMLElement).queryByRole("link")).toBeNull();

    const items = within(card("Launchpad checklist")).getAllByRole("listitem");
    expect(items).toHaveLength(10);
    expect(within(card("Launchpad checklist")).getByText("3 of 10 complete.")).toBeDefined();
    const business = items[0] as HTMLElement;
    expect(within(business).getByRole("link", { name: "Business Setup" }).getAttribute("href")).toBe("/goals");
    expect(within(business).getByText("Complete")).toBeDefined();
    const price = items[4] as HTMLElement;
    expect(within(price).getByRole("link", { name: "Subscription Price" }).getAttribute("href")).toBe("/price");
    expect(within(price).getByText("Not started")).toBeDefined();
    const dataSetup = items[7] as HTMLElement;
    expect(within(dataSetup).queryByRole("link")).toBeNull();
    expect(within(dataSetup).getByText("Data Setup")).toBeDefined();
    expect(within(dataSetup).getByText("Locked — needs the NDA")).toBeDefined();

    const next = card("Next step");
    expect(within(next).getByRole("link", { name: "Go to NDA" }).getAttribute("href")).toBe("/nda");

    const nda = card("NDA");
    expect(within(nda).getByText("Not signed")).toBeDefined();
    expect(within(nda).getByRole("link", { name: "Sign the NDA" }).getAttribute("href")).toBe("/nda");

    const trial = card("Risk-free trial");
    expect(within(trial).getByText("Your risk-free trial is not available yet")).toBeDefined();
    expect(within(trial).getByText("Not met")).toBeDefined();
    expect(within(trial).getByText("Met")).toBeDefined();
    expect(within(trial).getByRole("link", { name: "View trial status" }).getAttribute("href")).toBe("/trial-status");
    expect(api.to("GET /api/dashboard")).toHaveLength(1);
  });

  it("leads on to the Launch Plan's next milestone once the launchpad is complete", async () => {
    installFakeApi({
      "GET /api/dashboard": {
        body: {
          ...DASHBOARD,
          page_percent: 100,
          checklist: checklist().map((item) => ({ ...item, status: "complete", locked_reason: null })),
          next_step: { kind: "launch_plan", id: "m-2", label: "Discovery and kick-off", route: "/milestone/m-2" },
        } satisfies Dashboard,
      },
    });
    renderPage(<DashboardPage />);
    await screen.findByRole("heading", { name: "Next step" });
    const next = card("Next step");
    expect((await within(next).findByText(/The launchpad is complete\. Continue the Launch Plan with/)).textContent).toBe(
      "The launchpad is complete. Continue the Launch Plan with Discovery and kick-off.",
    );
    expect(within(next).getByRole("link", { name: "Go to Discovery and kick-off" }).getAttribute("href")).toBe("/milestone/m-2");
  });

  it("says when every step is complete and shows a signed NDA", async () => {
    installFakeApi({
      "GET /api/dashboard": {
        body: {
          ...DASHBOARD,
          page_percent: 100,
          flag_percent: 100,
          checklist: checklist().map((item) => ({ ...item, status: "complete", locked_reason: null })),
          nda: { signed: true, status: "signed-by-all", status_text: "Signed by both parties", action: "view", signed_at: "2030-01-03T00:00:00.000Z" },
          trial: { enabled: true, conditions: DASHBOARD.trial.conditions.map((condition) => ({ ...condition, met: true })) },
          next_step: null,
        } satisfies Dashboard,
      },
    });
    renderPage(<DashboardPage />);
    expect(await screen.findByText(/The launchpad and the Launch Plan are complete/)).toBeDefined();
    expect(within(card("Next step")).getByRole("link", { name: "Open the Launch Plan" }).getAttribute("href")).toBe("/system-refinement");
    expect(screen.getByRole("progressbar", { name: "Launchpad completion" }).getAttribute("aria-valuenow")).toBe("100");
    expect(within(card("NDA")).getByText("Signed by both parties")).toBeDefined();
    expect(within(card("NDA")).getByRole("link", { name: "View the NDA" })).toBeDefined();
    expect(within(card("Risk-free trial")).getByText("Your risk-free trial is available")).toBeDefined();
    expect(within(card("Launchpad checklist")).getAllByText("Complete")).toHaveLength(10);
  });

  it("refreshes when launchpadChanged or ndaChanged arrives", async () => {
    let percent = 30;
    const api = installFakeApi({ "GET /api/dashboard": () => ({ body: { ...DASHBOARD, page_percent: percent } }) });
    const queryClient = renderPage(<DashboardPage />);
    expect(await screen.findByText("Launchpad pages: 30%")).toBeDefined();
    for (const type of ["launchpadChanged", "ndaChanged"] as const) {
      percent += 10;
      await Promise.all(queryKeysForEvent({ type, organizationId: ORGANIZATION_ID }).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      expect(await screen.findByText(`Launchpad pages: ${percent}%`)).toBeDefined();
    }
    expect(api.to("GET /api/dashboard")).toHaveLength(3);
  });

  it("shows a failed load with a retry", async () => {
    installFakeApi({ "GET /api/dashboard": { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side" } } } });
    renderPage(<DashboardPage />);
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong on our side");
    expect(screen.getByRole("button", { name: "Try again" })).toBeDefined();
  });
});
