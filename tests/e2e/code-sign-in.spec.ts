import type { Page } from "@playwright/test";
import { createMemberOrganization, expect, extractCode, readMail, test } from "./harness/portal-fixtures.ts";

const CODE_SUBJECT = "code";

/** On /auth: types the email and asks for a code; the code screen opens. */
async function askForCode(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(page).toHaveURL(/\/verify-otp\?/);
  await expect(page.getByText(`Enter the code we sent to ${email}`)).toBeVisible();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test.describe("signing in with a code", () => {
  test("a code from the email signs in and returns to the page with its query", async ({ page }) => {
    const { organization, members } = await createMemberOrganization();
    const member = members[0]!;
    await page.goto("/company?x=1");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcompany%3Fx%3D1$/);
    await askForCode(page, member.email);

    const mail = await readMail(member.email, { subject: CODE_SUBJECT });
    await enterCode(page, extractCode(mail));

    await expect(page).toHaveURL(/\/company\?x=1$/);
    await expect(page.getByTestId("organization-name")).toHaveText(organization.organization_name);
    await expect(page.getByRole("button", { name: `User menu for ${member.fullName}` })).toBeVisible();
  });

  test("a wrong code is refused with the wrong-code message, and the right one still works", async ({ page }) => {
    const { members } = await createMemberOrganization();
    const member = members[0]!;
    await page.goto("/auth?redirectTo=/company");
    await askForCode(page, member.email);
    const code = extractCode(await readMail(member.email, { subject: CODE_SUBJECT }));
    const wrongCode = code.replace(/.$/, (digit) => String((Number(digit) + 1) % 10));

    await enterCode(page, wrongCode);
    await expect(page.getByRole("alert")).toHaveText("That code is not correct. Check the email and try again.");
    await expect(page.getByLabel("Code", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/verify-otp\?/);

    await enterCode(page, code);
    await expect(page).toHaveURL(/\/company$/);
    await expect(page.getByRole("heading", { name: "My Company" })).toBeVisible();
  });
});
