import { expectNoAxeViolations, pngFile } from "./harness/content-steps.ts";
import { switchOrganization } from "./harness/launchpad-steps.ts";
import { createEmployee, createMemberOrganization, expect, signInTo, test, watchConsoleErrors } from "./harness/portal-fixtures.ts";

// /organization: what the ERP needs to know of the organization. Its admins fill it, a member user
// reads it; the logo shows from the portal's own route (cookie and nosniff, no script).

test("an admin fills the profile and uploads a logo; a member user reads both", async ({ page, browser }) => {
  const { organization, members } = await createMemberOrganization(2, { roles: ["member_admin", "member_user"] });
  const consoleErrors = watchConsoleErrors(page);
  await signInTo(page, "/company", members[0]!);
  await page.getByRole("link", { name: "Open the organization profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Organization profile" })).toBeVisible();
  await expect(page.getByText("Not set yet")).toBeVisible();

  await page.getByLabel("Legal name").fill("Acme Holdings GmbH");
  const registered = page.locator("section", { has: page.getByRole("heading", { name: "Registered address" }) });
  await registered.getByLabel("Street", { exact: true }).fill("Hauptstraße 1");
  await registered.getByLabel("City").fill("Berlin");
  await registered.getByRole("combobox", { name: "Country" }).click();
  await page.getByRole("combobox", { name: "Search countries" }).fill("germ");
  await page.getByRole("option", { name: "Germany (DE)" }).click();
  await page.getByRole("button", { name: "Add tax identifier" }).click();
  await page.getByLabel("Number").fill("DE123456789");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Organization profile saved")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();

  await page.locator('input[type="file"]').setInputFiles(pngFile("logo.png", 16));
  await expect(page.getByText("Logo saved")).toBeVisible();
  const logo = page.getByRole("img", { name: `${organization.organization_name} logo` });
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(16);
  await expectNoAxeViolations(page, "the organization profile form");
  expect(consoleErrors).toEqual([]);

  const memberPage = await (await browser.newContext()).newPage();
  await signInTo(memberPage, "/organization", members[1]!);
  await expect(memberPage.getByText("Only your organization's admins and your provider's team can change the organization profile.")).toBeVisible();
  await expect(memberPage.getByText("Acme Holdings GmbH")).toBeVisible();
  await expect(memberPage.getByText("VAT number:")).toBeVisible();
  await expect(memberPage.getByRole("textbox")).toHaveCount(0);
  await expectNoAxeViolations(memberPage, "the read-only organization profile");
});

test("an employee sees the logo of the organization chosen in the switcher", async ({ page }) => {
  const { organization, members } = await createMemberOrganization(1, { role: "member_admin" });
  const admin = await page.context().browser()!.newContext();
  const adminPage = await admin.newPage();
  await signInTo(adminPage, "/organization", members[0]!);
  await adminPage.locator('input[type="file"]').setInputFiles(pngFile("logo.png", 12));
  await expect(adminPage.getByText("Logo saved")).toBeVisible();

  await signInTo(page, "/dashboard", await createEmployee());
  await switchOrganization(page, organization.organization_name);
  await page.goto("/organization");
  const logo = page.getByRole("img", { name: `${organization.organization_name} logo` });
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(12);
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
});
