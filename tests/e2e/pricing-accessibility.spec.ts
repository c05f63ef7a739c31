import { switchOrganization } from "./harness/launchpad-steps.ts";
import { breakOnePrice, estimateRow, exportCatalogThroughApi, openPricingSummary, saveLockedAndOpenEstimates } from "./harness/pricing-steps.ts";
import { createEmployee, createMemberOrganization, expect, signInTo, test } from "./harness/portal-fixtures.ts";
import { expectNoAxeViolations } from "./harness/axe.ts";

// Axe takes seconds over the calculator's and the catalog's tables, several pages per test.
test.slow();

test("/price (new, with estimates, a locked one and one being edited) and the open Pricing Summary have no axe violations", async ({
  page,
}) => {
  const { members } = await createMemberOrganization(1, { role: "member_admin" });
  await signInTo(page, "/price", members[0]!);
  await expect(page.getByRole("heading", { name: "Subscription Price", level: 1 })).toBeVisible();
  await expect(page.getByText("No estimates yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save estimate" })).toBeVisible();
  await expectNoAxeViolations(page);

  const { locked, open } = await saveLockedAndOpenEstimates(page);
  await page.goto(`/price?estimate=${locked.id}`);
  await expect(page.getByTestId("locked-estimate")).toBeVisible();
  await expect(estimateRow(page, locked.id)).toContainText("Locked");
  await expect(estimateRow(page, open.id).getByRole("button", { name: "Set primary Enterprise plan" })).toHaveAttribute("aria-disabled", "true");
  await expectNoAxeViolations(page);

  await page.goto(`/price?estimate=${open.id}`);
  await expect(page.getByText("Editing Enterprise plan")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Enterprise Edition" })).toBeChecked();
  await expectNoAxeViolations(page);

  const panel = await openPricingSummary(page);
  await expect(panel.getByTestId("pricing-summary-lock")).toHaveText("Locked — used to configure the system");
  await expectNoAxeViolations(page);
});

test("/business, /pricing-deployment-plan and /plans have no axe violations", async ({ page }) => {
  const { members } = await createMemberOrganization(1, { role: "member_admin" });
  await signInTo(page, "/business", members[0]!);
  await page.getByRole("radio", { name: "51-200 people" }).check();
  await expect(page.getByTestId("recommended-total")).toHaveText(/^About \$/);
  await expectNoAxeViolations(page);

  await saveLockedAndOpenEstimates(page);
  await page.goto("/pricing-deployment-plan");
  const comparison = page.getByRole("region", { name: "Comparison table" });
  await expect(comparison.getByText("Configures the system")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/plans");
  await expect(page.getByRole("heading", { name: "Subscription Plan", level: 1 })).toBeVisible();
  await expect(page.getByTestId("plan-monthly-total")).toBeVisible();
  await expect(page.getByRole("region", { name: "Estimate history" }).getByRole("row")).not.toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("/acumatica-settings has no axe violations, with a refused import's problems listed too", async ({ page }) => {
  const { organization } = await createMemberOrganization();
  await signInTo(page, "/acumatica-settings", await createEmployee());
  await switchOrganization(page, organization.organization_name);
  await expect(page.getByRole("heading", { name: "ERP Settings", level: 1 })).toBeVisible();
  await expect(page.getByTestId("catalog-row-count")).toHaveText(/rows\.$/);
  await expectNoAxeViolations(page);

  // A file the import refuses (one bad price): the catalog stays as it is.
  const { csv } = breakOnePrice(await exportCatalogThroughApi(page));
  await page.getByLabel("Catalog CSV file").setInputFiles({ name: "pricing-catalog.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import CSV" }).click();
  await expect(page.getByTestId("catalog-import-errors").getByRole("listitem")).toHaveCount(1);
  await expectNoAxeViolations(page);
});
