import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CharacterCount, characterCountId, characterLimitMessage } from "./character-count.tsx";

const countOf = () => document.getElementById(characterCountId("description"));

describe("CharacterCount", () => {
  it("stays empty, but a live region, while the text is far from its limit", () => {
    render(<CharacterCount fieldId="description" value={"x".repeat(8_999)} max={10_000} />);
    expect(countOf()?.textContent).toBe("");
    expect(countOf()?.getAttribute("aria-live")).toBe("polite");
  });

  it("shows the count near the limit, and how many are too many past it", () => {
    const { rerender } = render(<CharacterCount fieldId="description" value={"x".repeat(9_950)} max={10_000} />);
    expect(screen.getByText("9,950 / 10,000")).toBeDefined();
    expect(countOf()?.textContent).toBe("9,950 / 10,000 characters");
    rerender(<CharacterCount fieldId="description" value={"x".repeat(60_000)} max={10_000} />);
    expect(countOf()?.textContent).toBe("60,000 / 10,000 characters · 50,000 too many");
    expect(countOf()?.className).toContain("text-[var(--color-destructive)]");
  });

  it("says the limit as people read it", () => {
    expect(characterLimitMessage("Description", 10_000)).toBe("Description must be at most 10,000 characters");
  });
});
