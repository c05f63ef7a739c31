import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DecisionMakerDashboard } from "#common/contracts/decision-maker-dashboard";
import { recordDownloadsForEachTest } from "#web/lib/testing/download-recorder.ts";
import { formatCalendarDay } from "#web/lib/format-date.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { cardByHeading, renderPage } from "#web/lib/testing/render-page.tsx";
import DecisionMakerDashboardPage from "./decision-maker-dashboard-page.tsx";

const downloads = recordDownloadsForEachTest();

const entry = (number: number, prefix: string, title: string) => ({ id: `00000000-0000-4000-8000-${String(number).padStart(12, "0")}`, reference: `${prefix}-${number}`, title, status: "Open" });

const DASHBOARD: DecisionMakerDashboard = {
  organization_name: "Acme Distribution",
  readiness: {
    score: 64,
    factors: [
      { id: "nda", label: "NDA", weight: 10, points: 10, detail: "Signed", action: null },
      { id: "subscription", label: "Subscription", weight: 10, points: 5, detail: "Estimated, not locked", action: { label: "Lock the estimate", route: "/plans" } },
    ],
    next_action: { label: "Lock the estimate", route: "/plans" },
  },
  plan: {
    milestones: [
      { id: "00000000-0000-4000-8000-0000000000a1", title: "Kick-off", completed: true },
      { id: "00000000-0000-4000-8000-0000000000a2", title: "Data migration", completed: false },
    ],
    completed: 1,
    total: 2,
    percent: 50,
    started_on: "2026-10-01",
    go_live_date: "2027-03-01",
    today: "2026-12-08",
    days_to_go_live: 83,
    expected_by_today: 0.9,
  },
  subscription: { name: "Board plan", edition_id: "FE", edition_name: "Financial Edition", locked: true, line_count: 3, monthly_total_cents: 125_000, five_year_total_cents: 7_500_000 },
  open_risks: { total: 2, items: [{ ...entry(7, "RISK", "Key user leaves"), score: 12, band: "Critical" }, { ...entry(3, "RISK", "Vendor late"), score: null, band: null }] },
  decisions_awaiting: { total: 1, items: [{ ...entry(4, "DEC", "Pick the go-live weekend"), due_date: "2026-12-20", created_at: "2026-12-01T10:00:00.000Z" }] },
  overdue: { total: 1, items: [{ ...entry(9, "TASK", "Send the vendor list"), type: "Task", due_date: "2026-12-05", days_overdue: 3 }] },
  changes_last_week: { entries_created: 5, entries_resolved: 2, milestones_completed: 1, launchpad_pages_completed: 0, modules_submitted: 1 },
  generated_at: "2026-12-08T09:00:00.000Z",
};

const GET = "GET /api/extensions/decision-maker-dashboard";
const PDF = "GET /api/extensions/decision-maker-dashboard/summary.pdf";

// Without a ResizeObserver recharts keeps the chart's initial size; jsdom would measure it 0 × 0.
beforeEach(() => {
  vi.stubGlobal("ResizeObserver", undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("DecisionMakerDashboardPage", () => {
  it("shows the score, every card and the chart's data table, and downloads the board summary", async () => {
    const api = installFakeApi({
      [GET]: { body: DASHBOARD },
      [PDF]: { body: "%PDF-1.7", headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="board-summary-acme-2026-12-08.pdf"' } },
    });
    renderPage(<DecisionMakerDashboardPage />);

    const readiness = await screen.findByRole("heading", { name: "Readiness score", level: 2 });
    expect(readiness.closest("section")?.textContent).toContain("64out of 100");
    expect(within(cardByHeading("Readiness score")).getByText("Estimated, not locked", { exact: false })).toBeTruthy();

    const plan = cardByHeading("Plan progress");
    expect(within(plan).getByText(`Go-live ${formatCalendarDay("2027-03-01")}: 83 days left`)).toBeTruthy();
    expect(within(plan).getByRole("img", { name: "1 of 2 milestones done; 0.9 expected by today at an even pace to the go-live date." })).toBeTruthy();
    // The chart's summary names it; its table opens on request.
    expect(within(plan).queryByRole("table")).toBeNull();
    await userEvent.click(within(plan).getByRole("button", { name: "Show as table" }));
    expect(within(plan).getByRole("button", { name: "Hide the table" }).getAttribute("aria-expanded")).toBe("true");
    const table = within(plan).getByRole("table");
    expect(within(table).getAllByRole("row").map((row) => row.textContent)).toEqual(["MilestoneStatus", "Kick-offDone", "Data migrationNot done", "Expected by today at an even pace0.9"]);

    const subscription = cardByHeading("Subscription");
    expect(subscription.textContent).toContain("Financial Edition");
    expect(subscription.textContent).toContain("$1,250");
    expect(subscription.textContent).toContain("$75,000");

    const risks = cardByHeading("Open risks by score");
    expect(within(risks).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["RISK-7Key user leaves12 · Critical", "RISK-3Vendor lateNot scored"]);
    expect(cardByHeading("Decisions awaiting").textContent).toContain("Due 2026-12-20");
    expect(cardByHeading("Overdue items").textContent).toContain("3 days overdue");
    expect(cardByHeading("What changed since last week").textContent).toContain("Entries resolved2");

    await userEvent.click(screen.getByRole("button", { name: "Download as PDF" }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toBe("board-summary-acme-2026-12-08.pdf");
    expect(api.to(PDF)[0]?.headers.accept).toBe("application/pdf");
  });

  it("says so when there is no estimate and nothing open", async () => {
    installFakeApi({
      [GET]: { body: { ...DASHBOARD, subscription: null, open_risks: { total: 0, items: [] }, decisions_awaiting: { total: 0, items: [] }, overdue: { total: 0, items: [] } } },
    });
    renderPage(<DecisionMakerDashboardPage />);
    await screen.findByRole("heading", { name: "Subscription", level: 2 });
    expect(cardByHeading("Subscription").textContent).toContain("No primary or locked estimate yet.");
    expect(cardByHeading("Open risks by score").textContent).toContain("No open risks.");
    expect(cardByHeading("Overdue items").textContent).toContain("Nothing is overdue.");
  });
});
