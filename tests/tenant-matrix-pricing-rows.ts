import { expect } from "vitest";
import type { CatalogAnswer } from "#common/contracts/pricing-catalog";
import type { Comparison, Estimate, EstimateList, SubscriptionPlan } from "#common/contracts/pricing-estimates";
import type { Runtime } from "#server/runtime";
import { call } from "#tests/factories";
import type { CallerKind, Expected, MatrixEntry, RouteCall, World } from "#tests/tenant-matrix-rows";
import { fixture } from "#tests/tenant-matrix-fixture";

/**
 * Tenant-matrix rows of the pricing routes (catalog and estimates), merged into the matrix by
 * tests/tenant-matrix-rows.ts. Types only come from there, so neither module needs the other at
 * load time. Estimate names carry the world's tag and count as A's secrets.
 */

const AUTHENTICATED: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 200 };
const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const CREATED_IN_A: Expected = { ...ORGANIZATION, memberA: 201, employeeNamingA: 201 };
const EMPLOYEE: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 403 };
const EMPLOYEE_ORGANIZATION: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 403 };

const get = (path: string) => (): RouteCall => ({ method: "GET", path });
const estimatePath = (world: World, name = "estimateId", suffix = "") => `/api/pricing/estimates/${fixture(world, name)}${suffix}`;

export function pricingMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  /** Member A saves an estimate for A (the first one is A's primary); its name is A's data. */
  async function createEstimateForA(world: World, fixtureName = "estimateId"): Promise<string> {
    const name = `Estimate ${fixtureName} ${world.tag}`;
    const response = await call(runtime(), "/api/pricing/estimates", { method: "POST", as: world.memberA, body: { name, edition_id: "FE", lines: [] } });
    expect(response.status).toBe(201);
    const id: string = (await response.json()).id;
    world.fixtures[fixtureName] = id;
    world.secretsOfA.push(name);
    return id;
  }

  /** A's primary estimate, locked by the employee (member A is a member_user and may not lock). */
  async function createLockedEstimateForA(world: World): Promise<void> {
    const id = await createEstimateForA(world);
    const response = await call(runtime(), `/api/pricing/estimates/${id}/lock`, { method: "POST", as: world.employee, org: world.orgA.id });
    expect(response.status).toBe(200);
  }

  async function estimatesOfA(world: World): Promise<EstimateList["estimates"]> {
    const response = await call(runtime(), "/api/pricing/estimates", { as: world.memberA });
    expect(response.status).toBe(200);
    return ((await response.json()) as EstimateList).estimates;
  }

  const namedBy = (caller: CallerKind, world: World, what: string) => {
    const name = `${what} by ${caller} ${world.tag}`;
    world.secretsOfA.push(name);
    return name;
  };

  return {
    getPricingCatalog: {
      call: get("/api/pricing/catalog?editions=FE"),
      expect: AUTHENTICATED,
      check: (_caller, body) => {
        const rows = (body as CatalogAnswer).rows;
        expect(rows.length).toBeGreaterThan(0);
        expect(new Set(rows.map((row) => row.edition_id))).toEqual(new Set(["FE"]));
      },
    },
    exportPricingCatalog: {
      call: get("/api/pricing/catalog/export"),
      expect: EMPLOYEE,
    },
    importPricingCatalog: {
      // The catalog is global and shared with the tests running beside this one: the employee
      // imports the catalog's own export, which changes nothing.
      setup: async (world) => {
        const response = await call(runtime(), "/api/pricing/catalog/export", { as: world.employee });
        expect(response.status).toBe(200);
        world.fixtures.catalogCsv = await response.text();
      },
      call: (_caller, world) => ({ method: "POST", path: "/api/pricing/catalog/import", body: { csv: fixture(world, "catalogCsv") } }),
      expect: EMPLOYEE,
      check: (_caller, body, world) =>
        expect(body).toMatchObject({ imported_rows: fixture(world, "catalogCsv").trimEnd().split("\n").length - 1 }),
    },
    listEstimates: {
      setup: (world) => createEstimateForA(world).then(() => undefined),
      call: get("/api/pricing/estimates"),
      expect: ORGANIZATION,
      check: (_caller, body, world) =>
        expect((body as EstimateList).estimates.map((estimate) => [estimate.id, estimate.organization_id])).toEqual([[fixture(world, "estimateId"), world.orgA.id]]),
    },
    getPrimaryEstimate: {
      setup: (world) => createEstimateForA(world).then(() => undefined),
      call: get("/api/pricing/primary"),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ estimate: { id: fixture(world, "estimateId"), is_primary: true } }),
    },
    getEstimate: {
      setup: (world) => createEstimateForA(world).then(() => undefined),
      call: (_caller, world) => ({ method: "GET", path: estimatePath(world) }),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "estimateId"), organization_id: world.orgA.id }),
    },
    createEstimate: {
      call: (caller, world) => ({ method: "POST", path: "/api/pricing/estimates", body: { name: namedBy(caller, world, "Created"), edition_id: "SE", lines: [] } }),
      expect: CREATED_IN_A,
      check: (caller, body, world) => expect(body).toMatchObject({ organization_id: world.orgA.id, name: `Created by ${caller} ${world.tag}` }),
      verify: async (world) => {
        const names = (await estimatesOfA(world)).map((estimate) => estimate.name);
        expect(names.sort()).toEqual([`Created by employeeNamingA ${world.tag}`, `Created by memberA ${world.tag}`]);
      },
    },
    updateEstimate: {
      setup: (world) => createEstimateForA(world).then(() => undefined),
      call: (caller, world) => ({ method: "PUT", path: estimatePath(world), body: { name: namedBy(caller, world, "Updated"), edition_id: "CE", lines: [] } }),
      expect: ORGANIZATION,
      check: (caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "estimateId"), name: `Updated by ${caller} ${world.tag}` }),
      verify: async (world) => expect((await estimatesOfA(world)).map((estimate) => estimate.name)).toEqual([`Updated by employeeNamingA ${world.tag}`]),
    },
    createQuickEstimate: {
      call: () => ({ method: "POST", path: "/api/pricing/quick-estimate", body: { business_aspects: ["Distribution"], company_size: "11-50" } }),
      expect: CREATED_IN_A,
      check: (_caller, body, world) => expect(body).toMatchObject({ organization_id: world.orgA.id, source: "quick", edition_id: "SE" }),
      verify: async (world) => expect(await estimatesOfA(world)).toHaveLength(2),
    },
    setPrimaryEstimate: {
      setup: async (world) => {
        await createEstimateForA(world, "primaryId");
        await createEstimateForA(world);
      },
      call: (_caller, world) => ({ method: "POST", path: estimatePath(world, "estimateId", "/primary") }),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "estimateId"), is_primary: true }),
      verify: async (world) =>
        expect((await estimatesOfA(world)).filter((estimate) => estimate.is_primary).map((estimate) => estimate.id)).toEqual([fixture(world, "estimateId")]),
    },
    lockPrimaryEstimate: {
      setup: (world) => createEstimateForA(world).then(() => undefined),
      call: (_caller, world) => ({ method: "POST", path: estimatePath(world, "estimateId", "/lock") }),
      // Member A is a member_user: locking is for the organization's admins and employees.
      expect: { ...ORGANIZATION, memberA: 403 },
      check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "estimateId"), is_locked: true }),
    },
    unlockEstimate: {
      setup: createLockedEstimateForA,
      call: (_caller, world) => ({ method: "POST", path: estimatePath(world, "estimateId", "/unlock") }),
      expect: EMPLOYEE_ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "estimateId"), is_locked: false }),
    },
    setEstimateApproval: {
      setup: (world) => createEstimateForA(world).then(() => undefined),
      call: (_caller, world) => ({ method: "PUT", path: estimatePath(world, "estimateId", "/approval"), body: { approved: true } }),
      expect: EMPLOYEE_ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "estimateId"), subscription_approved: true }),
    },
    deleteEstimate: {
      // Each insider deletes an estimate of its own; the outsiders aim at one that must survive.
      setup: async (world) => {
        for (const name of ["survivorId", "deleteBy:memberA", "deleteBy:employeeNamingA"]) await createEstimateForA(world, name);
      },
      call: (caller, world) => {
        const target = caller === "memberA" || caller === "employeeNamingA" ? `deleteBy:${caller}` : "survivorId";
        return { method: "DELETE", path: estimatePath(world, target) };
      },
      expect: ORGANIZATION,
      check: (caller, body, world) => expect(body).toEqual({ deleted_id: fixture(world, `deleteBy:${caller}`), primary_id: fixture(world, "survivorId") }),
      verify: async (world) => expect((await estimatesOfA(world)).map((estimate) => estimate.id)).toEqual([fixture(world, "survivorId")]),
    },
    getEstimateComparison: {
      setup: (world) => createEstimateForA(world).then(() => undefined),
      call: get("/api/pricing/comparison"),
      expect: ORGANIZATION,
      check: (_caller, body, world) =>
        expect((body as Comparison).estimates.map((estimate: Estimate) => estimate.id)).toEqual([fixture(world, "estimateId")]),
    },
    getSubscriptionPlan: {
      setup: createLockedEstimateForA,
      call: get("/api/pricing/plan"),
      expect: ORGANIZATION,
      check: (_caller, body, world) => {
        const plan = body as SubscriptionPlan;
        expect(plan.subscription).toMatchObject({ id: fixture(world, "estimateId"), is_locked: true });
        expect(plan.history.map((entry) => entry.action)).toEqual(["locked", "created"]);
      },
    },
  };
}
