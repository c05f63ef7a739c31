import { createMemberOrganization, expect, signInTo, test, watchConsoleErrors } from "./harness/portal-fixtures.ts";

test("renaming in one browser shows in another without reload", async ({ browser }) => {
  const { organization, members } = await createMemberOrganization(2);
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  const consoleErrors = [watchConsoleErrors(first), watchConsoleErrors(second)];
  await signInTo(first, "/company", members[0]!);
  await signInTo(second, "/company", members[1]!);
  await expect(second.getByTestId("organization-name")).toHaveText(organization.organization_name);

  const newName = `${organization.organization_name} Renamed`;
  await first.getByLabel("Organization name").fill(newName);
  await first.getByRole("button", { name: "Save" }).click();
  await expect(first.getByText("Organization name saved")).toBeVisible();

  await expect(second.getByTestId("organization-name")).toHaveText(newName);
  await expect(second.getByLabel("Organization name")).toHaveValue(newName);
  expect(consoleErrors.flat()).toEqual([]);
});

test("an invalid name is explained next to the field and not saved", async ({ page }) => {
  const { organization, members } = await createMemberOrganization();
  await signInTo(page, "/company", members[0]!);
  const field = page.getByLabel("Organization name");
  await field.fill("   ");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Organization name is required")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await page.reload();
  await expect(page.getByLabel("Organization name")).toHaveValue(organization.organization_name);
});

test("another organization's name is refused on the field", async ({ page }) => {
  const taken = await createMemberOrganization();
  const { members } = await createMemberOrganization();
  await signInTo(page, "/company", members[0]!);
  await page.getByLabel("Organization name").fill(taken.organization.organization_name);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("An organization with this name already exists")).toBeVisible();
});
