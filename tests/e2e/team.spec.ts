import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  type MemberOrganization,
  createEmployee,
  createMemberOrganization,
  expect,
  extractLink,
  newEmail,
  readMail,
  signInTo,
  test,
  watchConsoleErrors,
} from "./harness/portal-fixtures.ts";

function teamRows(page: Page) {
  return page.getByTestId("team-member-row");
}

/** /team lists exactly the organization's members. */
async function expectTeamOf(page: Page, { members }: MemberOrganization) {
  await expect(page.getByRole("heading", { name: "Team", exact: true })).toBeVisible();
  await expect(teamRows(page)).toHaveCount(members.length);
  for (const member of members) await expect(teamRows(page).filter({ hasText: member.email })).toHaveCount(1);
}

/** Picks an organization in the employee's switcher, searching by its name. */
async function switchOrganization(page: Page, name: string) {
  await page.getByRole("combobox", { name: /^Organization: / }).click();
  await page.getByPlaceholder("Select organization...").fill(name);
  await page.getByRole("option", { name, exact: true }).click();
}

test.describe("team and organizations", () => {
  test("an employee switches organizations: header and team follow, and the choice survives a reload", async ({ page }) => {
    const first = await createMemberOrganization(1);
    const second = await createMemberOrganization(2);
    const employee = await createEmployee();
    await signInTo(page, "/team", employee);
    const switcher = page.getByRole("combobox", { name: /^Organization: / });
    await expect(switcher).toBeVisible();

    await switchOrganization(page, first.organization.organization_name);
    await expect(switcher).toHaveAccessibleName(`Organization: ${first.organization.organization_name}`);
    await expect(page.getByTestId("organization-name")).toHaveText(first.organization.organization_name);
    await expectTeamOf(page, first);

    await switchOrganization(page, second.organization.organization_name);
    await expect(page.getByTestId("organization-name")).toHaveText(second.organization.organization_name);
    await expectTeamOf(page, second);
    expect(await page.evaluate(() => window.localStorage.getItem("employee-selected-org"))).toBe(second.organization.id);

    await page.reload();
    await expect(page.getByTestId("organization-name")).toHaveText(second.organization.organization_name);
    await expectTeamOf(page, second);
  });

  test("an invitation is accepted end to end and the inviter sees the new member", { tag: "@realtime" }, async ({ page, browser }) => {
    const inviterOrganization = await createMemberOrganization(1, { role: "member_admin" });
    const { organization } = inviterOrganization;
    const inviteeEmail = newEmail("invitee");
    const inviteeName = `Invitee ${randomUUID().slice(0, 8)}`;
    const inviteePassword = `Invitee-password-${randomUUID().slice(0, 8)}`;
    await signInTo(page, "/team", inviterOrganization.members[0]!);
    await expectTeamOf(page, inviterOrganization);

    await page.getByRole("button", { name: "Invite member" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite member" });
    await dialog.getByLabel("Email").fill(inviteeEmail);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("cell", { name: inviteeEmail, exact: true })).toBeVisible();

    const mail = await readMail(inviteeEmail, { subject: "invited" });
    expect(mail.subject).toContain(organization.organization_name);
    const link = extractLink(mail);
    expect(link).toMatch(/\/change-password\?invitation=[\w-]+$/);

    const invitee = await (await browser.newContext()).newPage();
    const inviteeErrors = watchConsoleErrors(invitee);
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { name: `Join ${organization.organization_name}` })).toBeVisible();
    await expect(invitee.getByLabel("Email")).toHaveValue(inviteeEmail);
    await invitee.getByLabel("Full name").fill(inviteeName);
    await invitee.getByLabel("New password").fill(inviteePassword);
    await invitee.getByLabel("Confirm password").fill(inviteePassword);
    await invitee.getByRole("button", { name: "Set password and continue" }).click();

    await expect(invitee).toHaveURL(/\/dashboard$/);
    await expect(invitee.getByTestId("organization-name")).toHaveText(organization.organization_name);
    await expect(invitee.getByRole("button", { name: `User menu for ${inviteeName}` })).toBeVisible();
    await invitee.goto("/team");
    await expect(teamRows(invitee).filter({ hasText: inviteeEmail })).toContainText(inviteeName);

    // The inviter's open page follows without a reload: a member now, no longer pending.
    await expect(teamRows(page).filter({ hasText: inviteeEmail })).toContainText(inviteeName);
    await expect(teamRows(page)).toHaveCount(2);
    await expect(page.getByText("No pending invitations.")).toBeVisible();
    expect(inviteeErrors).toEqual([]);
    await invitee.context().close();
  });

  test("a member is refused the employee list and other organizations, and has no switcher", async ({ page }) => {
    const other = await createMemberOrganization();
    const own = await createMemberOrganization();
    await signInTo(page, "/team", own.members[0]!);
    await expectTeamOf(page, own);
    await expect(page.getByTestId("organization-name")).toHaveText(own.organization.organization_name);
    await expect(page.getByRole("combobox", { name: /^Organization: / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Invite member" })).toHaveCount(0);

    const answers = await page.evaluate(async (otherId) => {
      const list = await fetch("/api/employee/organizations");
      const foreign = await fetch("/api/organization", { headers: { "x-organization-id": otherId } });
      const foreignTeam = await fetch("/api/team", { headers: { "x-organization-id": otherId } });
      return { list: list.status, foreign: foreign.status, foreignBody: await foreign.text(), foreignTeam: foreignTeam.status };
    }, other.organization.id);
    expect(answers.list).toBe(403);
    expect(answers.foreign).toBe(404);
    expect(answers.foreignTeam).toBe(404);
    expect(answers.foreignBody).not.toContain(other.organization.organization_name);
  });
});
