import { createMemberOrganization, expect, signInAt, test } from "./harness/portal-fixtures.ts";

test("an unknown path shows the not-found page inside the shell", async ({ page }) => {
  const { members } = await createMemberOrganization();
  await signInAt(page, "/no-such-page", members[0]!);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the portal home" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the index opens the dashboard", async ({ page }) => {
  const { members } = await createMemberOrganization();
  await signInAt(page, "/", members[0]!);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
});

test("on a small screen the navigation hides behind a menu button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const { members } = await createMemberOrganization();
  await signInAt(page, "/company", members[0]!);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("button", { name: "Open navigation" }).click();
  const dialog = page.getByRole("dialog", { name: "Member Portal" });
  await expect(dialog.getByRole("link", { name: "My Company" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("at large widths the navigation is a 16rem column", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { members } = await createMemberOrganization();
  await signInAt(page, "/company", members[0]!);
  const nav = page.getByRole("complementary");
  await expect(nav).toBeVisible();
  expect((await nav.boundingBox())?.width).toBe(256);
});
