import { chooseSource, createSourceDatabase, customersCsv, entityCard, fillPostgresDetails, uploadCustomers, wizardField } from "./harness/data-setup-steps.ts";
import { signNda } from "./harness/launchpad-steps.ts";
import { createEmployee, createMemberOrganization, expect, signInTo, test } from "./harness/portal-fixtures.ts";
import { expectNoAxeViolations } from "./harness/axe.ts";

// Axe takes seconds per page, several pages and states per test.
test.slow();

test("/data-connection (connections, a refused upload's report, staged and rejected datasets) and every step of the setup wizard have no axe violations", async ({
  page,
}) => {
  const source = await createSourceDatabase();
  try {
    const { members } = await createMemberOrganization();
    await signInTo(page, "/nda", members[0]!);
    await signNda(page, { fullName: members[0]!.fullName, title: "Controller" });

    await page.goto("/data-connection");
    await expect(page.getByRole("heading", { name: "Data Setup", level: 1 })).toBeVisible();
    await expect(entityCard(page, "customers")).toContainText("Not uploaded");
    await expectNoAxeViolations(page);

    // The wizard: sources, details with their problems, and a real test's outcome.
    await page.getByRole("link", { name: "Add connection" }).first().click();
    await expect(page.getByRole("heading", { name: "Choose the source", level: 2 })).toBeVisible();
    await expectNoAxeViolations(page);
    await chooseSource(page, "PostgreSQL database");
    await wizardField(page, "Port").fill("70000");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Port must be between 1 and 65535")).toBeVisible();
    await expectNoAxeViolations(page);
    await fillPostgresDetails(page, "Legacy ERP database", source);
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByTestId("connection-test-result")).toContainText("Connected");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Save connection" }).click();
    await expect(page).toHaveURL(/\/data-connection$/);
    await expect(page.getByRole("row").filter({ hasText: "Legacy ERP database" })).toContainText("Connected");

    // A refused file's report beside a staged dataset.
    await uploadCustomers(page, customersCsv([["CUST-001", "Northwind Traders", "ap@northwind.example", "25000.00"]]));
    await expect(entityCard(page, "customers")).toContainText("Staged: 1 row from customers.csv");
    await page.getByLabel("Vendors CSV file").setInputFiles({ name: "vendors.csv", mimeType: "text/csv", buffer: Buffer.from("vendor_id,vendor_name\r\nV-1,\r\n") });
    await expect(entityCard(page, "vendors").getByTestId("upload-report-vendors")).toContainText("Nothing was staged.");
    await entityCard(page, "customers").getByRole("button", { name: "Column guide for Customers" }).click();
    await expectNoAxeViolations(page);

    await entityCard(page, "customers").getByRole("button", { name: "Preview for Customers" }).click();
    await expect(page.getByRole("dialog").getByRole("cell", { name: "Northwind Traders" })).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await source.drop();
  }
});

test("/etl-admin with its lists and the review dialog, and a rejection as the member sees it, have no axe violations", async ({ page, browser, baseURL }) => {
  const { organization, members } = await createMemberOrganization();
  await signInTo(page, "/nda", members[0]!);
  await signNda(page, { fullName: members[0]!.fullName, title: "Controller" });
  await page.goto("/data-connection");
  await uploadCustomers(page, customersCsv([["CUST-001", "Northwind Traders", "", ""]]));
  await expect(entityCard(page, "customers")).toContainText("Staged: 1 row from customers.csv");

  const employee = await createEmployee();
  const context = await browser.newContext({ baseURL });
  const etl = await context.newPage();
  try {
    await signInTo(etl, "/etl-admin", employee);
    await etl.getByLabel("Search datasets").fill(organization.organization_name);
    const what = `${organization.organization_name}, Customers, customers.csv`;
    await expect(etl.getByRole("button", { name: `Actions for ${what}` })).toBeVisible();
    await expectNoAxeViolations(etl);

    await etl.getByRole("button", { name: `Actions for ${what}` }).click();
    await expect(etl.getByRole("menuitem", { name: "Mark rejected" })).toBeVisible();
    await expectNoAxeViolations(etl);
    await etl.getByRole("menuitem", { name: "Mark rejected" }).click();
    const dialog = etl.getByRole("dialog");
    await dialog.getByRole("button", { name: "Mark rejected" }).click();
    await expect(dialog.getByText("Say why the dataset is rejected")).toBeVisible();
    await expectNoAxeViolations(etl);
    await dialog.getByLabel("Why is it rejected?").fill("Customer IDs must keep the old system's prefix.");
    await dialog.getByRole("button", { name: "Mark rejected" }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await context.close();
  }

  await expect(entityCard(page, "customers").getByTestId("migration-review-customers")).toContainText("Customer IDs must keep the old system's prefix.");
  await expectNoAxeViolations(page);
});
