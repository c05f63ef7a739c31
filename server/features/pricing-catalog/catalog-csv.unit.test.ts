import { describe, expect, it } from "vitest";
import { CATALOG_CSV_COLUMNS, CATALOG_CSV_MAX_CHARS, CATALOG_MAX_ROWS, type CatalogRow } from "#common/contracts/pricing-catalog";
import { MAX_CATALOG_ISSUES, type CatalogCsvResult, formatCatalogCsv, parseCatalogCsv } from "./catalog-csv.ts";

// Pure tests of the catalog CSV rules (they live in the integration project only because they are server code).

const HEADER = CATALOG_CSV_COLUMNS.join(",");
const BASE = "FE-BASE,Financial Edition subscription,Subscription,FE,1250.00,Base,SAAS,SP,true";
const CORE = "CORE-GL,General Ledger,Financials,FE,0.00,Core,SAAS,SP,true";
const ADDON = "ADD-TE,Time and Expense,Time and Expense,FE,165.00,AddOn,SAAS,SP,true";

function csv(...lines: string[]): string {
  return `${[HEADER, ...lines].join("\n")}\n`;
}

function issuesOf(result: CatalogCsvResult) {
  if (result.ok) throw new Error("expected the file to be refused");
  return result.issues;
}

function rowsOf(result: CatalogCsvResult): CatalogRow[] {
  if (!result.ok) throw new Error(`expected the file to pass: ${JSON.stringify(result.issues)}`);
  return result.rows;
}

describe("parseCatalogCsv: a good file", () => {
  it("reads every column into a catalog row, prices in cents", () => {
    expect(rowsOf(parseCatalogCsv(csv(BASE, CORE, ADDON)))).toEqual([
      {
        inventory_id: "FE-BASE",
        description: "Financial Edition subscription",
        module: "Subscription",
        edition_id: "FE",
        price_cents: 125_000,
        sku_type: "Base",
        license_type_id: "SAAS",
        contract_type: "SP",
        is_calculator_visible: true,
      },
      expect.objectContaining({ inventory_id: "CORE-GL", price_cents: 0, sku_type: "Core" }),
      expect.objectContaining({ inventory_id: "ADD-TE", price_cents: 16_500, sku_type: "AddOn" }),
    ]);
  });

  it("takes the columns in any order and case, codes in any case, and trims values", () => {
    const header = "IS_CALCULATOR_VISIBLE, Price ,sku_type,edition_id,module,description,inventory_id,license_type_id,contract_type";
    const text = [header, `yes,"1,250.5",base,fe,Subscription,"  Base plan  ",fe-base,saas,sp`, "1,0,CORE,Fe,Financials,GL,core-gl,SaaS,Sp"].join("\r\n");
    const rows = rowsOf(parseCatalogCsv(text));
    expect(rows[0]).toEqual({
      inventory_id: "FE-BASE",
      description: "Base plan",
      module: "Subscription",
      edition_id: "FE",
      price_cents: 125_050,
      sku_type: "Base",
      license_type_id: "SAAS",
      contract_type: "SP",
      is_calculator_visible: true,
    });
    expect(rows[1]).toMatchObject({ inventory_id: "CORE-GL", sku_type: "Core", edition_id: "FE", license_type_id: "SAAS", is_calculator_visible: true });
  });

  it("accepts a byte order mark, blank lines and rows of empty cells", () => {
    const text = `\uFEFF${HEADER}\n\n${BASE}\n,,,,,,,,\n\n${ADDON}\n\n`;
    expect(rowsOf(parseCatalogCsv(text)).map((row) => row.inventory_id)).toEqual(["FE-BASE", "ADD-TE"]);
  });

  it("accepts false/no/0 for hidden rows and another licence type without a Base row of its own", () => {
    const rows = rowsOf(
      parseCatalogCsv(
        csv(BASE, "IMPL,Implementation services,Services,FE,7500,AddOn,SAAS,PS,no", "PRIV-DR,Disaster recovery,Hosting,EE,650,AddOn,PRIV,SP,0"),
      ),
    );
    expect(rows.map((row) => [row.inventory_id, row.is_calculator_visible, row.license_type_id])).toEqual([
      ["FE-BASE", true, "SAAS"],
      ["IMPL", false, "SAAS"],
      ["PRIV-DR", false, "PRIV"],
    ]);
  });

  it("lets one inventory id appear in several editions and licence types", () => {
    const text = csv(BASE, "SE-BASE,Standard,Subscription,SE,2150,Base,SAAS,SP,true", ADDON, ADDON.replace(",FE,", ",SE,"), ADDON.replace(",SAAS,", ",PRIV,"));
    expect(rowsOf(parseCatalogCsv(text))).toHaveLength(5);
  });
});

describe("parseCatalogCsv: the file as a whole", () => {
  it.each([
    ["an empty file", ""],
    ["only blank lines", "\n \n\r\n"],
  ])("refuses %s with a clear message on row 1", (_label, text) => {
    expect(issuesOf(parseCatalogCsv(text))).toEqual([{ path: "row.1", message: expect.stringContaining("The file is empty") }]);
  });

  it("refuses a header without rows", () => {
    expect(issuesOf(parseCatalogCsv(`${HEADER}\n`))).toEqual([{ path: "row.1", message: "The file has a header but no catalog rows" }]);
  });

  it("reports a missing, an unknown and a repeated column on row 1", () => {
    const header = [...CATALOG_CSV_COLUMNS.filter((column) => column !== "module"), "colour", "price"].join(",");
    expect(issuesOf(parseCatalogCsv(`${header}\n${BASE},red,1\n`))).toEqual([
      { path: "row.1", message: expect.stringContaining('Unknown column "colour"') },
      { path: "row.1.price", message: "This column appears more than once" },
      { path: "row.1.module", message: "This column is missing" },
    ]);
  });

  it("refuses a file over the size limit and one with too many rows", () => {
    expect(issuesOf(parseCatalogCsv("x".repeat(CATALOG_CSV_MAX_CHARS + 1)))[0]?.message).toContain("at most 900,000 characters");
    const rows = Array.from({ length: CATALOG_MAX_ROWS + 1 }, (_, index) => `ADD-${index},Add-on ${index},Extras,FE,1,AddOn,SAAS,SP,true`);
    expect(issuesOf(parseCatalogCsv(csv(BASE, ...rows)))).toEqual([
      // header on line 1, the Base row on line 2: the first row too many is data row 5,001.
      { path: `row.${CATALOG_MAX_ROWS + 2}`, message: "The catalog can have at most 5,000 rows" },
    ]);
  });

  it("reports broken quoting at its line", () => {
    expect(issuesOf(parseCatalogCsv(csv(BASE, 'ADD-X,"never closed,Extras,FE,1,AddOn,SAAS,SP,true', ADDON)))).toEqual([
      { path: "row.3", message: expect.stringContaining("never closed") },
    ]);
    expect(issuesOf(parseCatalogCsv(csv(BASE, 'ADD-X,Bad "quote",Extras,FE,1,AddOn,SAAS,SP,true')))).toEqual([
      { path: "row.3", message: expect.stringContaining("quote") },
    ]);
  });

  it("requires a row with the offered licence type", () => {
    expect(issuesOf(parseCatalogCsv(csv(ADDON.replace(",SAAS,", ",PRIV,"))))).toEqual([
      { path: "row.2.license_type_id", message: expect.stringContaining("No row has license type SAAS") },
    ]);
  });
});

describe("parseCatalogCsv: each column's rule", () => {
  /** The ADDON row with one column replaced; its problems are reported on line 3. */
  function withValue(column: (typeof CATALOG_CSV_COLUMNS)[number], value: string): string {
    const fields = ADDON.split(",");
    fields[CATALOG_CSV_COLUMNS.indexOf(column)] = value;
    return csv(BASE, fields.map((field) => (/[",\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field)).join(","));
  }

  it.each([
    ["inventory_id", ""],
    ["inventory_id", "-ADD"],
    ["inventory_id", "ADD TE"],
    ["inventory_id", "ADD/TE"],
    ["inventory_id", "A".repeat(65)],
    ["description", ""],
    ["description", "x".repeat(201)],
    ["description", "Line\tbreak"],
    ["description", "two\nlines"],
    ["module", ""],
    ["module", "m".repeat(101)],
    ["module", "bell\u0007"],
    ["edition_id", "XE"],
    ["edition_id", ""],
    ["price", ""],
    ["price", "-1.00"],
    ["price", "1.005"],
    ["price", "12,34.00"],
    ["price", "abc"],
    ["price", "100000000.00"],
    ["sku_type", "Bundle"],
    ["sku_type", ""],
    ["license_type_id", "S"],
    ["license_type_id", "SAAS1"],
    ["license_type_id", "ABCDEFGHIJK"],
    ["contract_type", "S-P"],
    ["contract_type", ""],
    ["is_calculator_visible", "maybe"],
    ["is_calculator_visible", ""],
  ] as const)("%s %j is refused on that row and column", (column, value) => {
    const issues = issuesOf(parseCatalogCsv(withValue(column, value)));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe(`row.3.${column}`);
    expect(issues[0]?.message).not.toBe("");
  });

  it.each([
    ["inventory_id", "A".repeat(64), "A".repeat(64)],
    ["inventory_id", "add_te.v2", "ADD_TE.V2"],
    ["description", "d".repeat(200), "d".repeat(200)],
    ["description", 'The "plus" plan, with commas', 'The "plus" plan, with commas'],
    ["module", "Ünïcode módule 日本", "Ünïcode módule 日本"],
    // csv-parse reads the text as UTF-8, where a lone surrogate becomes U+FFFD: storable text.
    ["description", "lone \ud800 surrogate", "lone \ufffd surrogate"],
    ["price", "$1,234.5", 123_450],
    ["price", "0", 0],
    ["price", "99999999.99", 9_999_999_999],
    ["is_calculator_visible", "TRUE", true],
    ["is_calculator_visible", "No", false],
  ] as const)("%s %j is accepted", (column, value, expected) => {
    const [, row] = rowsOf(parseCatalogCsv(withValue(column, value)));
    expect(row?.[column === "price" ? "price_cents" : column]).toEqual(expected);
  });

  it("reports a row with too few or too many values once, as a whole row", () => {
    expect(issuesOf(parseCatalogCsv(csv(BASE, "ADD-X,Only three,Extras", `${ADDON},extra`)))).toEqual([
      { path: "row.3", message: "Expected 9 values, found 3" },
      { path: "row.4", message: "Expected 9 values, found 10" },
    ]);
  });
});

describe("parseCatalogCsv: rules across rows", () => {
  it("reports a repeated (edition, licence, inventory id) on the later row", () => {
    expect(issuesOf(parseCatalogCsv(csv(BASE, ADDON, CORE, ADDON.replace("ADD-TE", "add-te"))))).toEqual([
      { path: "row.5.inventory_id", message: "Row 3 already lists ADD-TE for edition FE and license type SAAS" },
    ]);
  });

  it("requires core rows to be priced 0, contract SP and visible (spec §3)", () => {
    expect(issuesOf(parseCatalogCsv(csv(BASE, "CORE-GL,General Ledger,Financials,FE,10.00,Core,SAAS,PS,false")))).toEqual([
      { path: "row.3.price", message: "Core rows are included features: the price must be 0" },
      { path: "row.3.contract_type", message: "Core rows must have contract type SP" },
      { path: "row.3.is_calculator_visible", message: "Core rows must be visible in the calculator" },
    ]);
  });

  it("requires exactly one visible Base row per offered edition", () => {
    const se = "SE-TE,Time and Expense,Time and Expense,SE,165.00,AddOn,SAAS,SP,true";
    const secondBase = "FE-BASE-2,Another subscription,Subscription,FE,99.00,Base,SAAS,SP,false";
    expect(issuesOf(parseCatalogCsv(csv(BASE, se, secondBase)))).toEqual([
      { path: "row.3.edition_id", message: "Edition SE has no Base row: add the edition's subscription" },
      { path: "row.4.sku_type", message: "Edition FE already has its Base row on row 2: each edition has exactly one" },
      { path: "row.4.is_calculator_visible", message: "Base rows must be visible in the calculator" },
    ]);
  });

  it("reports every bad row, in file order, with each row's real line when a quoted value spans lines", () => {
    const text = csv(
      'ADD-NOTE,"A description ""quoted""\nover two lines",Extras,FE,1.00,AddOn,SAAS,SP,true',
      BASE,
      'ADD-A,"Three\n\nlines",Extras,FE,1.00,AddOn,SAAS,SP,true',
      "ADD-B,Fine,Extras,FE,one dollar,AddOn,SAAS,SP,true",
      "ADD-C,Fine,Extras,ZE,2.00,AddOn,SAAS,SP,perhaps",
    );
    // Lines: header 1, ADD-NOTE 2–3, BASE 4, ADD-A 5–7, ADD-B 8, ADD-C 9.
    expect(issuesOf(parseCatalogCsv(text)).map((issue) => issue.path)).toEqual([
      "row.2.description",
      "row.5.description",
      "row.8.price",
      "row.9.edition_id",
      "row.9.is_calculator_visible",
    ]);
  });

  it("lists at most MAX_CATALOG_ISSUES issues and counts them all", () => {
    const bad = Array.from({ length: 300 }, (_, index) => `ADD-${index},Bad price,Extras,FE,free,AddOn,SAAS,SP,true`);
    const result = parseCatalogCsv(csv(BASE, ...bad));
    if (result.ok) throw new Error("expected issues");
    expect(result.issues).toHaveLength(MAX_CATALOG_ISSUES);
    expect(result.issueCount).toBe(300);
    expect(result.issues[0]?.path).toBe("row.3.price");
  });
});

describe("formatCatalogCsv", () => {
  it("writes the import's header, prices with two decimals, and quotes only where needed", () => {
    const rows = rowsOf(parseCatalogCsv(csv(BASE, 'ADD-Q,"Commas, and ""quotes""",Extras,FE,5,AddOn,SAAS,SP,no')));
    expect(formatCatalogCsv(rows)).toBe(
      `${HEADER}\n${BASE}\nADD-Q,"Commas, and ""quotes""",Extras,FE,5.00,AddOn,SAAS,SP,false\n`,
    );
  });

  it("round-trips: parsing its own output gives the same rows", () => {
    const rows = rowsOf(parseCatalogCsv(csv(BASE, CORE, ADDON, 'ADD-Q,"a, ""b""",Extras,FE,0.5,AddOn,PRIV,SP,0')));
    expect(rowsOf(parseCatalogCsv(formatCatalogCsv(rows)))).toEqual(rows);
  });

  it("neutralises text a spreadsheet would run as a formula, and parsing gives the same rows back", () => {
    const [base] = rowsOf(parseCatalogCsv(csv(BASE)));
    if (!base) throw new Error("no base row");
    const addOn = (inventory_id: string, description: string, module: string): CatalogRow => ({ ...base, inventory_id, description, module, sku_type: "AddOn", price_cents: 1_250 });
    const rows = [base, addOn("ADD-F", '=HYPERLINK("http://evil.example","x")', "-12.50"), addOn("ADD-G", "@home", "'-5 off"), addOn("ADD-H", "+Plus", "-Minus")];
    const text = formatCatalogCsv(rows);
    expect(text.split("\n").slice(2)).toEqual([
      `ADD-F,"'=HYPERLINK(""http://evil.example"",""x"")",-12.50,FE,12.50,AddOn,SAAS,SP,true`,
      "ADD-G,'@home,''-5 off,FE,12.50,AddOn,SAAS,SP,true",
      "ADD-H,'+Plus,'-Minus,FE,12.50,AddOn,SAAS,SP,true",
      "",
    ]);
    expect(rowsOf(parseCatalogCsv(text))).toEqual(rows);
  });
});
