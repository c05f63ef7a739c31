import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./harness/attachment-steps.ts";
import { expectToast, openSecondPage } from "./harness/launchpad-steps.ts";
import { completeLaunchpad, createMemberOrganization, expect, signInTo, test } from "./harness/portal-fixtures.ts";

// Issue 26: a milestone is completed with courses left only once confirmed, and an organization
// admin reopens it with a reason; the plan and the milestone page say what was done.

const MILESTONE = "Discovery and kick-off";

function historyOf(page: Page): Locator {
  return page.locator("section").filter({ has: page.getByRole("heading", { name: "History", level: 2 }) });
}

/** Switches the theme of an open page once its buttons' colour transitions have ended, as a reader sees it. */
async function useTheme(page: Page, colorScheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

/** The page in light and in dark: axe finds no violation in either. */
async function expectAccessibleInBothThemes(page: Page, where: string) {
  await expectNoAxeViolations(page, `${where}, light`);
  await useTheme(page, "dark");
  await expectNoAxeViolations(page, `${where}, dark`);
  await useTheme(page, "light");
}

test.describe("completing a milestone early", () => {
  test("a member confirms completing a milestone early and an admin reopens it with a reason", { tag: "@realtime" }, async ({ page, browser, baseURL }) => {
    // Two browsers through a whole milestone with ten axe passes: about 30 s alone, twice that
    // beside the other specs on a 2-core machine.
    test.setTimeout(120_000);
    const { organization, members } = await createMemberOrganization(2, { roles: ["member_user", "member_admin"] });
    await completeLaunchpad(organization.id);
    const [member, admin] = members as [(typeof members)[number], (typeof members)[number]];

    await signInTo(page, "/system-refinement", member);
    await page.getByRole("link", { name: MILESTONE, exact: true }).first().click();
    await expect(page.getByRole("heading", { name: MILESTONE, level: 1 })).toBeVisible();
    const milestonePath = new URL(page.url()).pathname;

    // Nothing of its courses is done: the member is told so and asked.
    await page.getByRole("button", { name: `Mark as complete ${MILESTONE}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Complete ${MILESTONE} early?` });
    await expect(confirm.getByText("2 of 2 courses are not complete. Complete the milestone anyway?")).toBeVisible();
    await expectAccessibleInBothThemes(page, "complete early dialog");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await page.getByRole("button", { name: `Mark as complete ${MILESTONE}` }).click();
    await confirm.getByRole("button", { name: "Complete anyway" }).click();
    await expectToast(page, "Milestone Completed", "This milestone has been marked as completed.");

    // The percentage stays what was done, and the page says the milestone was closed early.
    await expect(page.getByRole("progressbar", { name: `Progress of ${MILESTONE}` })).toHaveAttribute("aria-valuenow", "0");
    await expect(historyOf(page).getByRole("listitem")).toHaveText([new RegExp(`^Completed early by ${member.fullName} on .+ with 0 of 2 courses done$`)]);
    await expect(page.getByRole("button", { name: /^Reopen/ })).toHaveCount(0);
    await expectAccessibleInBothThemes(page, "milestone closed early");
    await page.goto("/system-refinement");
    await expect(page.getByText(/milestones completed, 1 of them closed early$/)).toBeVisible();
    await expectAccessibleInBothThemes(page, "launch plan with a milestone closed early");
    await page.goto(milestonePath);

    // The organization's admin reopens it from another browser; the member's page follows.
    const second = await openSecondPage(browser, baseURL);
    await signInTo(second.page, milestonePath, admin);
    await second.page.getByRole("button", { name: `Reopen ${MILESTONE}` }).click();
    const reopen = second.page.getByRole("dialog", { name: `Reopen ${MILESTONE}` });
    await reopen.getByRole("button", { name: "Reopen milestone" }).click();
    await expect(reopen.getByText("Reason is required")).toBeVisible();
    await expectAccessibleInBothThemes(second.page, "reopen dialog with its error");
    await reopen.getByLabel("Reason").fill("The kick-off survey was never answered.");
    await reopen.getByRole("button", { name: "Reopen milestone" }).click();
    await expectToast(second.page, "Milestone Reopened", "This milestone is in progress again.");
    await expect(reopen).toHaveCount(0);

    await expect(page.getByRole("button", { name: `Mark as complete ${MILESTONE}` })).toBeVisible();
    await expect(historyOf(page).getByRole("listitem")).toHaveText([
      new RegExp(`^Reopened by ${admin.fullName} on .+: The kick-off survey was never answered\\.$`),
      new RegExp(`^Completed early by ${member.fullName} on .+ with 0 of 2 courses done$`),
    ]);
    await expectAccessibleInBothThemes(page, "milestone reopened, with its history");
    await second.close();
  });
});
