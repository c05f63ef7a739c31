import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatCalendarDay } from "#web/lib/format-date.ts";
import { PEOPLE, entryOf } from "#web/features/action-log/action-log-test-kit.tsx";
import { createdOf, historyOf } from "#web/features/action-log/entry-detail-test-kit.tsx";
import { EntryHistory } from "./entry-history.tsx";

const DECISION = entryOf({ action_log_type: "Decision", number: 3, creator: null });

/** Each save's sentences, without the times under them. */
function saves(): string[][] {
  const list = screen.getByRole("list", { name: "History" });
  return [...list.children].map((item) => [...item.querySelectorAll("p:not(:last-child), li")].map((line) => line.firstChild?.textContent ?? ""));
}

describe("EntryHistory", () => {
  it("says what each save changed, in words, with the type's own name for the note", () => {
    const history = [
      createdOf(DECISION),
      historyOf(DECISION, [
        { field: "assigned_to", from: "Ana Lima", to: "Eve Staff" },
        { field: "due_date", from: "2030-01-05", to: "2030-02-01" },
        { field: "action_log_phase", from: "Data migration", to: null },
        { field: "priority", from: "Medium", to: "High" },
      ]),
      historyOf(DECISION, [{ field: "resolution_notes", from: null, to: "Keep the old chart of accounts." }, { field: "assigned_to", from: "Eve Staff", to: null }], {
        actor: null,
        created_at: "2030-01-12T09:00:00.000Z",
      }),
      historyOf(DECISION, [], { actor: PEOPLE.ana, created_at: "2030-01-13T09:00:00.000Z" }),
    ];
    render(<EntryHistory history={history} type="Decision" />);
    expect(saves()).toEqual([
      ["Created"],
      [
        "Ben Ortiz reassigned it from Ana Lima to Eve Staff",
        `Ben Ortiz changed due date from ${formatCalendarDay("2030-01-05")} to ${formatCalendarDay("2030-02-01")}`,
        "Ben Ortiz cleared phase",
        "Ben Ortiz changed priority from Medium to High",
      ],
      ["Someone changed decision", "Someone unassigned it"],
      ["Updated by Ana Lima"],
    ]);
    expect(screen.getByText("Keep the old chart of accounts.").tagName).toBe("BLOCKQUOTE");
  });

  it("says when nothing is recorded", () => {
    render(<EntryHistory history={[]} type="Task" />);
    expect(screen.getByText("No changes recorded.")).toBeDefined();
  });
});
