import { readFile } from "node:fs/promises";
import { CATALOG_CSV_COLUMNS } from "../../common/contracts/pricing-catalog.ts";
import { switchOrganization, toast } from "./harness/launchpad-steps.ts";
import { breakOnePrice, exportCatalogThroughApi } from "./harness/pricing-steps.ts";
import { createEmployee, createMemberOrganization, expect, signInTo, test } from "./harness/portal-fixtures.ts";

// The catalog is one for the whole portal and specs run in parallel: these tests only ever send
// files the import refuses, never a changed catalog that it would accept.

test("an employee imports a catalog CSV with one bad price: that row is reported, nothing is imported and the catalog is unchanged", async ({
  page,
}) => {
  const { organization } = await createMemberOrganization();
  const employee = await createEmployee();
  await signInTo(page, "/acumatica-settings", employee);
  await switchOrganization(page, organization.organization_name);
  await expect(page.getByRole("heading", { name: "ERP Settings", level: 1 })).toBeVisible();
  const rowCount = page.getByTestId("catalog-row-count");
  await expect(rowCount).toHaveText(/^[\d,]+ rows\.$/);
  const rowCountBefore = await rowCount.innerText();

  // The Export button downloads the catalog as the API exports it.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("pricing-catalog.csv");
  const exported = await readFile(await download.path(), "utf8");
  expect(exported.split("\n")[0]).toBe(CATALOG_CSV_COLUMNS.join(","));
  expect(exported).toBe(await exportCatalogThroughApi(page));

  const { csv, line } = breakOnePrice(exported);
  const importButton = page.getByRole("button", { name: "Import CSV" });
  await expect(importButton).toBeDisabled();
  await page.getByLabel("Catalog CSV file").setInputFiles({ name: "pricing-catalog.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(importButton).toBeEnabled();
  await importButton.click();

  const errors = page.getByRole("alert").filter({ hasText: "Nothing was imported" });
  await expect(errors).toHaveAttribute("data-testid", "catalog-import-errors");
  await expect(errors.getByText("Nothing was imported: the file has 1 problem.", { exact: true })).toBeVisible();
  const problems = errors.getByRole("list", { name: "Problems in the file" }).getByRole("listitem");
  await expect(problems).toHaveCount(1);
  await expect(problems).toHaveText(new RegExp(`^Row ${line} — price: Price must be an amount like`));
  await expect(page.getByRole("status").and(page.getByTestId("catalog-import-status"))).toHaveText("");
  await expect(toast(page, "Success")).toHaveCount(0);

  // Unchanged: the same rows on the page, and the same file when exported again.
  await expect(rowCount).toHaveText(rowCountBefore);
  expect(await exportCatalogThroughApi(page)).toBe(exported);
  await page.reload();
  await expect(page.getByTestId("catalog-row-count")).toHaveText(rowCountBefore);
  expect(await exportCatalogThroughApi(page)).toBe(exported);
});
