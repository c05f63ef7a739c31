import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Portfolio, PortfolioOrganization } from "#common/contracts/portfolio";
import { getSelectedOrganizationId } from "#web/lib/selected-organization.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { FakeEventSource } from "#web/lib/testing/fake-event-source.ts";
import { renderPage } from "#web/lib/testing/render-page.tsx";
import PortfolioPage from "./portfolio-page.tsx";
import { describeDaysToGoLive, sortOrganizations } from "./portfolio-view.ts";

function organization(id: string, name: string, overrides: Partial<PortfolioOrganization> = {}): PortfolioOrganization {
  return {
    id, name, score: 50, next_action: null, launchpad_percent: 50, plan_percent: 20, go_live_date: null, days_to_go_live: null,
    open_high_risks: 0, overdue_items: 0, open_help_requests: 0, last_activity_at: null, flags: [], ...overrides,
  };
}

const MIDWAY = organization("00000000-0000-4000-8000-000000000002", "Midway Traders", {
  score: 61, go_live_date: "2027-01-20", days_to_go_live: 43, open_high_risks: 2, overdue_items: 3, flags: ["at_risk"],
  next_action: { label: "Mitigate or close the High and Critical risks", route: "/risks" },
});
const INVITED = organization("00000000-0000-4000-8000-000000000001", "Just Invited", { score: 15, flags: ["at_risk", "stalled"] });
const LAUNCHING = organization("00000000-0000-4000-8000-000000000003", "Launch Week", { score: 88, go_live_date: "2026-12-15", days_to_go_live: 7, flags: ["going_live_this_month"] });

const PORTFOLIO: Portfolio = { organizations: [MIDWAY, INVITED, LAUNCHING], generated_at: new Date().toISOString() };

const rowNames = () => screen.getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("button")[0]?.textContent);

beforeEach(() => {
  FakeEventSource.created = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("PortfolioPage", () => {
  it("lists the organizations lowest score first, sorts by a heading and filters by what needs attention", async () => {
    installFakeApi({ "GET /api/employee/portfolio": { body: PORTFOLIO } });
    renderPage(<PortfolioPage />);
    await screen.findByRole("table");
    expect(rowNames()).toEqual(["Just Invited", "Midway Traders", "Launch Week"]);
    expect(screen.getByRole("columnheader", { name: /Score/ }).getAttribute("aria-sort")).toBe("ascending");

    await userEvent.click(screen.getByRole("button", { name: "Score" }));
    expect(rowNames()).toEqual(["Launch Week", "Midway Traders", "Just Invited"]);
    // Phones sort from a menu (the headings hide when rows stack).
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Organization, A to Z");
    expect(rowNames()).toEqual(["Just Invited", "Launch Week", "Midway Traders"]);
    await userEvent.click(screen.getByRole("button", { name: "Go-live" }));
    // Organizations without a date come last.
    expect(rowNames()).toEqual(["Launch Week", "Midway Traders", "Just Invited"]);

    await userEvent.click(screen.getByRole("button", { name: "At risk (2)" }));
    expect(screen.getByRole("button", { name: "At risk (2)" }).getAttribute("aria-pressed")).toBe("true");
    expect(rowNames()).toEqual(["Midway Traders", "Just Invited"]);
    await userEvent.click(screen.getByRole("button", { name: "Going live this month (1)" }));
    expect(rowNames()).toEqual(["Launch Week"]);
    await userEvent.click(screen.getByRole("button", { name: "All (3)" }));
    await userEvent.type(screen.getByRole("searchbox", { name: "Search organizations by name" }), "mid");
    expect(rowNames()).toEqual(["Midway Traders"]);
    const row = screen.getAllByRole("row")[1] as HTMLElement;
    expect(within(row).getByText("Next: Mitigate or close the High and Critical risks")).toBeDefined();
    expect(within(row).getByText("(in 43 days)")).toBeDefined();
  });

  it("asks again when any organization's event arrives on the employees' stream, and stops listening when left", async () => {
    const api = installFakeApi({ "GET /api/employee/portfolio": { body: PORTFOLIO } });
    renderPage(<PortfolioPage />);
    await screen.findByRole("table");
    const stream = FakeEventSource.created[0] as FakeEventSource;
    expect(stream.url).toBe("/api/employee/events");
    stream.fireOpen();
    await vi.waitFor(() => expect(api.to("GET /api/employee/portfolio")).toHaveLength(2), { timeout: 3_000 });
    stream.fireUnnamedMessage(JSON.stringify({ type: "actionLogsChanged", organizationId: MIDWAY.id }));
    await vi.waitFor(() => expect(api.to("GET /api/employee/portfolio")).toHaveLength(3), { timeout: 3_000 });
    cleanup();
    expect(stream.closed).toBe(true);
  });

  it("acts for the organization chosen", async () => {
    installFakeApi({ "GET /api/employee/portfolio": { body: PORTFOLIO } });
    renderPage(<PortfolioPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Launch Week: act for this organization" }));
    expect(getSelectedOrganizationId()).toBe(LAUNCHING.id);
  });

  it("words the days to go-live and keeps rows without a value last", () => {
    expect([describeDaysToGoLive(0), describeDaysToGoLive(1), describeDaysToGoLive(-3), describeDaysToGoLive(null)]).toEqual(["today", "in 1 day", "3 days ago", null]);
    expect(sortOrganizations([INVITED, LAUNCHING], "go_live", "descending").map((entry) => entry.name)).toEqual(["Launch Week", "Just Invited"]);
  });
});
