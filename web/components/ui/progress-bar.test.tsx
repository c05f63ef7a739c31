import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProgressBar, clampPercent } from "./progress-bar.tsx";

function values(bar: HTMLElement): (string | null)[] {
  return ["aria-valuemin", "aria-valuemax", "aria-valuenow", "aria-valuetext"].map((name) => bar.getAttribute(name));
}

function fillWidth(bar: HTMLElement): string {
  return (bar.firstElementChild as HTMLElement).style.width;
}

describe("clampPercent", () => {
  it("rounds to a whole number from 0 to 100, and counts what is not finite as 0", () => {
    expect([0, 37.4, 37.5, 100, -3, 140].map(clampPercent)).toEqual([0, 37, 38, 100, 0, 100]);
    expect([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY].map(clampPercent)).toEqual([0, 0, 0]);
  });
});

describe("ProgressBar", () => {
  it("is a progress bar named by its label, its value clamped and read as a percentage", () => {
    render(<ProgressBar value={142.6} label="Course progress" />);
    const bar = screen.getByRole("progressbar", { name: "Course progress" });
    expect(values(bar)).toEqual(["0", "100", "100", "100%"]);
    expect(fillWidth(bar)).toBe("100%");
    expect(bar.className).toContain("bg-[var(--color-border)]");
    expect((bar.firstElementChild as HTMLElement).className).toContain("bg-[var(--color-primary)]");
    // No visible number unless asked for.
    expect(screen.queryByText("100%")).toBeNull();
  });

  it("draws an empty bar for a value that is not a number", () => {
    render(<ProgressBar value={Number.NaN} label="Questions answered" />);
    const bar = screen.getByRole("progressbar", { name: "Questions answered" });
    expect(values(bar)).toEqual(["0", "100", "0", "0%"]);
    expect(fillWidth(bar)).toBe("0%");
  });

  it("can be named by another element, and read with a value text of the caller's", () => {
    render(
      <>
        <h2 id="import-title">Importing curriculum.zip</h2>
        <ProgressBar value={40} labelledBy="import-title" valueText="40% sent" />
      </>,
    );
    const bar = screen.getByRole("progressbar", { name: "Importing curriculum.zip" });
    expect(bar.getAttribute("aria-valuetext")).toBe("40% sent");
    expect(bar.hasAttribute("aria-label")).toBe(false);
  });

  it("shows the percentage beside the bar, hidden from assistive technology, with the caller's classes on the row", () => {
    const { container } = render(<ProgressBar value={38.2} label="Progress of Financials" showValue className="mt-4" />);
    const number = screen.getByText("38%");
    expect(number.getAttribute("aria-hidden")).toBe("true");
    const row = container.firstElementChild as HTMLElement;
    expect(row.className).toContain("mt-4");
    expect(row.contains(screen.getByRole("progressbar", { name: "Progress of Financials" }))).toBe(true);
  });

  it("names the bar by a visible caption, with the percentage at the end of its line", () => {
    render(<ProgressBar value={25} caption="Uploading customers.csv" valueText="25% sent" showValue />);
    const bar = screen.getByRole("progressbar", { name: "Uploading customers.csv" });
    expect(values(bar)).toEqual(["0", "100", "25", "25% sent"]);
    expect(screen.getByText("25%").getAttribute("aria-hidden")).toBe("true");
  });

  it("keeps the caller's classes on a bare bar, later ones winning over the size", () => {
    render(
      <>
        <ProgressBar value={10} label="Small" size="sm" />
        <ProgressBar value={10} label="Wide" className="h-2.5 max-w-md" />
      </>,
    );
    expect(screen.getByRole("progressbar", { name: "Small" }).className).toContain("h-1.5");
    const wide = screen.getByRole("progressbar", { name: "Wide" }).className.split(" ");
    expect(wide).toContain("h-2.5");
    expect(wide).toContain("max-w-md");
    expect(wide).not.toContain("h-2");
  });
});
