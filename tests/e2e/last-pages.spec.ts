import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./harness/axe.ts";
import { openSecondPage, switchOrganization } from "./harness/launchpad-steps.ts";
import { completeLaunchpad, createEmployee, createMemberOrganization, expect, showExtensionsToMembers, signInTo, test } from "./harness/portal-fixtures.ts";

/** Every route of spec §2, as the navigation and the address bar reach them. */
const SPEC_ROUTES = [
  "/dashboard", "/team", "/company", "/organization", "/plans", "/etl-admin", "/support", "/business", "/goals", "/ecommerce", "/manufacturing",
  "/distribution", "/price", "/content", "/acumatica-settings", "/extensions", "/administration", "/trial-status", "/tools", "/action-log",
  "/action-log/type-definitions", "/education", "/timeline", "/financial-calendar", "/nda", "/pricing-deployment-plan", "/system-refinement",
  "/extensions/decision-maker-dashboard", "/extensions/ap-automation", "/extensions/container-management",
];

async function expectRealPage(page: Page, route: string) {
  await page.goto(route);
  await expect(page.locator("h1").first(), route).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page not found" }), route).toHaveCount(0);
}

test.describe("the last pages of the spec", () => {
  test("the decision-maker dashboard shows the score and its breakdown and downloads its board summary; support lists the help requests", async ({ page, browser, baseURL }) => {
    const { organization, members } = await createMemberOrganization(1, { role: "member_admin" });
    await showExtensionsToMembers(organization.id);
    const staff = await openSecondPage(browser, baseURL);
    await signInTo(staff.page, "/dashboard", await createEmployee());
    const activated = await staff.page.request.post("/api/extensions/decision-maker-dashboard/activate", { headers: { "x-organization-id": organization.id } });
    expect(activated.status()).toBe(200);
    // The workspaces open to employees whatever the organization has.
    await switchOrganization(staff.page, organization.organization_name);
    for (const [route, title] of [["/extensions/ap-automation", "AP Automation"], ["/extensions/container-management", "Container Management"]] as const) {
      await staff.page.goto(route);
      await expect(staff.page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      await expectNoAxeViolations(staff.page, `${route}, employee`);
    }
    await staff.close();

    await signInTo(page, "/extensions/decision-maker-dashboard", members[0]!);
    await expect(page.getByRole("heading", { name: "Decision-maker Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByText("out of 100")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Launchpad" })).toBeVisible();
    await expectNoAxeViolations(page, "/extensions/decision-maker-dashboard, light");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download as PDF" }).click();
    expect((await download).suggestedFilename()).toMatch(/^board-summary-.*\.pdf$/);

    const raised = await page.request.post("/api/help-requests", { data: { help_type: "question", title: "Which columns does the vendor list need?" } });
    expect(raised.status()).toBe(201);
    await page.goto("/support");
    await expect(page.getByRole("link", { name: "Which columns does the vendor list need?" })).toBeVisible();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(page.getByRole("link", { name: "Which columns does the vendor list need?" })).toBeVisible();
    await expectNoAxeViolations(page, "/support, dark");
  });

  test("every route of spec §2 answers a real page to whoever may open it", async ({ page, browser, baseURL }) => {
    // Forty-odd page loads, each a real page: longer than one page's test.
    test.setTimeout(120_000);
    const { organization, members } = await createMemberOrganization(1, { role: "member_admin" });
    await completeLaunchpad(organization.id);
    const employee = await createEmployee();
    await signInTo(page, "/dashboard", employee);
    await switchOrganization(page, organization.organization_name);
    // What only employees open; the member's walk below reaches every other route.
    const employeesOnly = ["/etl-admin", "/acumatica-settings", "/extensions", "/extensions/decision-maker-dashboard", "/extensions/ap-automation", "/extensions/container-management", "/portfolio", "/help-inbox"];
    for (const route of employeesOnly) await expectRealPage(page, route);

    // A member: pages they may not open send them elsewhere with the reason, never to a bare page.
    const member = await openSecondPage(browser, baseURL);
    await signInTo(member.page, "/dashboard", members[0]!);
    for (const route of SPEC_ROUTES) await expectRealPage(member.page, route);
    await member.close();
  });
});
