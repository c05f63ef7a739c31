import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./harness/attachment-steps.ts";
import { NDA_REQUIRED_REASON, createEntryByApi, entrySheet, organizationOf, signNdaByApi } from "./harness/action-log-steps.ts";
import { expectToast, mainNav, toast } from "./harness/launchpad-steps.ts";
import { expect, providerAdministrator, signInTo, test } from "./harness/portal-fixtures.ts";

test.describe("action log", () => {

  test("/risks needs the NDA; then a member logs a risk with likelihood and impact and finds it on the matrix", async ({ page }) => {
    const { members } = await organizationOf(1);
    await signInTo(page, "/dashboard", members[0]!);
    await page.goto("/risks");
    await expectToast(page, "Access Restricted", NDA_REQUIRED_REASON);
    await expect(page).not.toHaveURL(/\/risks$/);

    await signNdaByApi(page.request);
    await page.goto("/risks");
    await expect(page.getByRole("heading", { name: "Risks", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "/risks, empty");
    await page.getByRole("button", { name: "New risk" }).click();
    const form = page.getByRole("dialog", { name: "New risk" });
    await form.getByRole("button", { name: "Create risk" }).click();
    await expect(form.getByText("Title is required")).toBeVisible();
    await form.getByLabel("Title").fill("Key users unavailable during cut-over");
    await form.getByRole("combobox", { name: "Likelihood" }).click();
    await page.getByRole("option", { name: "Likely", exact: true }).click();
    await form.getByRole("combobox", { name: "Impact" }).click();
    await page.getByRole("option", { name: "High", exact: true }).click();
    await expectNoAxeViolations(page, "New risk dialog", "[role=dialog]");
    await form.getByRole("button", { name: "Create risk" }).click();
    await expect(form).toBeHidden();

    const matrix = page.getByRole("table", { name: /Active risks by likelihood and impact/ });
    const likelyRow = matrix.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Likely", exact: true }) });
    // Impact columns Low, Medium, High, Critical follow the row header: High is the fourth cell.
    await expect(likelyRow.getByRole("cell").nth(2)).toContainText("RISK-1");
    await expect(likelyRow.getByRole("cell").nth(2)).toContainText("High · 9");
    await expectNoAxeViolations(page, "/risks with a risk");
  });

  test("an issue is resolved only with a resolution note, and its history says who changed what", async ({ page }) => {
    const { members } = await organizationOf(1);
    await signInTo(page, "/dashboard", members[0]!);
    await signNdaByApi(page.request);
    const issue = await createEntryByApi(page.request, { title: "Invoices post to the wrong period", action_log_type: "Issue" });
    await page.goto(`/issues?entry=${issue.id}`);
    const sheet = entrySheet(page, issue.reference);
    await expect(sheet).toBeVisible();
    await expectNoAxeViolations(page, "entry details", "[role=dialog]");

    await sheet.getByRole("button", { name: "Change status" }).click();
    await page.getByRole("menuitem", { name: "Resolved" }).click();
    const resolve = page.getByRole("dialog", { name: `Resolve ${issue.reference}` });
    await resolve.getByRole("button", { name: "Save" }).click();
    await expect(resolve.getByText("A resolution note is required to resolve an issue")).toBeVisible();
    // The pointer off the button: a hovered button is drawn lighter.
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page, "resolve dialog", "[role=dialog]");
    await resolve.getByLabel("Resolution notes").fill("Posting period mapping fixed in the ledger setup.");
    await resolve.getByRole("button", { name: "Save" }).click();
    await expect(resolve).toBeHidden();
    await expect(sheet.getByText("Resolved").first()).toBeVisible();
    await expect(sheet.getByText("Posting period mapping fixed in the ledger setup.").first()).toBeVisible();

    const stored = (await (await page.request.get(`/api/action-logs/${issue.id}`)).json()) as { entry: { status: string }; history: unknown[] };
    expect(stored.entry.status).toBe("Resolved");
    expect(stored.history).toHaveLength(2);

    await sheet.getByRole("textbox", { name: "Comment" }).fill("Checked with finance: fine now.");
    await sheet.getByRole("button", { name: "Comment", exact: true }).click();
    await expect(sheet.getByText("Checked with finance: fine now.")).toBeVisible();
  });

  /** A member of a new organization whose NDA is signed, with three entries, signed in on the dashboard. */
  async function memberWithEntries(page: Page) {
    const { organization, members } = await organizationOf(1);
    await signInTo(page, "/dashboard", members[0]!);
    await signNdaByApi(page.request);
    await createEntryByApi(page.request, { title: "Agree the chart of accounts", action_log_type: "Decision" });
    await createEntryByApi(page.request, { title: "Send the vendor list", action_log_type: "Open Request" });
    await createEntryByApi(page.request, { title: "Book the training room", action_log_type: "Task" });
    return organization;
  }

  /** The provider administrator assigns menu version v2 (made on first use) to the organization. */
  async function assignMenuVersionTwo(browser: Browser, baseURL: string | undefined, organizationId: string) {
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await signInTo(adminPage, "/dashboard", await providerAdministrator());
    const created = await adminPage.request.post("/api/admin/menu-versions", { data: { version_name: "v2", menu_config: { excludeItems: [], customPermissions: {} } } });
    expect([201, 409]).toContain(created.status());
    const assigned = await adminPage.request.put(`/api/admin/organizations/${organizationId}/menu-version`, { data: { menu_version: "v2" } });
    expect(assigned.status(), await assigned.text()).toBe(200);
    await adminContext.close();
  }

  test("the Action Log is in the menu for menu version v2 only, and arrives there without a reload", async ({ page, browser, baseURL }) => {
    const organization = await memberWithEntries(page);
    await page.reload();
    await mainNav(page).getByRole("button", { name: "Tools" }).click();
    await expect(mainNav(page).getByRole("link", { name: "Tasks" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Action Log" })).toHaveCount(0);

    await assignMenuVersionTwo(browser, baseURL, organization.id);
    await expect(mainNav(page).getByRole("link", { name: "Action Log" })).toBeVisible();
    await mainNav(page).getByRole("link", { name: "Action Log" }).click();
    await expect(page.getByRole("heading", { name: "Action Log", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /Book the training room/ })).toBeVisible();
  });

  // Two tests of about seven axe passes each: in one, the walk took more than half its time limit
  // on a loaded machine.
  test("every typed page passes axe", async ({ page }) => {
    await memberWithEntries(page);
    for (const [path, heading] of [["/tasks", "Tasks"], ["/issues", "Issues"], ["/decisions", "Decisions"], ["/open-requests", "Requests"]] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, path);
    }
  });

  test("the Action Log, its board and the type definitions pass axe", async ({ page, browser, baseURL }) => {
    const organization = await memberWithEntries(page);
    await assignMenuVersionTwo(browser, baseURL, organization.id);
    await page.goto("/action-log");
    await expect(page.getByRole("heading", { name: "Action Log", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /Book the training room/ })).toBeVisible();
    await expectNoAxeViolations(page, "/action-log");
    await page.getByRole("button", { name: "Board" }).click();
    await expect(page.getByRole("region", { name: /Open/ }).first()).toBeVisible();
    await expectNoAxeViolations(page, "/action-log board");

    await page.goto("/action-log/type-definitions");
    await expect(page.getByText("Only the provider administrator can change these.")).toBeVisible();
    await expectNoAxeViolations(page, "/action-log/type-definitions");
    await expect(toast(page, "Access Restricted")).toHaveCount(0);
  });
});
