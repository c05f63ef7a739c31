import { configure, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { ACTION_LOG_API, ASSIGNEES, axeViolations, entryOf, listOf, queryOf, renderActionLogPage } from "#web/features/action-log/action-log-test-kit.tsx";
import { ATTACHMENTS_API, detailOf } from "#web/features/action-log/entry-detail-test-kit.tsx";

// Each step waits for a list the page loads and draws (a matrix, a board): on a busy machine that
// takes longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const LATE_DATA = entryOf({ action_log_type: "Risk", title: "Data arrives late", likelihood: "Likely", impact_level: "High" });
const KEY_USER = entryOf({ action_log_type: "Risk", title: "Key user leaves", likelihood: "Likely", impact_level: "High", status: "In Progress" });
const OUTAGE = entryOf({ action_log_type: "Risk", title: "Outage at go-live", likelihood: "Unlikely", impact_level: "Critical" });
const UNSCORED = entryOf({ action_log_type: "Risk", title: "Budget cut", likelihood: null });
const RESOLVED = entryOf({ action_log_type: "Risk", title: "Old risk", likelihood: "Almost certain", impact_level: "Low", status: "Resolved", resolution_notes: "Gone" });

/** The list and the matrix each ask for risks; the matrix asks for the active ones only. */
function installRisks() {
  return installFakeApi({
    [ACTION_LOG_API.list]: (request) =>
      queryOf(request.path).get("status") === "active"
        ? { body: listOf([LATE_DATA, KEY_USER, OUTAGE, UNSCORED], { visible_types: ["Risk"] }) }
        : { body: listOf([LATE_DATA, KEY_USER, OUTAGE, UNSCORED, RESOLVED], { visible_types: ["Risk"] }) },
    [ACTION_LOG_API.assignees]: { body: ASSIGNEES },
    // A risk opened from the matrix loads into the real detail sheet.
    [ACTION_LOG_API.entry(OUTAGE.id)]: { body: detailOf(OUTAGE) },
    [ATTACHMENTS_API]: { body: { attachments: [] } },
  });
}

/** The matrix's cell of a likelihood (row) and an impact (column), found through its headings. */
function cellOf(matrix: HTMLElement, likelihood: string, impact: string): HTMLElement {
  const column = [...matrix.querySelectorAll("thead th")].findIndex((head) => head.textContent === impact);
  const row = [...matrix.querySelectorAll("tbody tr")].find((line) => line.querySelector("th")?.textContent === likelihood);
  const cell = row?.children[column];
  if (!(cell instanceof HTMLElement) || column < 1) throw new Error(`no cell ${likelihood} × ${impact}`);
  return cell;
}

describe("the risk matrix", () => {
  it("places the active risks by likelihood (most likely on top) and impact (Low to Critical)", async () => {
    const api = installRisks();
    renderActionLogPage("/risks");
    const matrix = await screen.findByRole("table", { name: /Active risks by likelihood and impact/ });
    expect(Object.fromEntries(queryOf(api.to(ACTION_LOG_API.list).find((request) => queryOf(request.path).get("status") === "active")?.path ?? ""))).toEqual({
      page: "risks",
      status: "active",
      limit: "200",
    });
    expect(within(matrix).getAllByRole("rowheader").map((head) => head.textContent)).toEqual(["Almost certain", "Likely", "Possible", "Unlikely"]);
    expect(within(matrix).getAllByRole("columnheader").slice(1).map((head) => head.textContent)).toEqual(["Low", "Medium", "High", "Critical"]);

    const likelyHigh = cellOf(matrix, "Likely", "High");
    expect(likelyHigh.textContent).toContain("High · 9");
    expect(within(likelyHigh).getAllByRole("button").map((button) => button.textContent)).toEqual([
      `${LATE_DATA.reference}: ${LATE_DATA.title}`,
      `${KEY_USER.reference}: ${KEY_USER.title}`,
    ]);
    const unlikelyCritical = cellOf(matrix, "Unlikely", "Critical");
    expect(unlikelyCritical.textContent).toContain("Medium · 4");
    expect(within(unlikelyCritical).getByRole("button", { name: `${OUTAGE.reference}: ${OUTAGE.title}` })).toBeDefined();
    // Only active risks: the resolved one is in the list, not on the matrix.
    expect(within(cellOf(matrix, "Almost certain", "Low")).queryByRole("button")).toBeNull();
    expect(cellOf(matrix, "Almost certain", "Critical").textContent).toBe("Critical · 16");
    expect(within(matrix).getByText(/1 active risk has no likelihood yet and is not placed/)).toBeDefined();
  });

  it("has no accessibility violations axe can find without layout", async () => {
    installRisks();
    renderActionLogPage("/risks");
    await screen.findByRole("table", { name: "Risks" });
    expect(await axeViolations()).toEqual([]);
  });

  it("opens a risk from its reference on the matrix", async () => {
    const api = installRisks();
    const { router, user } = renderActionLogPage("/risks?status=Open");
    const matrix = await screen.findByRole("table", { name: /Active risks by likelihood and impact/ });
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(within(matrix).getByRole("button", { name: new RegExp(`^${OUTAGE.reference}`) }));
    expect(router.state.location.search).toBe(`?status=Open&entry=${OUTAGE.id}`);
    // The sheet asks for that risk, and only that one, and is named by it once it has loaded.
    const sheet = await screen.findByRole("dialog", { name: `${OUTAGE.reference} · ${OUTAGE.title}` });
    const entryRequests = api.requests.filter((request) => request.method === "GET" && /^\/api\/action-logs\/[0-9a-f-]{36}$/.test(request.path));
    expect(entryRequests.map((request) => request.path)).toEqual([`/api/action-logs/${OUTAGE.id}`]);
    expect(within(sheet).getByText("Risk", { selector: "span" })).toBeDefined();
  });

  it("shows each risk's likelihood, impact and score with its band in the list", async () => {
    installRisks();
    renderActionLogPage("/risks");
    const table = await screen.findByRole("table", { name: "Risks" });
    expect(within(table).getAllByRole("columnheader").map((head) => head.textContent)).toEqual(["Reference", "Title", "Status", "Likelihood", "Impact", "Score", "Assigned to", "Due date"]);
    const row = within(table).getByRole("link", { name: LATE_DATA.title }).closest("tr") as HTMLElement;
    expect(within(row).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([LATE_DATA.reference, LATE_DATA.title, "Open", "Likely", "High", "9 · High", "Unassigned", "—"]);
    expect((within(table).getByRole("link", { name: UNSCORED.title }).closest("tr") as HTMLElement).textContent).toContain("—");
  });
});
