import { createMemberOrganization, expect, signInAt, signInThroughForm, test } from "./harness/portal-fixtures.ts";

test.describe("signing in", () => {
  test("a signed-out visit goes to /auth and returns to the page with its query after sign-in", async ({ page }) => {
    const { organization, members } = await createMemberOrganization();
    await signInAt(page, "/company?tab=details", members[0]!);
    await expect(page).toHaveURL(/\/company\?tab=details$/);
    await expect(page.getByTestId("organization-name")).toHaveText(organization.organization_name);
    await expect(page.getByRole("heading", { name: "My Company" })).toBeVisible();
  });

  test("under /MemberPortal the redirect and the return keep the base path", async ({ page }) => {
    const { members } = await createMemberOrganization();
    await page.goto("/MemberPortal/company");
    await expect(page).toHaveURL(/\/MemberPortal\/auth\?redirectTo=%2Fcompany$/);
    await signInThroughForm(page, members[0]!);
    await expect(page).toHaveURL(/\/MemberPortal\/company$/);
    await expect(page.getByRole("heading", { name: "My Company" })).toBeVisible();
  });

  test("a direct /MemberPortal/auth?redirectTo=/company link lands on /MemberPortal/company", async ({ page }) => {
    const { members } = await createMemberOrganization();
    await page.goto("/MemberPortal/auth?redirectTo=/company");
    await signInThroughForm(page, members[0]!);
    await expect(page).toHaveURL(/\/MemberPortal\/company$/);
  });

  test("a wrong password is reported in the form and nobody is signed in", async ({ page }) => {
    const { members } = await createMemberOrganization();
    await page.goto("/auth");
    await signInThroughForm(page, { email: members[0]!.email, password: "not-the-right-password" });
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("empty fields get field errors without a request", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
  });

  test("an open redirect target is ignored", async ({ page }) => {
    const { members } = await createMemberOrganization();
    await page.goto("/auth?redirectTo=//evil.example/x");
    await signInThroughForm(page, members[0]!);
    await expect(page).toHaveURL(/localhost:\d+\/dashboard$/);
  });

  test("Sign Out in the user menu ends the session", async ({ page }) => {
    const { members } = await createMemberOrganization();
    await signInAt(page, "/company", members[0]!);
    await page.getByRole("button", { name: /User menu/ }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/company");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcompany$/);
  });
});
