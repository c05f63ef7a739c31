import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Comparison, EstimateList, PrimaryEstimate, SubscriptionPlan } from "#common/contracts/pricing-estimates";
import { pricingEstimateHistory, pricingEstimateLines } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildOrganization, buildUser } from "#tests/factories";
import { createEstimateOk, createPlainEstimate, estimateAction, pickAddOns, readJson, readOfferedCatalog } from "#tests/pricing-test-kit";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

async function buildTeam() {
  const organization = await buildOrganization(runtime);
  const member = await buildUser(runtime, { organizationId: organization.id, fullName: `Member ${uniqueSuffix()}` });
  const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin", fullName: `Admin ${uniqueSuffix()}` });
  return { organization, member, admin };
}

const list = (as: TestUser) => readJson<EstimateList>(runtime, "/api/pricing/estimates", as);
const comparison = (as: TestUser) => readJson<Comparison>(runtime, "/api/pricing/comparison", as);
const plan = (as: TestUser) => readJson<SubscriptionPlan>(runtime, "/api/pricing/plan", as);

describe("the estimate list and the primary estimate", () => {
  it("lists the primary first, then the newest, with who created and locked them", async () => {
    const { member, admin } = await buildTeam();
    expect(await list(member)).toEqual({ estimates: [] });
    expect(await readJson<PrimaryEstimate>(runtime, "/api/pricing/primary", member)).toEqual({ estimate: null });

    const first = await createPlainEstimate(runtime, member, "First");
    const second = await createPlainEstimate(runtime, admin, "Second");
    const third = await createPlainEstimate(runtime, member, "Third");
    expect(await estimateAction(runtime, admin, first.id, "lock")).toHaveProperty("status", 200);

    const { estimates } = await list(member);
    expect(estimates.map((row) => row.id)).toEqual([first.id, third.id, second.id]);
    expect(estimates[0]).toMatchObject({ is_primary: true, is_locked: true, locked_by_name: expect.stringMatching(/^Admin /), created_by_name: expect.stringMatching(/^Member /) });
    expect(estimates[2]).toMatchObject({ created_by_name: expect.stringMatching(/^Admin /), locked_by_name: null, line_count: second.line_count });
    expect(estimates[1]?.total_monthly_price_cents).toBe(third.total_monthly_price_cents);

    const primary = await readJson<PrimaryEstimate>(runtime, "/api/pricing/primary", member);
    expect(primary.estimate).toMatchObject({ id: first.id, is_locked: true, lines: first.lines, excluded_line_count: 0 });
  });
});

describe("the comparison", () => {
  it("shows every estimate with its lines, monthly and 5-year totals, and the union of their modules in reading order", async () => {
    const { member } = await buildTeam();
    expect(await comparison(member)).toEqual({ estimates: [], modules: [] });
    const catalog = await readOfferedCatalog(runtime, member, "EE");
    const [one, two] = pickAddOns(catalog, 2);
    const basic = await createPlainEstimate(runtime, member, "Basic");
    const richer = await createEstimateOk(runtime, member, {
      name: "Richer",
      edition_id: "EE",
      lines: [one, two].map((row) => ({ inventory_id: row?.inventory_id ?? "", quantity: 3 })),
    });

    const answer = await comparison(member);
    expect(answer.estimates.map((row) => [row.id, row.total_monthly_price_cents, row.price_lock_total_cents])).toEqual([
      [basic.id, basic.total_monthly_price_cents, basic.total_monthly_price_cents * 60],
      [richer.id, richer.total_monthly_price_cents, richer.total_monthly_price_cents * 60],
    ]);
    expect(answer.estimates[1]?.lines).toEqual(richer.lines);
    // The base module first, then the add-ons' modules, then the included ones, each by name.
    const all = [...basic.lines, ...richer.lines];
    const modulesOf = (kind: string) => [...new Set(all.filter((line) => line.sku_type === kind).map((line) => line.module))].sort((a, b) => a.localeCompare(b, "en-US"));
    const modules = [...new Set([...modulesOf("Base"), ...modulesOf("AddOn"), ...modulesOf("Core")])];
    expect(answer.modules).toEqual(modules);

    // A line the catalog stopped offering is out of the lines, the totals and the modules.
    const excluded = richer.lines.find((line) => line.inventory_id === one?.inventory_id);
    await runtime.database.db
      .update(pricingEstimateLines)
      .set({ status: "incompatible" })
      .where(and(eq(pricingEstimateLines.headerId, richer.id), eq(pricingEstimateLines.inventoryId, one?.inventory_id ?? "")));
    const after = (await comparison(member)).estimates[1];
    expect(after?.excluded_line_count).toBe(1);
    expect(after?.total_monthly_price_cents).toBe(richer.total_monthly_price_cents - (excluded?.line_total_cents ?? 0));
    expect(after?.price_lock_total_cents).toBe((after?.total_monthly_price_cents ?? 0) * 60);
  });

  it("reads any number of estimates in the same number of statements", async () => {
    const small = await buildTeam();
    const large = await buildTeam();
    await createPlainEstimate(runtime, small.member, "Only");
    for (let index = 0; index < 6; index += 1) await createPlainEstimate(runtime, large.member, `Estimate ${index}`);

    const select = vi.spyOn(runtime.database.db, "select");
    const countSelects = async (read: () => Promise<unknown>) => {
      select.mockClear();
      await read();
      return select.mock.calls.length;
    };
    try {
      for (const read of [list, comparison]) {
        const forOne = await countSelects(() => read(small.member));
        expect(forOne).toBeGreaterThan(0);
        expect(await countSelects(() => read(large.member))).toBe(forOne);
      }
      expect((await comparison(large.member)).estimates).toHaveLength(6);
    } finally {
      select.mockRestore();
    }
  });
});

describe("the subscription plan", () => {
  it("is the locked estimate with its lines, and the history newest first with the actors' names", async () => {
    const { organization, member, admin } = await buildTeam();
    expect(await plan(member)).toEqual({ subscription: null, history: [] });
    const estimate = await createPlainEstimate(runtime, member, "Plan");
    expect((await plan(member)).subscription).toBeNull();
    expect((await estimateAction(runtime, admin, estimate.id, "lock")).status).toBe(200);

    const answer = await plan(member);
    expect(answer.subscription).toMatchObject({ id: estimate.id, is_locked: true, lines: estimate.lines });
    expect(answer.history.map((entry) => [entry.action, entry.estimate_name, entry.actor_name?.split(" ")[0], entry.total_monthly_price_cents])).toEqual([
      ["locked", "Plan", "Admin", estimate.total_monthly_price_cents],
      ["created", "Plan", "Member", estimate.total_monthly_price_cents],
    ]);
    expect(answer.history.every((entry) => entry.estimate_id === estimate.id)).toBe(true);

    // At most 200 entries, the newest.
    const base = Date.now();
    await runtime.database.db.insert(pricingEstimateHistory).values(
      Array.from({ length: 205 }, (_, index) => ({
        organizationId: organization.id,
        estimateId: estimate.id,
        estimateName: `Old ${index}`,
        action: "updated",
        totalMonthlyPrice: "10.00",
        createdAt: new Date(base - (index + 1) * 60_000),
      })),
    );
    const long = await plan(member);
    expect(long.history).toHaveLength(200);
    expect(long.history.slice(0, 3).map((entry) => entry.estimate_name)).toEqual(["Plan", "Plan", "Old 0"]);
    expect(long.history.at(-1)?.estimate_name).toBe("Old 197");
    expect(long.history[2]).toMatchObject({ actor_name: null, total_monthly_price_cents: 1000 });
  });
});
