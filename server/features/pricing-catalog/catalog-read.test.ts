import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogAnswer, CatalogRow } from "#common/contracts/pricing-catalog";
import { EDITION_IDS } from "#common/domain/pricing";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { createTestRuntime } from "#tests/test-runtime";

// Reading the global catalog; the tests that import it are in catalog.test.ts, and keep every
// default row these tests look for.

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

async function getCatalog(as: TestUser, query = ""): Promise<CatalogAnswer> {
  const response = await call(runtime, `/api/pricing/catalog${query}`, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as CatalogAnswer;
}

const orderKey = (row: CatalogRow) => [EDITION_IDS.indexOf(row.edition_id as (typeof EDITION_IDS)[number]), row.inventory_id] as const;

describe("GET /api/pricing/catalog", () => {
  it("answers any signed-in user with the default catalog's SAAS rows, edition by edition, then by inventory id", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const answer = await getCatalog(member);
    expect(answer.rows.length).toBeGreaterThan(50);
    expect(Date.parse(answer.updated_at ?? "")).not.toBeNaN();
    expect(new Set(answer.rows.map((row) => row.license_type_id))).toEqual(new Set(["SAAS"]));
    const keys = answer.rows.map(orderKey);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    expect(keys).toEqual(sorted);
    expect(answer.rows.find((row) => row.edition_id === "FE" && row.inventory_id === "FE-BASE")).toEqual({
      inventory_id: "FE-BASE",
      description: "Financial Edition subscription, 10 full users included",
      module: "Subscription",
      edition_id: "FE",
      price_cents: 125_000,
      sku_type: "Base",
      license_type_id: "SAAS",
      contract_type: "SP",
      is_calculator_visible: true,
    });
  });

  it("gives every edition one Base row and core rows priced 0, contract SP, visible (spec §3)", async () => {
    const { rows } = await getCatalog(employee);
    for (const edition of EDITION_IDS) {
      const own = rows.filter((row) => row.edition_id === edition);
      expect(own.filter((row) => row.sku_type === "Base"), edition).toHaveLength(1);
      const core = own.filter((row) => row.sku_type === "Core");
      expect(core.length, edition).toBeGreaterThanOrEqual(6);
      for (const row of core) expect(row, `${edition} ${row.inventory_id}`).toMatchObject({ price_cents: 0, contract_type: "SP", is_calculator_visible: true });
      expect(own.map((row) => row.inventory_id), edition).toContain("ADD-USERS-10");
    }
  });

  it("filters by editions (any order asked, catalog order answered) and licence types", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const answer = await getCatalog(member, "?editions=EE,CE&license_types=SAAS");
    expect([...new Set(answer.rows.map((row) => row.edition_id))]).toEqual(["CE", "EE"]);
    const enterprise = await getCatalog(member, "?editions=EE");
    expect(enterprise.rows.every((row) => row.edition_id === "EE")).toBe(true);
    expect(enterprise.rows.map((row) => row.inventory_id)).toEqual(expect.arrayContaining(["EE-BASE", "ADD-MFG-MRP", "ADD-SHOPIFY"]));
    expect(enterprise.rows.filter((row) => row.inventory_id === "EE-BASE")).toHaveLength(1); // the PRIV one is not offered
  });

  it.each([
    ["?editions=XE", "editions"],
    ["?editions=", "editions"],
    ["?license_types=PRIV", "license_types"],
  ])("refuses %s with a validation error", async (query, field) => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await call(runtime, `/api/pricing/catalog${query}`, { as: member });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.details[0].path.split(".")[0]).toBe(field);
  });

  it("is for signed-in users only", async () => {
    expect((await call(runtime, "/api/pricing/catalog")).status).toBe(401);
  });
});
