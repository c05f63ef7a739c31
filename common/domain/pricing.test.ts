import { describe, expect, it } from "vitest";
import {
  type CatalogChoice,
  COMPANY_SIZES,
  type CompanySize,
  EDITIONS,
  EDITION_IDS,
  PRICE_LOCK_STATEMENT,
  USER_PACK_INVENTORY_ID,
  canLockEstimate,
  compareEstimateLines,
  compareEstimates,
  computeLineTotalCents,
  computeMonthlyTotalCents,
  computePriceLockTotalCents,
  findEdition,
  isEditionId,
  isIncludedSku,
  orderModules,
  recommendEdition,
  recommendEstimate,
} from "./pricing.ts";

describe("editions", () => {
  it("are listed smallest first, with the ids of EDITION_IDS", () => {
    expect(EDITIONS.map((edition) => edition.id)).toEqual(["FE", "SE", "CE", "EE"]);
    expect(EDITIONS.map((edition) => edition.id)).toEqual([...EDITION_IDS]);
    expect(EDITIONS.map((edition) => edition.name)).toEqual(["Financial Edition", "Standard Edition", "Commerce Edition", "Enterprise Edition"]);
  });

  it("isEditionId accepts the four ids exactly as written", () => {
    for (const id of EDITION_IDS) expect(isEditionId(id)).toBe(true);
    for (const other of ["fe", "XE", "", " FE", "SAAS"]) expect(isEditionId(other)).toBe(false);
  });

  it("findEdition finds by id, and nothing for anything else", () => {
    expect(findEdition("CE")?.name).toBe("Commerce Edition");
    expect(findEdition("ce")).toBeUndefined();
    expect(findEdition(null)).toBeUndefined();
    expect(findEdition(undefined)).toBeUndefined();
  });
});

describe("SKU types", () => {
  it("Base and Core are included in every estimate; AddOn is chosen", () => {
    expect(isIncludedSku("Base")).toBe(true);
    expect(isIncludedSku("Core")).toBe(true);
    expect(isIncludedSku("AddOn")).toBe(false);
    expect(isIncludedSku("base")).toBe(false);
  });
});

describe("totals (integer cents)", () => {
  it("a line is price × quantity, quantity 1 by default (spec §9)", () => {
    expect(computeLineTotalCents(125_000)).toBe(125_000);
    expect(computeLineTotalCents(16_550, 3)).toBe(49_650);
    expect(computeLineTotalCents(0, 9_999)).toBe(0);
  });

  it("the monthly total sums the lines; none is 0", () => {
    expect(computeMonthlyTotalCents([])).toBe(0);
    expect(
      computeMonthlyTotalCents([
        { price_cents: 125_000, quantity: 1 },
        { price_cents: 0, quantity: 1 },
        { price_cents: 14_550, quantity: 2 },
        { price_cents: 27_500, quantity: 6 },
      ]),
    ).toBe(125_000 + 29_100 + 165_000);
  });

  it("the price-lock total is 5 years of months", () => {
    expect(computePriceLockTotalCents(100)).toBe(6_000);
    expect(computePriceLockTotalCents(125_050)).toBe(7_503_000);
    expect(PRICE_LOCK_STATEMENT).toContain("5 years");
  });
});

describe("compareEstimates (spec §7: primary first, then newest)", () => {
  it("orders a list", () => {
    const estimates = [
      { id: "old", is_primary: false, created_at: "2026-01-01T00:00:00.000Z" },
      { id: "primary-old", is_primary: true, created_at: "2025-06-01T00:00:00.000Z" },
      { id: "new", is_primary: false, created_at: "2026-03-01T00:00:00.000Z" },
      { id: "middle", is_primary: false, created_at: "2026-02-01T00:00:00.000Z" },
    ];
    expect([...estimates].sort(compareEstimates).map((estimate) => estimate.id)).toEqual(["primary-old", "new", "middle", "old"]);
  });

  it("treats equal estimates as equal", () => {
    const estimate = { is_primary: false, created_at: "2026-01-01T00:00:00.000Z" };
    expect(compareEstimates(estimate, { ...estimate })).toBe(0);
  });
});

describe("recommendEdition", () => {
  it.each([
    [[], "FE"],
    [["Services"], "FE"],
    [["Project Accounting", "Field Service"], "FE"],
    [["Distribution"], "SE"],
    [["Distribution", "eCommerce"], "CE"],
    [["eCommerce"], "CE"],
    [["Manufacturing"], "EE"],
    [["eCommerce", "Distribution", "Manufacturing"], "EE"],
    [[" manufacturing "], "EE"],
    [["ECOMMERCE"], "CE"],
  ] as const)("%j → %s", (aspects, edition) => {
    expect(recommendEdition(aspects)).toBe(edition);
  });
});

describe("recommendEstimate (the quick estimate)", () => {
  const row = (edition_id: string, inventory_id: string, module: string, extra: Partial<CatalogChoice> = {}): CatalogChoice => ({
    inventory_id,
    module,
    edition_id,
    sku_type: "AddOn",
    license_type_id: "SAAS",
    is_calculator_visible: true,
    ...extra,
  });

  const catalog: CatalogChoice[] = [
    ...EDITION_IDS.flatMap((edition) => [
      row(edition, `${edition}-BASE`, "Subscription", { sku_type: "Base" }),
      row(edition, "ADD-TE", "Time and Expense"),
      row(edition, "ADD-PA", "Project Accounting"),
      row(edition, USER_PACK_INVENTORY_ID, "Users"),
      row(edition, "IMPL", "Time and Expense", { is_calculator_visible: false }),
    ]),
    ...["SE", "CE", "EE"].flatMap((edition) => [
      row(edition, "ADD-WMS", "Warehouse Management"),
      row(edition, "ADD-WMS-LOT", "Warehouse Management"),
      row(edition, "ADD-FS", "Field Service"),
    ]),
    ...["CE", "EE"].flatMap((edition) => [row(edition, "ADD-SHOPIFY", "Commerce Connectors"), row(edition, "ADD-AMAZON", "Commerce Connectors")]),
    row("EE", "ADD-MFG-MRP", "Manufacturing"),
    row("EE", "ADD-MFG-EST", "Manufacturing"),
    row("EE", "CORE-MFG", "Manufacturing", { sku_type: "Core" }),
    row("EE", "ADD-MFG-PRIV", "Manufacturing", { license_type_id: "PRIV" }),
  ];

  const recommend = (business_aspects: string[], company_size: CompanySize = "1-10", rows = catalog) =>
    recommendEstimate({ business_aspects, company_size }, rows);

  it("Distribution: Standard Edition with the warehouse add-ons", () => {
    expect(recommend(["Distribution"])).toEqual({
      edition_id: "SE",
      lines: [
        { inventory_id: "ADD-WMS", quantity: 1 },
        { inventory_id: "ADD-WMS-LOT", quantity: 1 },
      ],
    });
  });

  it("Manufacturing: Enterprise Edition with the manufacturing add-ons only (not core, hidden or other licences)", () => {
    expect(recommend(["Manufacturing"])).toEqual({
      edition_id: "EE",
      lines: [
        { inventory_id: "ADD-MFG-EST", quantity: 1 },
        { inventory_id: "ADD-MFG-MRP", quantity: 1 },
      ],
    });
  });

  it("eCommerce: Commerce Edition with the connectors", () => {
    expect(recommend(["eCommerce"]).lines.map((line) => line.inventory_id)).toEqual(["ADD-AMAZON", "ADD-SHOPIFY"]);
  });

  it("Services and Project Accounting: Financial Edition with their modules; hidden rows of the same module are left out", () => {
    expect(recommend(["Services", "Project Accounting"])).toEqual({
      edition_id: "FE",
      lines: [
        { inventory_id: "ADD-PA", quantity: 1 },
        { inventory_id: "ADD-TE", quantity: 1 },
      ],
    });
  });

  it("Field Service: only when the recommended edition offers it", () => {
    expect(recommend(["Field Service"]).lines).toEqual([]);
    expect(recommend(["Field Service", "Distribution"]).lines.map((line) => line.inventory_id)).toEqual(["ADD-FS", "ADD-WMS", "ADD-WMS-LOT"]);
  });

  it("several aspects: every module they call for that the edition offers, sorted by inventory id", () => {
    expect(recommend(["Manufacturing", "Distribution", "eCommerce", "Services"]).lines.map((line) => line.inventory_id)).toEqual([
      "ADD-AMAZON",
      "ADD-MFG-EST",
      "ADD-MFG-MRP",
      "ADD-SHOPIFY",
      "ADD-TE",
      "ADD-WMS",
      "ADD-WMS-LOT",
    ]);
  });

  it.each([
    ["1-10", 0],
    ["11-50", 2],
    ["51-200", 6],
    ["201-500", 15],
    ["501-1000", 30],
    ["1001+", 60],
  ] as const)("company size %s adds %i user packs", (size, packs) => {
    const lines = recommend([], size).lines;
    expect(lines).toEqual(packs === 0 ? [] : [{ inventory_id: USER_PACK_INVENTORY_ID, quantity: packs }]);
  });

  it("covers every company size", () => {
    expect([...COMPANY_SIZES]).toEqual(["1-10", "11-50", "51-200", "201-500", "501-1000", "1001+"]);
  });

  it("adds no user packs when the edition does not offer them", () => {
    const withoutPacks = catalog.filter((choice) => choice.inventory_id !== USER_PACK_INVENTORY_ID);
    expect(recommend(["Distribution"], "1001+", withoutPacks).lines.map((line) => line.inventory_id)).toEqual(["ADD-WMS", "ADD-WMS-LOT"]);
  });

  it("recommends the edition even from an empty catalog, with no lines", () => {
    expect(recommend(["eCommerce"], "51-200", [])).toEqual({ edition_id: "CE", lines: [] });
  });
});

describe("canLockEstimate", () => {
  it("lets employees and the organization's admins lock, not its users", () => {
    expect(canLockEstimate({ isEmployee: true, role: "member_user" })).toBe(true);
    expect(canLockEstimate({ isEmployee: false, role: "member_admin" })).toBe(true);
    expect(canLockEstimate({ isEmployee: false, role: "member_user" })).toBe(false);
    expect(canLockEstimate({ isEmployee: false, role: "" })).toBe(false);
  });
});

describe("compareEstimateLines and orderModules", () => {
  const line = (sku_type: string, module: string, inventory_id: string) => ({ sku_type, module, inventory_id });
  const lines = [
    line("Core", "Financials", "CORE-FIN"),
    line("AddOn", "Warehouse Management", "ADD-WMS"),
    line("AddOn", "Additional Users", "ADD-USERS-10"),
    line("Core", "Banking", "CORE-BANK"),
    line("Base", "Subscription", "BASE-EE"),
    line("AddOn", "Additional Users", "ADD-USERS-1"),
  ];

  it("reads the base subscription first, then add-ons by module, then the included items", () => {
    expect([...lines].sort(compareEstimateLines).map((item) => item.inventory_id)).toEqual([
      "BASE-EE",
      "ADD-USERS-1",
      "ADD-USERS-10",
      "ADD-WMS",
      "CORE-BANK",
      "CORE-FIN",
    ]);
  });

  it("orders the comparison's modules the same way, a module where its first line sits", () => {
    expect(orderModules([...lines, line("AddOn", "Banking", "ADD-BANK")])).toEqual([
      "Subscription",
      "Additional Users",
      // Banking is an add-on in one estimate and included in another: it sits with the add-ons.
      "Banking",
      "Warehouse Management",
      "Financials",
    ]);
  });
});
