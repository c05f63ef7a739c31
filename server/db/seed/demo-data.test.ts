import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkItemAccess } from "#common/domain/access";
import { loadAccessFacts } from "#server/auth/access-facts";
import type { Caller } from "#server/lib/app-context";
import type { Portfolio } from "#common/contracts/portfolio";
import { openPostgresDatabase } from "#server/db/open-postgres";
import { mailOutbox, organizations, pricingEstimates, users } from "#server/db/schema/index";
import { ensureDefaultCurriculum } from "#server/features/curriculum/curriculum-seed";
import { getPortfolio } from "#server/features/portfolio/portfolio.service";
import { ensureDefaultCatalog } from "#server/features/pricing-catalog/catalog-seed";
import { buildConfig, parseEnv } from "#server/env";
import { createLogger } from "#server/lib/logger";
import { type Runtime, createRuntime } from "#server/runtime";
import { isoDateFromToday } from "#tests/onboarding-test-kit";
import { testPasswordHasher } from "#tests/test-password-hasher";
import { TEST_ENCRYPTION_KEY, TEST_ORIGIN, createTestLogger, createTestRuntime, testEngine, uniqueSuffix } from "#tests/test-runtime";
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION_NAME, JUST_INVITED_EMAIL, JUST_INVITED_ORGANIZATION_NAME, NEAR_GO_LIVE_ORGANIZATION_NAME } from "./demo-accounts.ts";
import { seedDemoData } from "./demo-data.ts";

/**
 * The demo seed needs a database with no users: a PGlite of its own, or on PostgreSQL a scratch
 * database of its own (the shared test database has the users of every other test).
 */
let runtime: Runtime;
let dropScratchDatabase = async () => {};

async function withPostgresAdmin(work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function createScratchPostgresRuntime(): Promise<Runtime> {
  const name = `portal_seed_${uniqueSuffix()}`;
  await withPostgresAdmin((client) => client.query(`create database ${name}`).then(() => undefined));
  dropScratchDatabase = () => withPostgresAdmin((client) => client.query(`drop database if exists ${name} with (force)`).then(() => undefined));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = openPostgresDatabase(url.toString(), 4, createLogger("silent"));
  await database.migrate();
  await ensureDefaultCatalog(database.db);
  await ensureDefaultCurriculum(database.db);
  const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_URL: TEST_ORIGIN, DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY });
  return createRuntime(buildConfig(env), database, createTestLogger(), { passwordHasher: testPasswordHasher });
}

let seeded: boolean;
let portfolio: Portfolio;
beforeAll(async () => {
  runtime = testEngine() === "postgres" ? await createScratchPostgresRuntime() : await createTestRuntime({}, { freshDatabase: true });
  const startedAt = performance.now();
  seeded = await seedDemoData(runtime);
  // A figure, not an assertion (speed goals belong to benchmarks).
  process.stdout.write(`demo seed (${testEngine()}): ${Math.round(performance.now() - startedAt)} ms\n`);
  portfolio = await getPortfolio({ db: runtime.database.db });
}, 120_000);
afterAll(async () => {
  await runtime?.close();
  await dropScratchDatabase();
});

function organizationNamed(name: string) {
  const found = portfolio.organizations.find((organization) => organization.name === name);
  if (!found) throw new Error(`${name} is not in the portfolio`);
  return found;
}

describe("the demo seed on an empty database", () => {
  it("builds three organizations at different stages, scored in the order of their stage", () => {
    expect(seeded).toBe(true);
    expect(portfolio.organizations.map((organization) => organization.name).sort()).toEqual(
      [DEMO_ORGANIZATION_NAME, JUST_INVITED_ORGANIZATION_NAME, NEAR_GO_LIVE_ORGANIZATION_NAME].sort(),
    );
    const justInvited = organizationNamed(JUST_INVITED_ORGANIZATION_NAME);
    const midway = organizationNamed(DEMO_ORGANIZATION_NAME);
    const nearGoLive = organizationNamed(NEAR_GO_LIVE_ORGANIZATION_NAME);
    expect(justInvited.score).toBeLessThan(midway.score);
    expect(midway.score).toBeLessThan(nearGoLive.score);
  });

  it("invites the first member of the just-invited organization, through the outbox", async () => {
    const mails = await runtime.database.db
      .select({ recipient: mailOutbox.recipient })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, JUST_INVITED_EMAIL), eq(mailOutbox.kind, "invitation")));
    expect(mails).toHaveLength(1);
  });

  it("leaves the midway organization with a locked estimate, open high risks and overdue work", async () => {
    const midway = organizationNamed(DEMO_ORGANIZATION_NAME);
    const estimates = await runtime.database.db
      .select({ isLocked: pricingEstimates.isLocked })
      .from(pricingEstimates)
      .where(and(eq(pricingEstimates.organizationId, midway.id), eq(pricingEstimates.isPrimary, true)));
    expect(estimates).toEqual([{ isLocked: true }]);
    expect(midway.open_high_risks).toBe(2);
    expect(midway.overdue_items).toBeGreaterThanOrEqual(2);
    expect(midway.open_help_requests).toBe(1);
    expect(midway.plan_percent).toBeGreaterThan(20);
    expect(midway.plan_percent).toBeLessThan(60);
  });

  it("shows the midway organization's members the Extensions section, the Decision-maker Dashboard open and AP Automation requested", async () => {
    const midway = organizationNamed(DEMO_ORGANIZATION_NAME);
    const member = DEMO_ACCOUNTS[0];
    const [user] = await runtime.database.db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    const caller = { userId: user?.id ?? "", email: member.email, isEmployee: false, role: "member_admin" } as Caller;
    const facts = await loadAccessFacts(runtime.database.db, caller, midway.id, runtime.config.access);
    expect(checkItemAccess("extensions", facts)).toEqual({ allowed: true });
    expect(checkItemAccess("decision-maker-dashboard", facts)).toEqual({ allowed: true });
    expect(checkItemAccess("ap-automation", facts)).toMatchObject({ allowed: false, redirectTo: "/extensions" });
  });

  it("puts the near-go-live organization a week from its go-live date with no open high risks", () => {
    const nearGoLive = organizationNamed(NEAR_GO_LIVE_ORGANIZATION_NAME);
    expect(nearGoLive.go_live_date).toBe(isoDateFromToday(7));
    expect(nearGoLive.open_high_risks).toBe(0);
    expect(nearGoLive.launchpad_percent).toBe(100);
  });

  it("does nothing when seeded again", async () => {
    expect(await seedDemoData(runtime)).toBe(false);
    expect(await runtime.database.db.$count(organizations)).toBe(3);
  });
});
