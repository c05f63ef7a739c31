import AxeBuilder from "@axe-core/playwright";
import { createMemberOrganization, expect, signInAt, test } from "./harness/portal-fixtures.ts";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

test("the sign-in page has no axe violations", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations).toEqual([]);
});

test("My Company and the not-found page have no axe violations", async ({ page }) => {
  const { members } = await createMemberOrganization();
  await signInAt(page, "/company", members[0]!);
  await expect(page.getByLabel("Organization name")).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations).toEqual([]);
  await page.goto("/missing");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations).toEqual([]);
});
