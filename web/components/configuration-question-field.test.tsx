import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { ConfigurationDraft } from "#common/domain/configuration-answers";
import { formatCalendarDay } from "#web/lib/format-date.ts";
import { ConfigurationQuestionField, type ConfigurationQuestionMeta } from "./configuration-question-field.tsx";

function question(overrides: Partial<ConfigurationQuestionMeta>): ConfigurationQuestionMeta {
  return { key: "q-test", prompt: "How many companies?", help: "Each legal entity counts.", kind: "number", options: [], required: true, ...overrides };
}

/** The field held by state like a form holds it; `changes` records every draft it reports. */
function Harness({ meta, initial, changes, error, disabled }: { meta: ConfigurationQuestionMeta; initial: ConfigurationDraft; changes: ConfigurationDraft[]; error?: string; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <ConfigurationQuestionField
      question={meta}
      value={value}
      error={error}
      disabled={disabled}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

function renderField(meta: ConfigurationQuestionMeta, initial: ConfigurationDraft, options: { error?: string; disabled?: boolean } = {}) {
  const changes: ConfigurationDraft[] = [];
  render(<Harness meta={meta} initial={initial} changes={changes} {...options} />);
  return changes;
}

const REQUIRED_NAME = (prompt: string) => `${prompt} (required)`;

describe("ConfigurationQuestionField", () => {
  it("draws a number as a labelled text box tied to its help and error, marked required", async () => {
    const changes = renderField(question({ kind: "number" }), "", { error: "Enter a number" });
    const input = screen.getByRole("textbox", { name: REQUIRED_NAME("How many companies?") });
    expect(input.getAttribute("inputmode")).toBe("decimal");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const described = (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["Each legal entity counts.", "Enter a number"]);
    await userEvent.type(input, "12");
    expect(changes.at(-1)).toBe("12");
  });

  it("draws text as a multi-line text area and a date as a date input, optional ones without the mark", async () => {
    const textChanges = renderField(question({ key: "q-text", kind: "text", prompt: "Which branches?", required: false, help: null }), "North");
    const area = screen.getByRole("textbox", { name: "Which branches?" });
    expect(area.tagName).toBe("TEXTAREA");
    expect(area.hasAttribute("maxlength")).toBe(false);
    expect(area.hasAttribute("aria-describedby")).toBe(false);
    await userEvent.type(area, "{Enter}South");
    expect(textChanges.at(-1)).toBe("North\nSouth");

    renderField(question({ key: "q-date", kind: "date", prompt: "Fiscal year start" }), "2030-07-01");
    const date = screen.getByLabelText(/^Fiscal year start/) as HTMLInputElement;
    expect(date.type).toBe("date");
    expect(date.value).toBe("2030-07-01");
  });

  // Issue 26: long text is kept and counted, never cut; the questionnaire refuses it.
  it("keeps a pasted 60,000-character answer whole and counts it against the limit", async () => {
    const changes = renderField(question({ key: "q-text", kind: "text", prompt: "Which branches?", required: false, help: null }), "");
    const area = screen.getByRole("textbox", { name: "Which branches?" }) as HTMLTextAreaElement;
    await userEvent.click(area);
    await userEvent.paste("x".repeat(60_000));
    expect(area.value).toHaveLength(60_000);
    expect(changes.at(-1)).toHaveLength(60_000);
    expect(area.getAttribute("aria-describedby")).toBe(screen.getByText("60,000 / 2,000").id);
  });

  it("draws one choice as radios in a fieldset named by its legend, with a way to clear it", async () => {
    const changes = renderField(question({ kind: "single_choice", prompt: "Period pattern", options: ["12 months", "13 periods"] }), "");
    const group = screen.getByRole("group", { name: REQUIRED_NAME("Period pattern") });
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("value"))).toEqual(["12 months", "13 periods"]);
    expect(screen.queryByRole("button", { name: "Clear answer" })).toBeNull();
    await userEvent.click(within(group).getByLabelText("13 periods"));
    expect(changes).toEqual(["13 periods"]);
    await userEvent.click(screen.getByRole("button", { name: "Clear answer" }));
    expect(changes.at(-1)).toBe("");
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
  });

  it("draws yes/no as two radios", async () => {
    const changes = renderField(question({ kind: "yes_no", prompt: "Multi-currency?" }), "no");
    const group = screen.getByRole("group", { name: REQUIRED_NAME("Multi-currency?") });
    expect((within(group).getByLabelText("No") as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(group).getByLabelText("Yes"));
    expect(changes).toEqual(["yes"]);
  });

  it("draws several choices as checkboxes, reporting the ticked options in the options' order", async () => {
    const changes = renderField(question({ kind: "multiple_choice", prompt: "Dimensions", options: ["Department", "Project", "Region"] }), ["Region"]);
    const group = screen.getByRole("group", { name: REQUIRED_NAME("Dimensions") });
    expect(within(group).getAllByRole("checkbox")).toHaveLength(3);
    await userEvent.click(within(group).getByLabelText("Department"));
    expect(changes.at(-1)).toEqual(["Department", "Region"]);
    await userEvent.click(within(group).getByLabelText("Region"));
    await userEvent.click(within(group).getByLabelText("Department"));
    expect(changes.at(-1)).toEqual([]);
  });

  it("is read-only when disabled", async () => {
    const onChange = vi.fn();
    render(<ConfigurationQuestionField question={question({ kind: "yes_no", prompt: "Ready?" })} value="yes" onChange={onChange} disabled />);
    for (const radio of screen.getAllByRole("radio")) expect((radio as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Clear answer" })).toBeNull();
    await userEvent.click(screen.getByLabelText("No"));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows a question a launchpad page answers as read text with a link to change it there, and no control", () => {
    const answeredIn = { page_id: "financial-setup", label: "Financial Setup", route: "/financial-calendar" };
    const meta = question({ key: "fin-fiscal-year-start", kind: "date", prompt: "When does your fiscal year start?", help: null });
    const { unmount } = render(
      <MemoryRouter>
        <ConfigurationQuestionField question={meta} value="2030-07-01" onChange={() => {}} answeredIn={answeredIn} />
      </MemoryRouter>,
    );
    const group = screen.getByRole("group", { name: REQUIRED_NAME("When does your fiscal year start?") });
    expect(group.textContent).toContain(formatCalendarDay("2030-07-01"));
    expect(within(group).getByRole("link", { name: "Financial Setup" }).getAttribute("href")).toBe("/financial-calendar");
    expect(group.textContent).toContain("Change it there.");
    expect(screen.queryByRole("textbox")).toBeNull();
    unmount();

    render(
      <MemoryRouter>
        <ConfigurationQuestionField question={question({ kind: "text", help: null })} value="" onChange={() => {}} answeredIn={answeredIn} />
      </MemoryRouter>,
    );
    expect(screen.getByText("Not answered in Financial Setup yet.")).toBeTruthy();
    expect(screen.getByRole("group").textContent).toContain("answer it there.");
  });
});

