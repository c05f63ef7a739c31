import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  createMemberOrganization,
  expect,
  signInTo,
  signInThroughForm,
  test,
  watchConsoleErrors,
} from "./harness/portal-fixtures.ts";

async function openUserMenuItem(page: Page, item: "Profile" | "Change Password") {
  await page.getByRole("button", { name: /^User menu for / }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

test.describe("account", () => {
  test("a password change signs out every session; only the new password signs in", async ({ browser }) => {
    const { members } = await createMemberOrganization();
    const member = members[0]!;
    const newPassword = `New-e2e-password-${randomUUID().slice(0, 8)}`;
    const first = await (await browser.newContext()).newPage();
    const second = await (await browser.newContext()).newPage();
    const consoleErrors = [watchConsoleErrors(first), watchConsoleErrors(second)];
    await signInTo(first, "/company", member);
    await expect(first.getByRole("heading", { name: "My Company" })).toBeVisible();
    await signInTo(second, "/company", member);
    await expect(second.getByRole("heading", { name: "My Company" })).toBeVisible();

    await openUserMenuItem(first, "Change Password");
    const dialog = first.getByRole("dialog", { name: "Change Password" });
    await dialog.getByLabel("Current password").fill(member.password);
    await dialog.getByLabel("New password").fill(newPassword);
    await dialog.getByLabel("Confirm password").fill(newPassword);
    await dialog.getByRole("button", { name: "Change password" }).click();

    await expect(toast(first, "Password changed")).toBeVisible();
    // Signed out about 2 seconds later.
    await expect(first).toHaveURL(/\/auth(\?|$)/);
    await expect(first.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();

    // The other browser's session was revoked with the change.
    expect((await second.request.get("/api/me")).status()).toBe(401);
    await second.reload();
    await expect(second).toHaveURL(/\/auth\?redirectTo=%2Fcompany$/);

    await signInThroughForm(first, { email: member.email, password: member.password });
    await expect(first.getByRole("alert")).toHaveText("Invalid email or password");
    // Sent to plain /auth after the sign-out, so the sign-in lands on the dashboard.
    await signInThroughForm(first, { email: member.email, password: newPassword });
    await expect(first).toHaveURL(/\/dashboard$/);
    await expect(first.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    expect(consoleErrors.flat()).toEqual([]);
    await Promise.all([first.context().close(), second.context().close()]);
  });

  test("a wrong current password is reported and nothing changes", async ({ page }) => {
    const { members } = await createMemberOrganization();
    const member = members[0]!;
    await signInTo(page, "/company", member);
    await openUserMenuItem(page, "Change Password");
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await dialog.getByLabel("Current password").fill("not-the-current-password");
    await dialog.getByLabel("New password").fill("Another-long-password-1");
    await dialog.getByLabel("Confirm password").fill("Another-long-password-1");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await expect(dialog.getByText("Current password is incorrect")).toBeVisible();
    await expect(dialog.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
    await page.reload();
    await expect(page.getByRole("heading", { name: "My Company" })).toBeVisible();
  });

  test("a new name in My Profile shows in the header at once", async ({ page }) => {
    const { members } = await createMemberOrganization();
    const member = members[0]!;
    const newName = `Renamed ${randomUUID().slice(0, 8)}`;
    await signInTo(page, "/company", member);
    await expect(page.getByRole("button", { name: `User menu for ${member.fullName}` })).toBeVisible();

    await openUserMenuItem(page, "Profile");
    const dialog = page.getByRole("dialog", { name: "My Profile" });
    await expect(dialog.getByLabel("Email")).toHaveValue(member.email);
    await dialog.getByLabel("Full name").fill(newName);
    await dialog.getByRole("button", { name: "Save" }).click();

    await expect(toast(page, "Profile updated")).toBeVisible();
    await expect(dialog).toBeHidden();
    const menuButton = page.getByRole("button", { name: `User menu for ${newName}` });
    await expect(menuButton).toHaveText(newName);
    await page.reload();
    await expect(menuButton).toBeVisible();
  });
});
