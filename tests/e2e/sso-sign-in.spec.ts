import type { Page } from "@playwright/test";
import { createMemberOrganization, expect, newEmail, registerSsoAccount, test } from "./harness/portal-fixtures.ts";

/** Clicks the SSO button on /auth and signs in at the test identity provider with `email`. */
async function signInAtProvider(page: Page, email: string) {
  await page.getByRole("button", { name: "Sign in with Test SSO" }).click();
  // The provider's own sign-in page, on its own origin.
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/interaction\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Test SSO" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe("single sign-on", () => {
  test("a user with an account signs in at the identity provider and lands at redirectTo", async ({ page, baseURL }) => {
    const { organization, members } = await createMemberOrganization();
    const member = members[0]!;
    await registerSsoAccount(member.email, { emailVerified: true });

    await page.goto("/company?x=1");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcompany%3Fx%3D1$/);
    await signInAtProvider(page, member.email);

    await expect(page).toHaveURL(`${baseURL}/company?x=1`);
    await expect(page.getByTestId("organization-name")).toHaveText(organization.organization_name);
    await expect(page.getByRole("button", { name: `User menu for ${member.fullName}` })).toBeVisible();
  });

  test("an email without a portal account is told to ask for an invitation", async ({ page, baseURL }) => {
    const stranger = newEmail("stranger");
    await registerSsoAccount(stranger, { emailVerified: true });

    await page.goto("/auth?redirectTo=/company");
    await signInAtProvider(page, stranger);

    await expect(page).toHaveURL(new RegExp(`^${baseURL}/oauth/callback\\?`));
    await expect(page.getByRole("alert")).toHaveText(
      "No account uses this email. Ask your organization's administrator for an invitation.",
    );
    await page.goto("/company");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcompany$/);
  });

  test("an email the identity provider does not vouch for is not matched to the account", async ({ page, baseURL }) => {
    const { members } = await createMemberOrganization();
    await registerSsoAccount(members[0]!.email, { emailVerified: false });

    await page.goto("/auth?redirectTo=/company");
    await signInAtProvider(page, members[0]!.email);

    await expect(page).toHaveURL(new RegExp(`^${baseURL}/oauth/callback\\?`));
    await expect(page.getByRole("alert")).toHaveText(
      "Your identity provider did not confirm this email address, so it can't be matched to an account. Ask your administrator for help.",
    );
    await page.goto("/company");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcompany$/);
  });
});
