import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import { EMPLOYEE_ACCESS, MEMBER_ACCESS, accessAnswerFor } from "#web/lib/testing/access-answers.ts";
import { clearSelectedOrganization } from "#web/lib/selected-organization.ts";
import { DISTRIBUTION, FINANCIALS, KICKOFF, MILESTONE_IDS, plan } from "#web/features/launch-plan/components/plan-test-kit.tsx";
import { launchpadWith, renderNav, sectionEntries } from "./side-nav-test-kit.tsx";

// The Launch Plan's milestones as the section's children (spec §2), read from the plan.

let api: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  api = installFakeApi({ "GET /api/launchpad": { body: launchpadWith([]) }, "GET /api/launch-plan": { body: plan({ milestones: [] }) } });
  window.sessionStorage.clear();
  clearSelectedOrganization();
});

describe("SideNav milestones", () => {
  it("lists the plan's milestones under Launch Plan after Configuration and Education, the completed ones checked, each named a milestone for screen readers", async () => {
    api.answer("GET /api/launch-plan", { body: plan() });
    renderNav(EMPLOYEE_ACCESS, { at: `/milestone/${MILESTONE_IDS.financials}` });
    await vi.waitFor(() => expect(sectionEntries("Launch Plan")).toHaveLength(6));
    const milestone = (name: string) => `${name} (Launch Plan milestone)`;
    expect(sectionEntries("Launch Plan")).toEqual(["Launch Plan", "Configuration", "Education", `${milestone("Kickoff")} (completed)`, milestone("Financials"), milestone("Distribution")]);
    const region = screen.getByRole("region", { name: "Launch Plan" });
    expect(within(region).getByRole("link", { name: /^Kickoff.*\(completed\)$/ }).getAttribute("href")).toBe(`/milestone/${KICKOFF.id}`);
    expect(within(region).getByRole("link", { name: /^Financials\s*\(Launch Plan milestone\)$/ }).getAttribute("aria-current")).toBe("page");
    // Not the launchpad page of the same name: its link reads "Distribution" alone.
    expect(within(region).getByRole("link", { name: /^Distribution\s*\(Launch Plan milestone\)$/ }).getAttribute("href")).toBe(`/milestone/${DISTRIBUTION.id}`);
    // Seen once above them, apart from the pages: "Milestones", hidden from screen readers, which hear each one's context.
    const headings = [...region.querySelectorAll("li[aria-hidden='true']")];
    expect(headings.map((heading) => heading.textContent)).toEqual(["Milestones"]);
    expect(headings[0]?.nextElementSibling?.textContent).toContain("Kickoff");
    expect(api.to("GET /api/launch-plan")).toHaveLength(1);
  });

  it("does not ask for the plan while Launch Plan is locked", async () => {
    renderNav(MEMBER_ACCESS);
    await vi.waitFor(() => expect(api.to("GET /api/launchpad")).toHaveLength(1));
    expect(api.to("GET /api/launch-plan")).toEqual([]);
    expect(screen.queryByRole("link", { name: FINANCIALS.title })).toBeNull();
  });

  it("keeps the catalogue's children when the plan cannot load", async () => {
    api.answer("GET /api/launch-plan", { status: 500, body: { error: { code: "internal", message: "Something went wrong on our side." } } });
    renderNav(accessAnswerFor({ ndaSigned: true, launchpadPercent: 100 }));
    await vi.waitFor(() => expect(api.to("GET /api/launch-plan")).toHaveLength(1));
    expect(sectionEntries("Launch Plan")).toEqual(["Launch Plan", "Configuration", "Education"]);
  });
});
