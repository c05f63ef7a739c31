import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./harness/axe.ts";
import { expectToast, openSecondPage, switchOrganization, toast } from "./harness/launchpad-steps.ts";
import { createEmployee, createMemberOrganization, expect, showExtensionsToMembers, signInTo, test } from "./harness/portal-fixtures.ts";

const card = (page: Page, id: string) => page.locator(`[aria-labelledby='extension-${id}-title']`);

test.describe("extensions and the portfolio", () => {
  test("a member requests AP Automation, an employee approves it: the add-on goes on the estimate and the page opens @realtime", async ({ page, browser, baseURL }) => {
    const { organization, members } = await createMemberOrganization(1, { role: "member_admin" });
    await showExtensionsToMembers(organization.id);
    const member = members[0]!;
    await signInTo(page, "/extensions", member);
    const created = await page.request.post("/api/pricing/estimates", { data: { name: "Our plan", edition_id: "FE", lines: [] } });
    expect(created.status()).toBe(201);
    const estimate = (await created.json()) as { id: string; total_monthly_price_cents: number };

    // Not active yet: the page is refused and lands on /extensions.
    await page.goto("/extensions/ap-automation");
    await expect(toast(page, "Access Restricted")).toContainText("AP Automation is not active for your organization yet.");
    await expect(page).toHaveURL(/\/extensions$/);

    const ap = card(page, "ap-automation");
    await expect(ap).toContainText("$245.00 a month");
    await ap.getByRole("button", { name: "Request" }).click();
    const dialog = page.getByRole("dialog", { name: "Request AP Automation" });
    await dialog.getByLabel("Note for the provider (optional)").fill("We close the books on the 5th.");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(toast(page, "AP Automation requested. The provider will review your request (REQ-1).")).toBeVisible();
    await expect(ap).toContainText("Requested by");
    await expectNoAxeViolations(page, "/extensions, member, light");

    const staff = await openSecondPage(browser, baseURL);
    await signInTo(staff.page, "/dashboard", await createEmployee());
    await switchOrganization(staff.page, organization.organization_name);
    await staff.page.goto("/extensions");
    await card(staff.page, "ap-automation").getByRole("button", { name: "Approve and activate" }).click();
    await expectToast(staff.page, "AP Automation is active and on the primary estimate", "");
    await staff.page.emulateMedia({ colorScheme: "dark" });
    await staff.page.reload();
    await expect(card(staff.page, "ap-automation")).toContainText("Active since");
    await expectNoAxeViolations(staff.page, "/extensions, employee, dark");
    await staff.close();

    // The member's page follows without a reload; the add-on is on the unlocked primary estimate.
    await expect(ap).toContainText("The add-on is on your primary estimate.");
    const after = (await (await page.request.get(`/api/pricing/estimates/${estimate.id}`)).json()) as { lines: { inventory_id: string }[]; total_monthly_price_cents: number };
    expect(after.lines.map((line) => line.inventory_id)).toContain("EXT-APA");
    expect(after.total_monthly_price_cents).toBe(estimate.total_monthly_price_cents + 24_500);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "AP Automation" }).click();
    await expect(page).toHaveURL(/\/extensions\/ap-automation$/);
    await expect(page.getByRole("heading", { name: "AP Automation", level: 1 })).toBeVisible();
  });

  test("the portfolio lists organizations lowest score first, filters them and acts for the one chosen", async ({ page }) => {
    const tag = randomUUID().slice(0, 6);
    const names = [`Portfolio ${tag} Alpha`, `Portfolio ${tag} Bravo`, `Portfolio ${tag} Charlie`];
    for (const [index, name] of names.entries()) {
      const { members } = await createMemberOrganization(1, { role: "member_admin" });
      const context = page.context();
      await signInTo(page, "/dashboard", members[0]!);
      expect((await page.request.patch("/api/organization", { data: { organization_name: name } })).status()).toBe(200);
      // Bravo signs the NDA; Charlie signs it and estimates: their scores rise in that order.
      if (index >= 1) expect((await page.request.post("/api/nda/sign", { data: { full_name: "Signer", title: "CFO", agreed: true } })).status()).toBe(201);
      if (index === 2) expect((await page.request.post("/api/pricing/estimates", { data: { name: "Plan", edition_id: "FE", lines: [] } })).status()).toBe(201);
      await context.clearCookies();
    }

    await signInTo(page, "/portfolio", await createEmployee());
    await expect(page.getByRole("heading", { name: "Portfolio", level: 1 })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search organizations by name" }).fill(`Portfolio ${tag}`);
    const rows = page.getByRole("row").filter({ has: page.getByRole("button", { name: /: act for this organization$/ }) });
    await expect(rows).toHaveCount(3);
    const order = await rows.evaluateAll((found) => found.map((row) => row.querySelector("button")?.textContent));
    expect(order).toEqual(names);
    await expectNoAxeViolations(page, "/portfolio, light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page, "/portfolio, dark");

    await page.getByRole("button", { name: `${names[2]}: act for this organization` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("combobox", { name: `Organization: ${names[2]}` })).toBeVisible();
  });
});
