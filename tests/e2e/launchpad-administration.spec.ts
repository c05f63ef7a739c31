import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { mainNav, openSecondPage, toast } from "./harness/launchpad-steps.ts";
import { createEmployee, createMemberOrganization, expect, providerAdministrator, signInTo, test } from "./harness/portal-fixtures.ts";

/** The Administration section's "Team" entry (the section is open on /company, its own page). */
function teamEntry(page: Page) {
  return mainNav(page).getByRole("link", { name: "Team", exact: true });
}

test.describe("administration: menu versions and who may open /administration", () => {
  test("a menu version excluding Team hides it for the organization assigned to it, and only there", { tag: "@realtime" }, async ({
    page,
    browser,
    baseURL,
  }) => {
    const excluded = await createMemberOrganization();
    const untouched = await createMemberOrganization();
    const versionName = `e2e-no-team-${randomUUID().slice(0, 8)}`;

    // A member of the organization about to lose Team, with the navigation open.
    const memberOfExcluded = await openSecondPage(browser, baseURL);
    await signInTo(memberOfExcluded.page, "/company", excluded.members[0]!);
    await expect(mainNav(memberOfExcluded.page).getByRole("link", { name: "My Company" })).toBeVisible();
    await expect(teamEntry(memberOfExcluded.page)).toBeVisible();

    await signInTo(page, "/administration", await providerAdministrator());
    await expect(page.getByRole("heading", { name: "Administration", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "New menu version" }).click();
    const dialog = page.getByRole("dialog", { name: "New menu version" });
    await dialog.getByLabel("Version name").fill(versionName);
    await expect(dialog.getByRole("checkbox", { name: "Active" })).toBeChecked();
    await dialog.getByRole("checkbox", { name: "Team", exact: true }).check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, "Menu version saved")).toBeVisible();
    const versionRow = page.getByRole("row").filter({ has: page.getByRole("cell", { name: versionName, exact: true }) });
    await expect(versionRow).toContainText("Team");
    await expect(versionRow).toContainText("Active");

    await page.getByLabel("Filter organizations").fill(excluded.organization.organization_name);
    await page.getByRole("combobox", { name: `Menu version for ${excluded.organization.organization_name}` }).click();
    await page.getByRole("option", { name: versionName, exact: true }).click();
    await expect(toast(page, "Menu version assigned")).toBeVisible();
    await expect(page.getByRole("combobox", { name: `Menu version for ${excluded.organization.organization_name}` })).toHaveText(
      versionName,
    );
    await expect(versionRow.getByRole("cell").nth(4)).toHaveText("1");

    // The open navigation loses Team without a reload; typing /team is refused.
    await expect(teamEntry(memberOfExcluded.page)).toHaveCount(0);
    await expect(mainNav(memberOfExcluded.page).getByRole("link", { name: "My Company" })).toBeVisible();
    await memberOfExcluded.page.goto("/team");
    const restricted = toast(memberOfExcluded.page, "Access Restricted");
    await expect(restricted).toBeVisible();
    await expect(restricted).toContainText("This page is not available for your organization");
    // Sent home: "/" forwards to the dashboard, where Administration starts collapsed.
    await expect(memberOfExcluded.page).toHaveURL(/\/dashboard$/);
    await mainNav(memberOfExcluded.page).getByRole("button", { name: "Administration" }).click();
    await expect(mainNav(memberOfExcluded.page).getByRole("link", { name: "My Company" })).toBeVisible();
    await expect(teamEntry(memberOfExcluded.page)).toHaveCount(0);
    await memberOfExcluded.close();

    // Another organization keeps the default menu.
    const memberOfUntouched = await openSecondPage(browser, baseURL);
    await signInTo(memberOfUntouched.page, "/company", untouched.members[0]!);
    await expect(teamEntry(memberOfUntouched.page)).toBeVisible();
    await teamEntry(memberOfUntouched.page).click();
    await expect(memberOfUntouched.page.getByRole("heading", { name: "Team", exact: true })).toBeVisible();
    await memberOfUntouched.close();
  });

  test("the provider administrator opens /administration from the user menu; a member or another employee typing it is sent home", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { members } = await createMemberOrganization();
    await signInTo(page, "/company", await providerAdministrator());
    await page.getByRole("button", { name: /^User menu for / }).click();
    await page.getByRole("menuitem", { name: "Administration" }).click();
    await expect(page).toHaveURL(/\/administration$/);
    await expect(page.getByRole("heading", { name: "Administration", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Menu versions" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "NDA template" })).toBeVisible();

    // Sent to "/", which opens the Launch Plan when the acting organization's launchpad is complete
    // and the dashboard otherwise: the member's is not; the employee acts for whichever
    // organization comes first, which other tests may have completed.
    for (const [account, home] of [
      [members[0]!, /\/dashboard$/],
      [await createEmployee(), /\/(dashboard|system-refinement)$/],
    ] as const) {
      const other = await openSecondPage(browser, baseURL);
      await signInTo(other.page, "/company", account);
      await other.page.goto("/administration");
      const restricted = toast(other.page, "Access Restricted");
      await expect(restricted).toBeVisible();
      await expect(restricted).toContainText("Only the provider administrator can open this page");
      await expect(other.page).toHaveURL(home);
      await expect(other.page.getByRole("heading", { name: "Administration", level: 1 })).toHaveCount(0);
      await other.close();
    }
  });
});
