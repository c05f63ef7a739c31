import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { installFakeApi } from "#web/lib/testing/fake-api.ts";
import DistributionPage from "./distribution-page.tsx";
import FinancialSetupPage from "./financial-setup-page.tsx";
import { launchpadAnswer, pageState, renderLaunchpadPage } from "./launchpad-test-kit.tsx";

const AT = "2030-01-02T09:30:00.000Z";

describe("a launchpad page that does not apply", () => {
  it("says a page outside the business aspects counts as done, and keeps its questions", async () => {
    installFakeApi({ "GET /api/launchpad": { body: launchpadAnswer({ distribution: { status: "not_applicable" } }) } });
    renderLaunchpadPage(DistributionPage, "/distribution");
    expect((await screen.findByText(/so this page counts as done/)).textContent).toContain("do not include Distribution");
    expect(screen.getByText("Not applicable", { selector: "span, div" })).toBeDefined();
    expect(screen.getByRole("link", { name: "Business Setup" }).getAttribute("href")).toBe("/goals");
    expect(screen.getByRole("button", { name: "Mark complete" })).toBeDefined();
    expect(screen.queryByRole("button", { name: "This does not apply to us" })).toBeNull();
  });

  it("answers a page inside the aspects \"does not apply\" with a reason, and takes it back", async () => {
    const user = userEvent.setup();
    const marked = pageState("distribution", { is_completed: true, status: "not_applicable", not_applicable_reason: "We ship nothing", completed_at: AT });
    // The server's state follows the answers, as the page refetches after each.
    let current = launchpadAnswer();
    const api = installFakeApi({
      "GET /api/launchpad": () => ({ body: current }),
      "POST /api/launchpad/pages/distribution/not-applicable": () => {
        current = launchpadAnswer({ distribution: marked });
        return { body: { page: marked, summary: { page_percent: 10, flag_percent: 0, recalculated_at: AT } } };
      },
      "DELETE /api/launchpad/pages/distribution/not-applicable": () => {
        current = launchpadAnswer();
        return { body: { page: pageState("distribution"), summary: { page_percent: 0, flag_percent: 0, recalculated_at: AT } } };
      },
    });
    renderLaunchpadPage(DistributionPage, "/distribution");
    await user.click(await screen.findByRole("button", { name: "This does not apply to us" }));
    const dialog = await screen.findByRole("dialog", { name: "This does not apply to us" });
    await user.click(within(dialog).getByRole("button", { name: "Save answer" }));
    expect(await within(dialog).findByText("Say briefly why this does not apply")).toBeDefined();
    expect(api.to("POST /api/launchpad/pages/distribution/not-applicable")).toEqual([]);

    await user.type(within(dialog).getByLabelText("Why not?"), "We ship nothing");
    await user.click(within(dialog).getByRole("button", { name: "Save answer" }));
    expect((await screen.findByText(/We ship nothing/, { selector: "p" })).textContent).toBe("Answered “This does not apply to us”: We ship nothing");
    expect(api.to("POST /api/launchpad/pages/distribution/not-applicable").map((request) => request.body)).toEqual([{ reason: "We ship nothing" }]);
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "It applies after all" }));
    expect(await screen.findByRole("button", { name: "This does not apply to us" })).toBeDefined();
    expect(api.to("DELETE /api/launchpad/pages/distribution/not-applicable")).toHaveLength(1);
  });

  it("is offered on the aspect pages only", async () => {
    installFakeApi({ "GET /api/launchpad": { body: launchpadAnswer() } });
    renderLaunchpadPage(FinancialSetupPage, "/financial-calendar");
    await screen.findByRole("button", { name: "Mark complete" });
    expect(screen.queryByRole("button", { name: "This does not apply to us" })).toBeNull();
  });
});
