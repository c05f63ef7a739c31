import { formatAmount, formatMonthlyPrice } from "../../common/domain/money.ts";
import { openSecondPage } from "./harness/launchpad-steps.ts";
import {
  centsOf,
  estimateRow,
  expectHeaderPrice,
  expectToast,
  fetchEstimate,
  closePricingSummary,
  fetchEstimates,
  focusInView,
  openPricingSummary,
  openedEstimateId,
  priceButton,
  sumCalculatorFigures,
} from "./harness/pricing-steps.ts";
import { createMemberOrganization, expect, signInTo, test } from "./harness/portal-fixtures.ts";

const FIXED_ASSETS = "Fixed Assets: depreciation books and asset register";
const LOCKED_REASON = "Locked estimates cannot be deleted";
const ESTIMATE_LOCKED_MESSAGE = "This estimate is locked. An employee must unlock it first.";

test.describe("pricing estimates: quick estimate, calculator, primary and lock", () => {
  test("a quick estimate refined in the calculator, saved, made primary and locked: the header shows its rounded total, the panel its lock, and deleting it is refused", async ({
    page,
  }) => {
    const { members } = await createMemberOrganization(1, { role: "member_admin" });
    await signInTo(page, "/business", members[0]!);
    await expect(page.getByRole("heading", { name: "Quick estimate", level: 1 })).toBeVisible();
    await expect(priceButton(page)).toHaveText("Subscription Price");
    await expect(priceButton(page)).toHaveAccessibleName("Subscription Price");

    // The quick estimate: two answers recommend an edition and an approximate price.
    await page.getByRole("group", { name: "What does your business do?" }).getByRole("checkbox", { name: "Distribution" }).check();
    await page.getByRole("group", { name: "How many people work in your company?" }).getByRole("radio", { name: "11-50 people" }).check();
    await expect(page.getByTestId("recommended-edition")).toHaveText("Recommended edition: Standard Edition");
    const recommendedTotal = page.getByTestId("recommended-total");
    await expect(recommendedTotal).toHaveText(/^About \$[\d,]+\/mo with the add-ons for your answers\.$/);
    const recommended = /\$[\d,]+\/mo/.exec(await recommendedTotal.innerText())?.[0] ?? "";
    await page.getByRole("button", { name: "Get my estimate" }).click();
    await expectToast(page, "Success", "Quick estimate has been created.");

    // It opens in the calculator at the announced price and, the organization's first, is primary.
    await expect(page).toHaveURL(/\/price\?estimate=[0-9a-f-]{36}$/);
    const quickId = openedEstimateId(page);
    await expect(page.getByRole("heading", { name: "Subscription Price", level: 1 })).toBeVisible();
    await expect(page.getByText("Editing Quick estimate: Standard Edition")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Standard Edition" })).toBeChecked();
    await expect(page.getByTestId("calculator-monthly-total")).toHaveText(recommended);
    expect(formatMonthlyPrice(await sumCalculatorFigures(page))).toBe(recommended);
    await expect(estimateRow(page, quickId)).toContainText("Primary");
    await expect(priceButton(page)).toHaveText(recommended);

    // Refine: two Fixed Assets add-ons; the line total is price × quantity and the total follows.
    const fixedAssets = page.getByTestId("addon-row").filter({ has: page.getByRole("checkbox", { name: FIXED_ASSETS }) });
    const quantity = page.getByRole("textbox", { name: `Quantity of ${FIXED_ASSETS}` });
    await expect(quantity).toBeDisabled();
    await page.getByRole("checkbox", { name: FIXED_ASSETS }).check();
    await expect(quantity).toBeEnabled();
    await quantity.fill("2");
    const unitCents = centsOf(await fixedAssets.locator("td").nth(1).innerText());
    await expect(fixedAssets.getByTestId("line-total")).toHaveText(formatAmount(unitCents * 2));
    const refinedCents = await sumCalculatorFigures(page);
    await expect(page.getByTestId("calculator-monthly-total")).toHaveText(formatMonthlyPrice(refinedCents));

    // Saved as a new estimate: it opens in place of the quick one and is not primary yet.
    await page.getByLabel("Estimate name (optional)").fill("Refined distribution plan");
    await page.getByRole("button", { name: "Save as new estimate" }).click();
    await expectToast(page, "Success", "Estimate has been saved.");
    await expect(page).not.toHaveURL(new RegExp(quickId));
    await expect(page).toHaveURL(/\/price\?estimate=[0-9a-f-]{36}$/);
    const refinedId = openedEstimateId(page);
    await expect(page.getByText("Editing Refined distribution plan")).toBeVisible();
    const saved = await fetchEstimate(page, refinedId);
    expect(saved.total_monthly_price_cents).toBe(refinedCents);
    expect(saved.is_primary).toBe(false);
    await expect(priceButton(page)).toHaveText(recommended);

    // Set primary: the header shows the refined estimate's total, rounded to whole dollars.
    await estimateRow(page, refinedId).getByRole("button", { name: "Set primary Refined distribution plan" }).click();
    await expectToast(page, "Success", "Primary estimate has been updated.");
    await expect(estimateRow(page, refinedId)).toContainText("Primary");
    await expectHeaderPrice(page, refinedCents);

    // Lock it: after the confirmation it is read-only in the calculator's place.
    await page.getByRole("button", { name: "Lock Refined distribution plan" }).click();
    const lockDialog = page.getByRole("alertdialog", { name: "Lock primary estimate" });
    await expect(lockDialog).toContainText('Lock "Refined distribution plan"?');
    await lockDialog.getByRole("button", { name: "Lock estimate" }).click();
    await expectToast(page, "Success", "Primary estimate has been locked and is now being used to configure the system.");
    await expect(lockDialog).toBeHidden();
    await expect(page.getByTestId("locked-estimate")).toContainText("This estimate is locked.");
    await expect(page.getByTestId("estimate-monthly-total")).toHaveText(formatMonthlyPrice(refinedCents));
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
    await expect(estimateRow(page, refinedId)).toContainText("Locked");
    await expect(page.getByRole("button", { name: "Unlock Refined distribution plan" })).toHaveCount(0);

    // The Pricing Summary panel shows the locked primary.
    const panel = await openPricingSummary(page);
    await expect(panel.getByRole("heading", { name: "Refined distribution plan" })).toBeVisible();
    await expect(panel.getByTestId("pricing-summary-lock")).toHaveText("Locked — used to configure the system");
    await expect(panel.getByTestId("pricing-summary-approval")).toHaveText("Awaiting approval");
    await expect(panel.getByTestId("pricing-summary-total")).toHaveText(formatMonthlyPrice(refinedCents));
    await closePricingSummary(page);

    // Deleting it is refused: the action says why, opens no confirmation, and the API answers 409.
    const deleteLocked = estimateRow(page, refinedId).getByRole("button", { name: "Delete Refined distribution plan" });
    await expect(deleteLocked).toHaveAttribute("aria-disabled", "true");
    await expect(deleteLocked).toHaveAccessibleDescription(LOCKED_REASON);
    await focusInView(page, deleteLocked);
    await expect(page.getByRole("tooltip")).toHaveText(LOCKED_REASON);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alertdialog", { name: "Delete estimate" })).toHaveCount(0);
    const refused = await page.request.delete(`/api/pricing/estimates/${refinedId}`);
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: "conflict", message: ESTIMATE_LOCKED_MESSAGE } });
    // Nor can the quick estimate take the primary's place while it is locked.
    await expect(estimateRow(page, quickId).getByRole("button", { name: "Set primary Quick estimate: Standard Edition" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect((await fetchEstimates(page)).map((estimate) => [estimate.id, estimate.is_primary, estimate.is_locked])).toEqual([
      [refinedId, true, true],
      [quickId, false, false],
    ]);
    await expect(estimateRow(page, refinedId)).toBeVisible();
  });

  test("making another estimate primary in one tab updates the header and the open Pricing Summary in the member's other tab without a reload", { tag: "@realtime" }, async ({
    page,
    browser,
    baseURL,
  }) => {
    const { members } = await createMemberOrganization();
    const member = members[0]!;
    await signInTo(page, "/price", member);

    // The first estimate saved becomes primary.
    await page.getByRole("radio", { name: "Financial Edition" }).check();
    await page.getByLabel("Estimate name (optional)").fill("Financials only");
    await page.getByRole("button", { name: "Save estimate" }).click();
    await expectToast(page, "Success", "Estimate has been saved.");
    await expect(page).toHaveURL(/\/price\?estimate=[0-9a-f-]{36}$/);
    const financials = await fetchEstimate(page, openedEstimateId(page));
    expect(financials.is_primary).toBe(true);
    await expectHeaderPrice(page, financials.total_monthly_price_cents);

    const other = await openSecondPage(browser, baseURL);
    await signInTo(other.page, "/dashboard", member);
    await expectHeaderPrice(other.page, financials.total_monthly_price_cents);
    // Survives only as long as the page is not reloaded.
    await other.page.evaluate(() => Object.assign(window, { notReloaded: true }));
    const otherPanel = await openPricingSummary(other.page);
    await expect(otherPanel.getByRole("heading", { name: "Financials only" })).toBeVisible();

    // A second estimate, saved in the first tab, is not primary.
    await page.getByRole("link", { name: "Start a new estimate" }).click();
    await expect(page.getByText("New estimate", { exact: true })).toBeVisible();
    await page.getByRole("radio", { name: "Enterprise Edition" }).check();
    await page.getByLabel("Estimate name (optional)").fill("Enterprise plan");
    await page.getByRole("button", { name: "Save estimate" }).click();
    await expectToast(page, "Success", "Estimate has been saved.");
    await expect(page.getByText("Editing Enterprise plan")).toBeVisible();
    const enterprise = await fetchEstimate(page, openedEstimateId(page));
    expect(enterprise.is_primary).toBe(false);
    expect(enterprise.total_monthly_price_cents).not.toBe(financials.total_monthly_price_cents);

    await page.getByRole("button", { name: "Set primary Enterprise plan" }).click();
    await expectToast(page, "Success", "Primary estimate has been updated.");
    await expectHeaderPrice(page, enterprise.total_monthly_price_cents);

    // The other tab follows through the realtime stream.
    await expect(otherPanel.getByRole("heading", { name: "Enterprise plan" })).toBeVisible();
    await expect(otherPanel.getByTestId("pricing-summary-total")).toHaveText(formatMonthlyPrice(enterprise.total_monthly_price_cents));
    await closePricingSummary(other.page);
    await expectHeaderPrice(other.page, enterprise.total_monthly_price_cents);
    expect(await other.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await other.close();
  });
});
