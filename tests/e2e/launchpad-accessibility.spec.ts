import { mainNav } from "./harness/launchpad-steps.ts";
import { createMemberOrganization, expect, providerAdministrator, signInTo, test } from "./harness/portal-fixtures.ts";
import { expectNoAxeViolations } from "./harness/axe.ts";

test("the dashboard, the unsigned NDA, Business Setup, the trial status and the NDA Required dialog have no axe violations", async ({
  page,
}) => {
  const { members } = await createMemberOrganization();
  await signInTo(page, "/dashboard", members[0]!);
  await expect(page.getByText("Launchpad pages: 0%")).toBeVisible();
  await expect(mainNav(page).getByRole("button", { name: "Launch Plan" })).toBeVisible();
  await expectNoAxeViolations(page);

  await mainNav(page).getByRole("button", { name: "ERP Tenant" }).click();
  await expect(page.getByRole("dialog", { name: "NDA Required" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "NDA Required" })).toBeHidden();

  await page.goto("/nda");
  await expect(page.getByRole("button", { name: "Sign NDA" })).toBeVisible();
  await expect(page.getByText("Not signed", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/goals");
  await expect(page.getByRole("button", { name: "Mark complete" })).toBeVisible();
  await expect(page.getByText("Not started", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/trial-status");
  await expect(page.getByRole("heading", { name: "Risk-Free Trial", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Conditions" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("/administration has no axe violations, with the new menu version dialog open too", async ({ page }) => {
  await createMemberOrganization();
  await signInTo(page, "/administration", await providerAdministrator());
  await expect(page.getByRole("heading", { name: "Administration", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Filter organizations")).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit NDA template" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "New menu version" }).click();
  await expect(page.getByRole("dialog", { name: "New menu version" })).toBeVisible();
  await expectNoAxeViolations(page);
});
