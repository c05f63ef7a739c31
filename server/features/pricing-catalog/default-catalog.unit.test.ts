import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { CatalogRow } from "#common/contracts/pricing-catalog";
import { EDITION_IDS, USER_PACK_INVENTORY_ID, recommendEstimate } from "#common/domain/pricing";
import { compareCatalogRows, formatCatalogCsv, parseCatalogCsv } from "./catalog-csv.ts";

/** The shipped price list: valid, in export form, and complete enough for the calculator and the quick estimate. */

const DEFAULT_CATALOG_FILE = new URL("./default-catalog.csv", import.meta.url);

async function readDefaultRows(): Promise<CatalogRow[]> {
  const result = parseCatalogCsv(await readFile(DEFAULT_CATALOG_FILE, "utf8"));
  if (!result.ok) throw new Error(`the default catalog is refused: ${JSON.stringify(result.issues)}`);
  return result.rows;
}

describe("the default catalog", () => {
  it("is valid, in catalog order, and exactly what an export of it writes", async () => {
    const text = await readFile(DEFAULT_CATALOG_FILE, "utf8");
    const rows = await readDefaultRows();
    expect([...rows].sort(compareCatalogRows)).toEqual(rows);
    expect(formatCatalogCsv(rows)).toBe(text);
  });

  it("offers every edition a Base row, free visible SP core rows and the user pack", async () => {
    const rows = await readDefaultRows();
    const saas = rows.filter((row) => row.license_type_id === "SAAS");
    for (const edition of EDITION_IDS) {
      const own = saas.filter((row) => row.edition_id === edition);
      expect(own.filter((row) => row.sku_type === "Base"), edition).toHaveLength(1);
      expect(own.filter((row) => row.sku_type === "Core").length, edition).toBeGreaterThanOrEqual(6);
      expect(own.find((row) => row.inventory_id === "ADD-USERS-10"), edition).toMatchObject({ module: "Users", is_calculator_visible: true });
    }
    expect(rows.some((row) => !row.is_calculator_visible)).toBe(true);
    expect(rows.some((row) => row.license_type_id !== "SAAS")).toBe(true);
  });

  it.each([
    [["Distribution"], "SE", ["ADD-WMS"]],
    [["Manufacturing"], "EE", ["ADD-MFG-CONFIG", "ADD-MFG-EST", "ADD-MFG-MRP"]],
    [["eCommerce"], "CE", ["ADD-AMAZON", "ADD-BIGCOMMERCE", "ADD-SHOPIFY"]],
    [["Services"], "FE", ["ADD-TE"]],
    [["Project Accounting"], "FE", ["ADD-PA"]],
    [["Field Service", "Distribution"], "SE", ["ADD-FS", "ADD-WMS"]],
  ])("has the add-ons the quick estimate picks for %j", async (aspects, edition, expected) => {
    const rows = await readDefaultRows();
    const estimate = recommendEstimate({ business_aspects: aspects, company_size: "11-50" }, rows);
    expect(estimate.edition_id).toBe(edition);
    const ids = estimate.lines.map((line) => line.inventory_id);
    expect(ids).toEqual(expect.arrayContaining([...expected, USER_PACK_INVENTORY_ID]));
    expect(estimate.lines.find((line) => line.inventory_id === USER_PACK_INVENTORY_ID)?.quantity).toBe(2);
  });
});
