import {
  chooseSource,
  createSourceDatabase,
  customersCsv,
  entityCard,
  fillPostgresDetails,
  uploadCustomers,
  wizardField,
} from "./harness/data-setup-steps.ts";
import { expectToast, openSecondPage, signNda } from "./harness/launchpad-steps.ts";
import { createEmployee, createMemberOrganization, expect, signInTo, test } from "./harness/portal-fixtures.ts";

const CONNECTION_NAME = "Legacy ERP database";

const GOOD_CUSTOMERS = [
  ["CUST-001", "Northwind Traders", "ap@northwind.example", "25000.00"],
  ["CUST-002", "Contoso Retail", "billing@contoso.example", "12000"],
  ["CUST-003", "Fabrikam Supply", "", ""],
  ["CUST-004", "Tailspin Toys", "accounts@tailspin.example", "5,000.00"],
  ["CUST-005", "Wide World Importers", "", "750.50"],
] as const;

test.describe("data setup: connections, the migration workbench and the ETL team", () => {
  // Two browsers, a real database connection and the ETL team's review in a third.
  test.slow();

  test("after signing the NDA a member connects a PostgreSQL database that really answers, is shown the existing connection when adding it twice, fixes a customers file the workbench refused, and sees the ETL team's verdict arrive without a reload", { tag: "@realtime" }, async ({
    page,
    browser,
    baseURL,
  }) => {
    const source = await createSourceDatabase();
    try {
      const { organization, members } = await createMemberOrganization();
      const member = members[0]!;
      await signInTo(page, "/nda", member);
      await signNda(page, { fullName: member.fullName, title: "Controller" });

      // The member's other browser starts adding the same source and reaches its last step first.
      const other = await openSecondPage(browser, baseURL);
      await signInTo(other.page, "/data-connection/setup", member);
      await chooseSource(other.page, "PostgreSQL database");
      await fillPostgresDetails(other.page, "Second PostgreSQL", source);

      // Data Setup → Add connection → PostgreSQL: the test really connects and lists the table.
      await page.goto("/data-connection");
      await expect(page.getByRole("heading", { name: "Data Setup", level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "Add connection" }).first().click();
      await expect(page).toHaveURL(/\/data-connection\/setup$/);
      await chooseSource(page, "PostgreSQL database");
      await fillPostgresDetails(page, CONNECTION_NAME, source);
      await page.getByRole("button", { name: "Test connection" }).click();
      const result = page.getByTestId("connection-test-result");
      await expect(result).toContainText("Connected");
      await expect(result).toContainText(/PostgreSQL \d+/);
      await expect(result.getByRole("list", { name: "Readable tables" })).toContainText(source.table);

      await page.getByRole("button", { name: "Save connection" }).click();
      await expectToast(page, "Success", "Data connection has been created.");
      await expect(page).toHaveURL(/\/data-connection$/);
      const row = page.getByRole("row").filter({ hasText: CONNECTION_NAME });
      await expect(row).toContainText("PostgreSQL database");
      await expect(row).toContainText("Connected");
      const listed = await page.request.get("/api/data-connections");
      const { connections } = (await listed.json()) as { connections: { id: string; status: string; connection_config: Record<string, unknown>; secrets_set: string[] }[] };
      expect(connections).toHaveLength(1);
      const existing = connections[0]!;
      expect(existing.status).toBe("connected");
      // The password was stored, and is never sent back.
      expect(existing.secrets_set).toEqual(["password"]);
      expect(existing.connection_config).not.toHaveProperty("password");

      // The other browser saves its PostgreSQL connection: the organization already has one, which opens.
      await other.page.getByRole("button", { name: "Save connection" }).click();
      await expectToast(other.page, "Connection Already Exists", CONNECTION_NAME);
      await expect(other.page).toHaveURL(new RegExp(`/data-connection/setup\\?connection=${existing.id}$`));
      await expect(wizardField(other.page, "Name")).toHaveValue(CONNECTION_NAME);
      await expect(wizardField(other.page, "Database")).toHaveValue(source.name);
      expect(((await (await page.request.get("/api/data-connections")).json()) as { connections: unknown[] }).connections).toHaveLength(1);
      await other.close();

      // The workbench refuses a customers file with two bad rows, naming them, and stages nothing.
      const customers = entityCard(page, "customers");
      await expect(customers.getByTestId("migration-status-customers")).toContainText("Not uploaded");
      const withProblems = customersCsv([
        GOOD_CUSTOMERS[0],
        ["CUST-002", "", "billing@contoso.example", "12000"],
        GOOD_CUSTOMERS[2],
        ["CUST-004", "Tailspin Toys", "accounts(at)tailspin", "5,000.00"],
        GOOD_CUSTOMERS[4],
      ]);
      await uploadCustomers(page, withProblems);
      const report = customers.getByTestId("upload-report-customers");
      await expect(report).toContainText("2 of 5 rows have problems. Nothing was staged.");
      const problems = report.getByRole("table", { name: "Problems in customers.csv" });
      await expect(problems.getByRole("row")).toHaveCount(3);
      await expect(problems.getByRole("row").nth(1)).toContainText(/3\s*customer_name\s*Required/);
      await expect(problems.getByRole("row").nth(2)).toContainText(/5\s*email\s*Must be an email address\s*accounts\(at\)tailspin/);
      await expect(customers.getByTestId("migration-status-customers")).toContainText("Not uploaded");

      // Fixed and uploaded again: every row is staged, with its counts and a preview.
      await uploadCustomers(page, customersCsv(GOOD_CUSTOMERS));
      await expect(customers.getByTestId("migration-status-customers")).toContainText("Staged: 5 rows from customers.csv");
      await expect(report).toHaveCount(0);
      await customers.getByRole("button", { name: "Preview for Customers" }).click();
      const preview = page.getByRole("dialog");
      await expect(preview.getByRole("cell", { name: "Wide World Importers" })).toBeVisible();
      await expect(preview.getByRole("cell", { name: "$5,000.00" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(preview).toBeHidden();
      // Survives only as long as the page is not reloaded.
      await page.evaluate(() => Object.assign(window, { notReloaded: true }));

      // The ETL team marks the staged customers loaded, with a comment.
      const employee = await createEmployee();
      const etl = await openSecondPage(browser, baseURL);
      await signInTo(etl.page, "/etl-admin", employee);
      await etl.page.getByLabel("Search datasets").fill(organization.organization_name);
      const what = `${organization.organization_name}, Customers, customers.csv`;
      await etl.page.getByRole("button", { name: `Actions for ${what}` }).click();
      await etl.page.getByRole("menuitem", { name: "Mark loaded" }).click();
      const dialog = etl.page.getByRole("dialog");
      await dialog.getByLabel("Comment (optional)").fill("Loaded into the ERP sandbox; credit limits kept.");
      await dialog.getByRole("button", { name: "Mark loaded" }).click();
      await expectToast(etl.page, "Success", "customers.csv");
      // Loaded, the row's menu no longer offers it.
      await etl.page.getByRole("button", { name: `Actions for ${what}` }).click();
      await expect(etl.page.getByRole("menuitem", { name: "Mark rejected" })).toBeVisible();
      await expect(etl.page.getByRole("menuitem", { name: "Mark loaded" })).toHaveCount(0);
      await etl.page.keyboard.press("Escape");
      await etl.close();

      // The member's page shows the verdict through the realtime stream.
      await expect(customers.getByTestId("migration-status-customers")).toContainText("Loaded by the ETL team");
      await expect(customers.getByTestId("migration-review-customers")).toContainText("Loaded into the ERP sandbox; credit limits kept.");
      await expect(customers.getByTestId("migration-review-customers")).toContainText(employee.fullName);
      await expect(customers.getByRole("button", { name: "Discard for Customers" })).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    } finally {
      await source.drop();
    }
  });
});
