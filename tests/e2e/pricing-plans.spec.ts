import { formatMonthlyPrice, formatWholeDollars } from "../../common/domain/money.ts";
import { computePriceLockTotalCents } from "../../common/domain/pricing.ts";
import { mainNav, openSecondPage, switchOrganization } from "./harness/launchpad-steps.ts";
import { estimateRow, expectToast, saveLockedAndOpenEstimates } from "./harness/pricing-steps.ts";
import { createEmployee, createMemberOrganization, expect, signInTo, test } from "./harness/portal-fixtures.ts";

test.describe("pricing plans: the deployment plan and the subscription plan", () => {
  test("both plans are reached by clicks: from the navigation, the Pricing Summary panel and the estimates list", async ({ page }) => {
    const { members } = await createMemberOrganization();
    await signInTo(page, "/dashboard", members[0]!);
    await page.getByTestId("price-button").click();
    const panel = page.getByTestId("pricing-summary-panel");
    await panel.getByRole("link", { name: "Subscription plan" }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByRole("heading", { name: "Subscription Plan", level: 1 })).toBeVisible();
    await expect(panel).toBeHidden();

    await page.goto("/price");
    await page.getByRole("navigation", { name: "Plans" }).getByRole("link", { name: "Compare estimates" }).click();
    await expect(page).toHaveURL(/\/pricing-deployment-plan$/);
    await expect(page.getByRole("heading", { name: "Pricing Deployment Plan", level: 1 })).toBeVisible();

    // Administration → Plans (decision 029); the section starts collapsed.
    await mainNav(page).getByRole("button", { name: "Administration" }).click();
    await mainNav(page).getByRole("link", { name: "Plans", exact: true }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByRole("heading", { name: "Subscription Plan", level: 1 })).toBeVisible();
  });

  test("/pricing-deployment-plan compares both estimates side by side and marks the locked one as configuring the system", { tag: "@realtime" }, async ({ page }) => {
    const { members } = await createMemberOrganization(1, { role: "member_admin" });
    await signInTo(page, "/pricing-deployment-plan", members[0]!);
    await expect(page.getByText("No estimates yet")).toBeVisible();
    const { locked, open } = await saveLockedAndOpenEstimates(page);

    const table = page.getByRole("region", { name: "Comparison table" });
    const headers = table.getByRole("columnheader");
    // Realtime events bring the new estimates in: primary (the locked one) first.
    await expect(headers).toHaveCount(2);
    await expect(headers.nth(0)).toContainText("Financials plan");
    await expect(headers.nth(0)).toContainText("Financial Edition");
    await expect(headers.nth(0)).toContainText("Locked");
    await expect(headers.nth(0)).toContainText("Configures the system");
    await expect(headers.nth(1)).toContainText("Enterprise plan");
    await expect(headers.nth(1)).toContainText("Enterprise Edition");
    await expect(headers.nth(1)).not.toContainText("Locked");
    await expect(headers.nth(1)).not.toContainText("Configures the system");
    await expect(table.getByText("Configures the system")).toHaveCount(1);

    const monthly = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Monthly total" }) });
    await expect(monthly.getByRole("cell")).toHaveText([
      formatMonthlyPrice(locked.total_monthly_price_cents),
      formatMonthlyPrice(open.total_monthly_price_cents),
    ]);
    const fiveYears = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "5-year total" }) });
    await expect(fiveYears.getByRole("cell")).toHaveText([
      formatWholeDollars(computePriceLockTotalCents(locked.total_monthly_price_cents)),
      formatWholeDollars(computePriceLockTotalCents(open.total_monthly_price_cents)),
    ]);
    // The add-on's module is only in the locked estimate: its row is marked as differing.
    const addOnModule = locked.lines.find((line) => line.sku_type === "AddOn")?.module ?? "";
    const addOnRow = table.locator("tr[data-differs='true']").filter({ has: page.getByRole("rowheader", { name: addOnModule }) });
    await expect(addOnRow).toContainText("Differs");
    await expect(addOnRow.getByRole("cell")).toHaveText([/^Included/, "Not included"]);
  });

  test("/plans shows the locked subscription and the estimate history, and follows an employee's approval without a reload", { tag: "@realtime" }, async ({
    page,
    browser,
    baseURL,
  }) => {
    const { organization, members } = await createMemberOrganization(1, { role: "member_admin" });
    const member = members[0]!;
    await signInTo(page, "/plans", member);
    await expect(page.getByRole("heading", { name: "No subscription locked yet" })).toBeVisible();
    const { locked } = await saveLockedAndOpenEstimates(page);

    await expect(page.getByRole("heading", { name: "Financial Edition", level: 2 })).toBeVisible();
    await expect(page.getByText("From the locked estimate “Financials plan”, which is used to configure the system.")).toBeVisible();
    await expect(page.getByTestId("plan-monthly-total")).toHaveText(formatMonthlyPrice(locked.total_monthly_price_cents));
    await expect(page.getByTestId("plan-lock-total")).toHaveText(formatWholeDollars(computePriceLockTotalCents(locked.total_monthly_price_cents)));
    await expect(page.getByTestId("plan-locked")).toHaveText(new RegExp(`^Since .+ by ${member.fullName}$`));
    await expect(page.getByTestId("plan-approval")).toHaveText("Awaiting approval");

    // Newest first: the lock, then the two creations.
    const history = page.getByRole("region", { name: "Estimate history" }).getByRole("row");
    await expect(history).toHaveCount(4);
    await expect(history.nth(1)).toContainText("Financials plan");
    await expect(history.nth(1)).toContainText("Locked");
    await expect(history.nth(1)).toContainText(member.fullName);
    await expect(history.nth(2)).toContainText("Enterprise plan");
    await expect(history.nth(2)).toContainText("Created");
    await expect(history.nth(3)).toContainText("Financials plan");
    await expect(history.nth(3)).toContainText("Created");

    // An employee approves the subscription from /price; the member's /plans follows.
    const staff = await openSecondPage(browser, baseURL);
    const employee = await createEmployee();
    await signInTo(staff.page, "/price", employee);
    await switchOrganization(staff.page, organization.organization_name);
    await estimateRow(staff.page, locked.id).getByRole("button", { name: "Approve Financials plan" }).click();
    await expectToast(staff.page, "Success", "Subscription has been approved.");
    await expect(estimateRow(staff.page, locked.id)).toContainText("Approved");

    await expect(page.getByTestId("plan-approval")).toHaveText(/^Approved on /);
    await expect(history).toHaveCount(5);
    await expect(history.nth(1)).toContainText("Approved");
    await expect(history.nth(1)).toContainText(employee.fullName);
    await staff.close();

    await page.getByRole("link", { name: "Compare estimates" }).click();
    await expect(page).toHaveURL(/\/pricing-deployment-plan$/);
    await expect(page.getByRole("region", { name: "Comparison table" }).getByRole("columnheader")).toHaveCount(2);
  });
});
