import { describe, expect, it } from "vitest";
import {
  answerOfDraft,
  checkConfigurationAnswer,
  draftOfAnswer,
  formatConfigurationAnswer,
  isIsoDate,
  isSameConfigurationAnswer,
  readStoredAnswer,
} from "./configuration-answers.ts";

const OPTIONS = ["Red", "Green", "Blue"];

describe("checkConfigurationAnswer", () => {
  it("null clears every kind; undefined is refused", () => {
    for (const kind of ["single_choice", "multiple_choice", "text", "number", "date", "yes_no"] as const) {
      expect(checkConfigurationAnswer({ kind, options: OPTIONS }, null)).toEqual({ ok: true, value: null });
      expect(checkConfigurationAnswer({ kind, options: OPTIONS }, undefined).ok).toBe(false);
    }
  });

  it("normalises: text trimmed (blank clears), choices in the options' order, -0 as 0", () => {
    expect(checkConfigurationAnswer({ kind: "text", options: [] }, "  two\nlines \t")).toEqual({ ok: true, value: "two\nlines" });
    expect(checkConfigurationAnswer({ kind: "text", options: [] }, " \n ")).toEqual({ ok: true, value: null });
    expect(checkConfigurationAnswer({ kind: "multiple_choice", options: OPTIONS }, ["Blue", "Red"])).toEqual({ ok: true, value: ["Red", "Blue"] });
    expect(checkConfigurationAnswer({ kind: "number", options: [] }, -0)).toEqual({ ok: true, value: 0 });
  });

  it("bounds numbers and text", () => {
    expect(checkConfigurationAnswer({ kind: "number", options: [] }, 1e12).ok).toBe(true);
    expect(checkConfigurationAnswer({ kind: "number", options: [] }, -1e12 - 1).ok).toBe(false);
    expect(checkConfigurationAnswer({ kind: "number", options: [] }, Number.NaN).ok).toBe(false);
    expect(checkConfigurationAnswer({ kind: "text", options: [] }, "x".repeat(2000)).ok).toBe(true);
    expect(checkConfigurationAnswer({ kind: "text", options: [] }, "x".repeat(2001)).ok).toBe(false);
  });

  it("accepts real calendar days only", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("2030-13-01")).toBe(false);
    expect(isIsoDate("2030-1-01")).toBe(false);
  });
});

describe("drafts", () => {
  it("turns each kind's draft into its answer, nothing entered into null", () => {
    expect(answerOfDraft({ kind: "number", options: [] }, " 12.5 ")).toEqual({ ok: true, value: 12.5 });
    expect(answerOfDraft({ kind: "number", options: [] }, "")).toEqual({ ok: true, value: null });
    expect(answerOfDraft({ kind: "number", options: [] }, "twelve")).toEqual({ ok: false, message: "Enter a number" });
    expect(answerOfDraft({ kind: "yes_no", options: [] }, "no")).toEqual({ ok: true, value: false });
    expect(answerOfDraft({ kind: "yes_no", options: [] }, "")).toEqual({ ok: true, value: null });
    expect(answerOfDraft({ kind: "multiple_choice", options: OPTIONS }, [])).toEqual({ ok: true, value: null });
    expect(answerOfDraft({ kind: "single_choice", options: OPTIONS }, "")).toEqual({ ok: true, value: null });
    expect(answerOfDraft({ kind: "date", options: [] }, "2030-01-31")).toEqual({ ok: true, value: "2030-01-31" });
  });

  it("round-trips answers through drafts", () => {
    const cases = [
      { kind: "number", answer: 3 },
      { kind: "text", answer: "Hello" },
      { kind: "yes_no", answer: true },
      { kind: "date", answer: "2030-05-01" },
      { kind: "single_choice", answer: "Green" },
      { kind: "multiple_choice", answer: ["Red", "Blue"] },
    ] as const;
    for (const { kind, answer } of cases) {
      const check = answerOfDraft({ kind, options: OPTIONS }, draftOfAnswer(kind, typeof answer === "object" ? [...answer] : answer));
      expect(check).toEqual({ ok: true, value: typeof answer === "object" ? [...answer] : answer });
    }
    expect(draftOfAnswer("yes_no", null)).toBe("");
    expect(draftOfAnswer("multiple_choice", null)).toEqual([]);
  });
});

describe("reading and showing answers", () => {
  it("reads a stored answer its question no longer accepts as none", () => {
    expect(readStoredAnswer({ kind: "single_choice", options: OPTIONS }, "Purple")).toBeNull();
    expect(readStoredAnswer({ kind: "single_choice", options: OPTIONS }, "Red")).toBe("Red");
  });

  it("compares and formats answers", () => {
    expect(isSameConfigurationAnswer(["Red"], ["Red"])).toBe(true);
    expect(isSameConfigurationAnswer(["Red"], ["Red", "Blue"])).toBe(false);
    expect(isSameConfigurationAnswer(1, 1)).toBe(true);
    expect(isSameConfigurationAnswer(null, false)).toBe(false);
    expect(formatConfigurationAnswer(["Red", "Blue"])).toBe("Red; Blue");
    expect(formatConfigurationAnswer(false)).toBe("No");
    expect(formatConfigurationAnswer(null)).toBe("");
    expect(formatConfigurationAnswer(1500)).toBe("1500");
  });
});
