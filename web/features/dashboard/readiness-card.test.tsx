import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReadinessAnswer } from "#common/contracts/readiness";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { renderPage } from "#web/lib/testing/render-page.tsx";
import ReadinessCard from "./readiness-card.tsx";

const READINESS: ReadinessAnswer = {
  score: 42,
  factors: [
    { id: "launchpad", label: "Launchpad", weight: 15, points: 12, detail: "8 of 10 pages done", action: { label: "Complete the launchpad: 2 pages left", route: "/dashboard" } },
    { id: "nda", label: "Mutual NDA", weight: 10, points: 10, detail: "Signed", action: null },
    { id: "risks", label: "High risks", weight: 5, points: 3.3, detail: "1 risk High or Critical", action: { label: "Mitigate or close the High and Critical risks", route: "/risks" } },
  ],
  next_action: { label: "Work through the Launch Plan's next milestone", route: "/system-refinement" },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ReadinessCard", () => {
  it("shows the score out of 100, the action that raises it most, and the breakdown on request", async () => {
    installFakeApi({ "GET /api/readiness": { body: READINESS } });
    renderPage(<ReadinessCard />);
    const ring = await screen.findByRole("progressbar", { name: "Readiness score" });
    expect(ring.getAttribute("aria-valuetext")).toBe("42 out of 100");
    expect(screen.getByRole("link", { name: "Work through the Launch Plan's next milestone" }).getAttribute("href")).toBe("/system-refinement");

    const toggle = screen.getByRole("button", { name: "How the score is made" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const breakdown = document.getElementById("dashboard-readiness-breakdown") as HTMLElement;
    expect(breakdown.hidden).toBe(true);
    await userEvent.click(toggle);
    expect(screen.getByRole("button", { name: "Hide how the score is made" }).getAttribute("aria-expanded")).toBe("true");
    expect(breakdown.hidden).toBe(false);
    expect(within(breakdown).getByText("3.3 of 5 points")).toBeDefined();
    expect(within(breakdown).getByRole("progressbar", { name: "High risks" }).getAttribute("aria-valuetext")).toBe("3.3 of 5 points");
    expect(within(breakdown).getByRole("link", { name: "Mitigate or close the High and Critical risks" }).getAttribute("href")).toBe("/risks");
    // A factor at its full points has nothing to do.
    expect(within(breakdown).getByText("Signed").textContent).toBe("Signed");
  });

  it("says when everything the score counts is done", async () => {
    installFakeApi({ "GET /api/readiness": { body: { ...READINESS, score: 100, next_action: null } } });
    renderPage(<ReadinessCard />);
    expect(await screen.findByText("Everything the score counts is done.")).toBeDefined();
  });
});
