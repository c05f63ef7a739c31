import { expectNoAxeViolations } from "./harness/attachment-steps.ts";
import { mainNav } from "./harness/launchpad-steps.ts";
import { completeLaunchpad, createMemberOrganization, expect, signInTo, test } from "./harness/portal-fixtures.ts";

const BUSINESS_SETUP = {
  industry: "Consulting",
  employee_count: "11-50",
  annual_revenue: "$1M-$10M",
  website: "https://services.example",
  goals: ["Bill projects on time"],
  business_aspects: ["Services"],
};

test.describe("a services-only organization", () => {
  test("goes from Business Setup to the Launch Plan with Distribution, Manufacturing and Ecommerce not applicable", async ({ page }) => {
    const { organization, members } = await createMemberOrganization();
    await signInTo(page, "/dashboard", members[0]!);
    const saved = await page.request.put("/api/launchpad/pages/business-setup", { data: { mode: "complete", answers: BUSINESS_SETUP } });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto("/dashboard");
    const checklist = page.getByRole("region", { name: "Launchpad checklist" });
    for (const label of ["Distribution", "Manufacturing", "Ecommerce"]) {
      await expect(checklist.getByRole("listitem").filter({ hasText: label })).toContainText("Not applicable");
    }
    await expect(page.getByText("4 of 10 pages complete.")).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: /^Distribution\s*\(not applicable\)$/ })).toBeVisible();

    await mainNav(page).getByRole("link", { name: /^Distribution\s*\(not applicable\)$/ }).click();
    await expect(page.getByRole("heading", { name: "Distribution", level: 1 })).toBeVisible();
    await expect(page.getByText(/do not include Distribution, so this page counts as done/)).toBeVisible();
    await expectNoAxeViolations(page, "Distribution, not applicable, light");
    // Drawn afresh in the dark theme: a switch on the open page would be checked mid-transition.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(page.getByText(/do not include Distribution, so this page counts as done/)).toBeVisible();
    await expectNoAxeViolations(page, "Distribution, not applicable, dark");
    await page.emulateMedia({ colorScheme: "light" });

    await completeLaunchpad(organization.id, ["subscription-price", "financial-setup", "timeline-planning", "data-setup", "nda", "acumatica-tenant"]);
    await page.goto("/dashboard");
    await expect(page.getByText("Launchpad pages: 100%")).toBeVisible();
    await expect(page.getByText(/The launchpad is complete\. Continue the Launch Plan with/)).toBeVisible();
    await expectNoAxeViolations(page, "dashboard at 100 %");
    await page.getByRole("region", { name: "Next step" }).getByRole("link", { name: /^Go to / }).click();
    await expect(page).toHaveURL(/\/milestone\//);
  });
});
