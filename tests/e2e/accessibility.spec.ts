import { expectNoAxeViolations } from "./harness/axe.ts";
import {
  createEmployee,
  createMemberOrganization,
  expect,
  extractCode,
  extractLink,
  newEmail,
  readMail,
  signInTo,
  test,
} from "./harness/portal-fixtures.ts";

test("the sign-in page has no axe violations", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Test SSO" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("My Company and the not-found page have no axe violations", async ({ page }) => {
  const { members } = await createMemberOrganization();
  await signInTo(page, "/company", members[0]!);
  await expect(page.getByLabel("Organization name")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/missing");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the code screen has no axe violations, asking for the email and for the code", async ({ page }) => {
  const { members } = await createMemberOrganization();
  const member = members[0]!;
  await page.goto("/verify-otp");
  await expect(page.getByRole("button", { name: "Send code" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Code", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // With the wrong-code message shown.
  const code = extractCode(await readMail(member.email, { subject: "code" }));
  await page.getByLabel("Code", { exact: true }).fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the single sign-on callback screen has no axe violations", async ({ page }) => {
  await page.goto("/oauth/callback?error=signup_disabled");
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("/change-password, signed in and with an invitation, has no axe violations", async ({ page, browser, baseURL }) => {
  const { members } = await createMemberOrganization(1, { role: "member_admin" });
  await signInTo(page, "/company", members[0]!);
  await expect(page.getByRole("heading", { name: "My Company" })).toBeVisible();
  await page.goto("/change-password");
  await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
  await expect(page.getByLabel("Current password")).toBeVisible();
  await expectNoAxeViolations(page);

  const inviteeEmail = newEmail("a11y-invitee");
  const invited = await page.request.post("/api/team/invitations", {
    data: { email: inviteeEmail, role: "member_user" },
    headers: { origin: baseURL! },
  });
  expect(invited.status()).toBe(201);
  const link = extractLink(await readMail(inviteeEmail, { subject: "invited" }));
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link);
  await expect(invitee.getByLabel("Full name")).toBeVisible();
  await expectNoAxeViolations(invitee);
  await invitee.context().close();
});

test("/team and the profile and change-password dialogs have no axe violations", async ({ page, baseURL }) => {
  const { members } = await createMemberOrganization(2, { role: "member_admin" });
  await signInTo(page, "/team", members[0]!);
  await expect(page.getByRole("heading", { name: "Team", exact: true })).toBeVisible();
  const invited = await page.request.post("/api/team/invitations", {
    data: { email: newEmail("a11y-pending"), role: "member_user" },
    headers: { origin: baseURL! },
  });
  expect(invited.status()).toBe(201);
  await page.reload();
  await expect(page.getByTestId("team-member-row")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Invite member" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Invite member" }).click();
  await expect(page.getByRole("dialog", { name: "Invite member" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");

  for (const [item, dialogName] of [
    ["Profile", "My Profile"],
    ["Change Password", "Change Password"],
  ] as const) {
    await page.getByRole("button", { name: /^User menu for / }).click();
    await page.getByRole("menuitem", { name: item }).click();
    const dialog = page.getByRole("dialog", { name: dialogName });
    await expect(dialog.getByRole("textbox").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
});

test("an employee's header with the organization switcher open has no axe violations", async ({ page }) => {
  const { organization } = await createMemberOrganization();
  await signInTo(page, "/team", await createEmployee());
  await page.getByRole("combobox", { name: /^Organization: / }).click();
  await page.getByPlaceholder("Select organization...").fill(organization.organization_name);
  await expect(page.getByRole("option", { name: organization.organization_name, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
