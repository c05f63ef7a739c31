import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RealtimeEvent } from "#common/contracts/events";
import type { ToolSummary, ToolsOverview } from "#common/contracts/tools";
import { NDA_REQUIRED_REASON } from "#common/domain/access";
import { queryKeysForEvent } from "#web/lib/realtime/event-query-keys.ts";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { cardByHeading as card, renderPage } from "#web/lib/testing/render-page.tsx";
import ToolsPage from "./tools-page.tsx";

const ORGANIZATION_ID = "0b5c3c4e-8f59-4a8e-9d7a-2f6c1b7e9a10";
const ACTION_LOG_ID = "5f0d6a2e-3c1b-4e8a-9b7d-1a2b3c4d5e6f";

function tool(id: ToolSummary["id"], label: string, route: string, counts: ToolSummary["counts"]): ToolSummary {
  return { id, label, route, description: `What ${label} is for.`, locked_reason: null, counts };
}

const TASKS = tool("tasks", "Tasks", "/tasks", { kind: "entries", open: 3, overdue: 1, total: 1234 });
const ISSUES = tool("issues", "Issues", "/issues", { kind: "entries", open: 0, overdue: 0, total: 0 });
const DECISIONS = tool("decisions", "Decisions", "/decisions", { kind: "entries", open: 2, overdue: 0, total: 5 });
const FILES = tool("content", "Files", "/content", { kind: "files", files: 12, folders: 3, bytes: 4_404_019 });
const RISKS: ToolSummary = { ...tool("risks", "Risks", "/risks", null), locked_reason: NDA_REQUIRED_REASON };

const OVERVIEW: ToolsOverview = { tools: [TASKS, ISSUES, DECISIONS, RISKS, FILES] };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A counts line by its whole text: the overdue part is a span of its own. */
function countsLine(text: string) {
  return (_content: string, element: Element | null) => element?.tagName === "P" && element.textContent === text;
}

describe("ToolsPage", () => {
  it("lists each tool in the answer's order, linked, with its counts in words", async () => {
    const api = installFakeApi({ "GET /api/tools": { body: OVERVIEW } });
    renderPage(<ToolsPage />);
    expect(screen.getByRole("heading", { name: "Tools", level: 1 })).toBeDefined();
    expect(screen.getByText(/Everything your team tracks during the launch/)).toBeDefined();
    await screen.findByRole("heading", { name: "Tasks", level: 2 });

    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(["Tasks", "Issues", "Decisions", "Risks", "Files"]);

    const tasks = card("Tasks");
    expect(within(tasks).getByRole("link", { name: "Tasks" }).getAttribute("href")).toBe("/tasks");
    expect(within(tasks).getByText("What Tasks is for.")).toBeDefined();
    expect(within(tasks).getByText(/open ·/).textContent).toBe("3 open · 1 overdue · 1,234 in all");
    // Overdue entries stand out; none overdue does not.
    expect(within(tasks).getByText("1 overdue").className).toContain("text-[var(--color-destructive)]");
    expect(within(card("Decisions")).getByText(/open ·/).textContent).toBe("2 open · 0 overdue · 5 in all");
    expect(within(card("Decisions")).getByText("0 overdue").className).not.toContain("destructive");

    const issues = card("Issues");
    expect(within(issues).getByRole("link", { name: "Issues" }).getAttribute("href")).toBe("/issues");
    expect(within(issues).getByText("No entries yet")).toBeDefined();

    const files = card("Files");
    expect(within(files).getByRole("link", { name: "Files" }).getAttribute("href")).toBe("/content");
    expect(within(files).getByText(/files in/).textContent).toBe("12 files in 3 folders · 4.20 MB");
    expect(api.to("GET /api/tools")).toHaveLength(1);
  });

  it("says when the library is empty, and leaves out folders when every file is at the top", async () => {
    installFakeApi({
      "GET /api/tools": {
        body: {
          tools: [
            { ...FILES, counts: { kind: "files", files: 0, folders: 0, bytes: 0 } },
            { ...FILES, id: "action-log", label: "Single file", counts: { kind: "files", files: 1, folders: 0, bytes: 512 } },
          ],
        } satisfies ToolsOverview,
      },
    });
    renderPage(<ToolsPage />);
    await screen.findByRole("heading", { name: "Files", level: 2 });
    expect(within(card("Files")).getByText("No files yet")).toBeDefined();
    expect(within(card("Single file")).getByText(/Bytes/).textContent).toBe("1 file · 512 Bytes");
  });

  it("shows a locked tool's reason, with no link and no counts", async () => {
    installFakeApi({ "GET /api/tools": { body: OVERVIEW } });
    renderPage(<ToolsPage />);
    await screen.findByRole("heading", { name: "Risks", level: 2 });
    const risks = card("Risks");
    expect(within(risks).queryByRole("link")).toBeNull();
    expect(within(risks).getByText(NDA_REQUIRED_REASON)).toBeDefined();
    expect(within(risks).getByText("What Risks is for.")).toBeDefined();
    expect(within(risks).queryByText(/·|yet$/)).toBeNull();
    // The lock icon is decoration: the reason says it.
    expect(risks.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
  });

  it("refreshes when entries or files change", async () => {
    let open = 3;
    const api = installFakeApi({
      "GET /api/tools": () => ({ body: { tools: [{ ...TASKS, counts: { kind: "entries", open, overdue: 0, total: 20 } }] } satisfies ToolsOverview }),
    });
    const queryClient = renderPage(<ToolsPage />);
    expect(await screen.findByText(countsLine("3 open · 0 overdue · 20 in all"))).toBeDefined();
    const events: RealtimeEvent[] = [
      { type: "actionLogsChanged", organizationId: ORGANIZATION_ID, actionLogId: ACTION_LOG_ID },
      { type: "contentChanged", organizationId: ORGANIZATION_ID },
    ];
    for (const event of events) {
      open += 1;
      await Promise.all(queryKeysForEvent(event).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      expect(await screen.findByText(countsLine(`${open} open · 0 overdue · 20 in all`))).toBeDefined();
    }
    expect(api.to("GET /api/tools")).toHaveLength(3);
  });

  it("shows a failed load with a retry that asks again", async () => {
    const api = installFakeApi({ "GET /api/tools": { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side" } } } });
    renderPage(<ToolsPage />);
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong on our side");
    api.answer("GET /api/tools", { body: OVERVIEW });
    screen.getByRole("button", { name: "Try again" }).click();
    expect(await screen.findByRole("heading", { name: "Tasks", level: 2 })).toBeDefined();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(api.to("GET /api/tools")).toHaveLength(2);
  });
});
