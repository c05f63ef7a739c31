import { readFile } from "node:fs/promises";
import { mainNav, openSecondPage, signNda, switchOrganization, toast } from "./harness/launchpad-steps.ts";
import { createEmployee, createMemberOrganization, expect, signInTo, test } from "./harness/portal-fixtures.ts";

const LAUNCH_PLAN_LOCKED = "Complete the launchpad to gain access to Launch Plan!";
const NDA_REQUIRED_TEXT =
  "Before we collect more business information and connect your data sources, we invite you to sign a mutual NDA with us.";

test.describe("launchpad access: locks, the NDA and progress", () => {
  test("a new member sees Launch Plan locked, with its reason in a tooltip on hover and on focus", async ({ page }) => {
    const { members } = await createMemberOrganization();
    await signInTo(page, "/dashboard", members[0]!);
    const launchPlan = mainNav(page).getByRole("button", { name: "Launch Plan" });
    await expect(launchPlan).toHaveAttribute("aria-disabled", "true");
    await expect(mainNav(page).getByRole("link", { name: "Launch Plan" })).toHaveCount(0);
    const tooltip = page.getByRole("tooltip");

    await launchPlan.hover();
    await expect(tooltip).toHaveText(LAUNCH_PLAN_LOCKED);
    // In steps: the tooltip stays open while the pointer heads for it (Radix's grace area).
    await page.mouse.move(900, 700, { steps: 10 });
    await expect(tooltip).toBeHidden();

    await launchPlan.focus();
    await expect(tooltip).toHaveText(LAUNCH_PLAN_LOCKED);
    await expect(launchPlan).toHaveAccessibleDescription(LAUNCH_PLAN_LOCKED);
    // Locked: pressing it goes nowhere.
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an item that needs the NDA opens the NDA Required dialog, whose Sign NDA goes to /nda", async ({ page }) => {
    const { members } = await createMemberOrganization();
    await signInTo(page, "/dashboard", members[0]!);
    const erpTenant = mainNav(page).getByRole("button", { name: "ERP Tenant" });
    await expect(erpTenant).toHaveAttribute("aria-haspopup", "dialog");
    await expect(mainNav(page).getByRole("link", { name: "ERP Tenant" })).toHaveCount(0);

    const dialog = page.getByRole("dialog", { name: "NDA Required" });
    await erpTenant.click();
    await expect(dialog).toContainText(NDA_REQUIRED_TEXT);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);

    await erpTenant.click();
    await dialog.getByRole("button", { name: "Sign NDA" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/nda$/);
    await expect(page.getByRole("heading", { name: "Mutual NDA", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign NDA" })).toBeVisible();
  });

  test("typing /acumatica-tenant before the NDA is signed says Access Restricted and lands on /nda", async ({ page }) => {
    const { members } = await createMemberOrganization();
    await signInTo(page, "/dashboard", members[0]!);
    await page.goto("/acumatica-tenant");
    const restricted = toast(page, "Access Restricted");
    await expect(restricted).toBeVisible();
    await expect(restricted).toContainText("Complete the NDA step first to access this page");
    await expect(page).toHaveURL(/\/nda$/);
    await expect(page.getByRole("heading", { name: "Mutual NDA", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "ERP Tenant", level: 1 })).toHaveCount(0);
  });

  test("signing the NDA in one browser unlocks the gated item in the member's other open browser, without a reload", { tag: "@realtime" }, async ({
    page,
    browser,
    baseURL,
  }) => {
    const { members } = await createMemberOrganization();
    const member = members[0]!;
    const other = await openSecondPage(browser, baseURL);
    await signInTo(other.page, "/dashboard", member);
    await expect(mainNav(other.page).getByRole("button", { name: "ERP Tenant" })).toBeVisible();
    await expect(other.page.getByText("Not signed", { exact: true })).toBeVisible();

    await signInTo(page, "/nda", member);
    await expect(page.getByText("Not signed", { exact: true })).toBeVisible();
    await signNda(page, { fullName: member.fullName, title: "Chief Executive Officer" });
    await expect(mainNav(page).getByRole("link", { name: "ERP Tenant" })).toBeVisible();

    // The other browser follows through the realtime stream: the lock is gone, the item a link.
    const unlocked = mainNav(other.page).getByRole("link", { name: "ERP Tenant" });
    await expect(unlocked).toBeVisible();
    await expect(mainNav(other.page).getByRole("button", { name: "ERP Tenant" })).toHaveCount(0);
    await expect(other.page.getByText("Signed by your organization — awaiting countersignature", { exact: true })).toBeVisible();
    await unlocked.click();
    await expect(other.page).toHaveURL(/\/acumatica-tenant$/);
    await expect(other.page.getByRole("heading", { name: "ERP Tenant", level: 1 })).toBeVisible();
    await other.close();
  });

  test("an employee countersigns the organization's NDA and downloads it as a PDF", { tag: "@realtime" }, async ({ page, browser, baseURL }) => {
    const { organization, members } = await createMemberOrganization();
    const member = members[0]!;
    const employee = await createEmployee();
    await signInTo(page, "/nda", member);
    await signNda(page, { fullName: member.fullName, title: "Chief Executive Officer" });

    const second = await openSecondPage(browser, baseURL);
    const staff = second.page;
    await signInTo(staff, "/nda", employee);
    await switchOrganization(staff, organization.organization_name);
    // This organization's NDA, as its member signed it.
    await expect(staff.getByText(member.email, { exact: true })).toBeVisible();
    await expect(staff.getByRole("heading", { name: "Countersign", exact: true })).toBeVisible();
    await expect(staff.getByLabel("Full name")).toHaveValue(employee.fullName);
    await staff.getByLabel("Title", { exact: true }).fill("Head of Partnerships");
    await staff.getByRole("button", { name: "Countersign NDA" }).click();
    await expect(toast(staff, "NDA countersigned")).toBeVisible();
    await expect(staff.getByText("Signed by both parties", { exact: true })).toBeVisible();
    await expect(staff.getByText(`${employee.fullName}, Head of Partnerships`)).toBeVisible();
    await expect(staff.getByRole("button", { name: "Countersign NDA" })).toHaveCount(0);
    // The member's open page follows.
    await expect(page.getByText("Signed by both parties", { exact: true })).toBeVisible();

    const downloading = staff.waitForEvent("download");
    await staff.getByRole("button", { name: "Download PDF" }).click();
    const download = await downloading;
    expect(new URL(download.url()).pathname).toMatch(/^\/api\/files\//);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const saved = await readFile(await download.path());
    expect(saved.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const served = await staff.request.get(download.url());
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toMatch(/^application\/pdf\b/);
    expect((await served.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await second.close();
  });

  test("business aspects chosen for a quick estimate on /business show as answered in Business Setup", async ({ page }) => {
    const { members } = await createMemberOrganization();
    await signInTo(page, "/business", members[0]!);
    await page.getByRole("group", { name: "What does your business do?" }).getByRole("checkbox", { name: "Manufacturing" }).check();
    await page.getByRole("group", { name: "How many people work in your company?" }).getByRole("radio", { name: "11-50 people" }).check();
    await page.getByRole("button", { name: "Get my estimate" }).click();
    await expect(page).toHaveURL(/\/price\?estimate=/);

    await mainNav(page).getByRole("link", { name: "Business Setup" }).click();
    await expect(page.getByRole("heading", { name: "Business Setup", level: 1 })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Manufacturing" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Distribution" })).not.toBeChecked();
  });

  test("completing Business Setup moves the dashboard's launchpad percentage", async ({ page }) => {
    const { members } = await createMemberOrganization();
    await signInTo(page, "/dashboard", members[0]!);
    await expect(page.getByText("Launchpad pages: 0%")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Launchpad completion" })).toHaveAttribute("aria-valuenow", "0");

    await mainNav(page).getByRole("link", { name: "Business Setup" }).click();
    await expect(page).toHaveURL(/\/goals$/);
    await expect(page.getByRole("heading", { name: "Business Setup", level: 1 })).toBeVisible();
    await page.getByLabel("Industry").fill("Wholesale distribution");
    await page.getByRole("combobox", { name: "Number of employees" }).click();
    await page.getByRole("option", { name: "11-50" }).click();
    await page.getByRole("combobox", { name: "Annual revenue" }).click();
    await page.getByRole("option", { name: "$1M-$10M" }).click();
    await page.getByRole("button", { name: "Add goal" }).click();
    await page.getByLabel("Goal 1", { exact: true }).fill("Close the books faster");
    await page.getByRole("checkbox", { name: "Distribution" }).check();
    await page.getByRole("button", { name: "Mark complete" }).click();
    await expect(toast(page, "Page complete")).toBeVisible();
    await expect(page.getByText("Complete", { exact: true })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Business Setup (completed)" })).toBeVisible();

    await mainNav(page).getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Distribution alone: Manufacturing and Ecommerce do not apply, so they count as done too.
    await expect(page.getByText("Launchpad pages: 30%")).toBeVisible();
    await expect(page.getByText("3 of 10 pages complete.")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Launchpad completion" })).toHaveAttribute("aria-valuenow", "30");
  });
});
