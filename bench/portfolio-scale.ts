/**
 * The employees' portfolio at scale: `loadOrganizationProgress(db, "all")`
 * (server/queries/readiness-facts.queries.ts), which GET /api/employee/portfolio answers from, over
 * 10, 100 and 1,000 organizations with realistic, varied data, on PGlite (in memory) and on a
 * temporary PostgreSQL database, read twice there: as the server is configured, and on connections
 * with JIT compilation off (`-c jit=off`). Every size and engine side by side in one run: each
 * round calls every contestant once, in an order that changes from round to round.
 *
 * It prints the median time of a call, the time per organization, the ratio of the time per
 * organization at 1,000 against 100 (close to 1: it grows linearly), the SQL statements one call
 * sends to the driver (counted by wrapping the driver's `query`; 3 whatever the size), and the size
 * of the portfolio's JSON (getPortfolio) at the largest size. Every contestant must give the same
 * portfolio, byte for byte; otherwise it exits non-zero. It never fails on a timing.
 *
 * Settings (environment): BENCH_PORTFOLIO_SIZES ("10,100,1000"), BENCH_PORTFOLIO_ROUNDS (7),
 * BENCH_ENGINES ("postgres,pglite"), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432; a
 * database portal_bench_<random> per size, dropped at the end), BENCH_PORTFOLIO_EXPLAIN=1 (also
 * print, at the largest size, what each subquery of the facts statement and JIT compilation cost,
 * from EXPLAIN ANALYZE).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import {
  ACTION_LOG_STATUSES,
  ACTION_LOG_TYPES,
  type ActionLogStatus,
  type ActionLogType,
  HELP_TYPES,
  IMPACT_LEVELS,
  LIKELIHOODS,
  actionLogTypeForHelp,
} from "#common/domain/action-log";
import { BUSINESS_ASPECTS_QUESTION_ID, KNOWN_BUSINESS_ASPECTS } from "#common/domain/business-aspects";
import { EXTENSION_IDS, WORKSPACE_EXTENSION_IDS } from "#common/domain/extensions";
import { LAUNCHPAD_PAGE_IDS } from "#common/domain/launchpad";
import { NDA_STATUSES } from "#common/domain/nda-status";
import type { Database } from "#server/db/database";
import { MIGRATIONS_FOLDER } from "#server/db/migrate";
import { wrapPglite } from "#server/db/open-pglite";
import * as schema from "#server/db/schema/index";
import { ensureDefaultCurriculum } from "#server/features/curriculum/curriculum-seed";
import { getPortfolio } from "#server/features/portfolio/portfolio.service";
import { loadOrganizationProgress, selectReadinessFacts } from "#server/queries/readiness-facts.queries";
import { median } from "./measure.ts";
import { createPostgresDatabase, type TemporaryDatabase } from "./temporary-databases.ts";

const {
  actionLogCounters,
  actionLogs,
  configurationQuestions,
  configurationResponses,
  dataConnections,
  extensionWorkspaces,
  launchpadProgress,
  milestoneOrganizations,
  milestones,
  moduleSubmissionStatus,
  ndas,
  organizationExtensions,
  organizations,
  pricingEstimateLines,
  pricingEstimates,
  realtimeEvents,
} = schema;

type Engine = "postgres" | "pglite";

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

const SIZES = (process.env.BENCH_PORTFOLIO_SIZES ?? "10,100,1000")
  .split(",")
  .map((size) => Number(size.trim()))
  .sort((a, b) => a - b);
if (SIZES.length === 0 || SIZES.some((size) => !Number.isInteger(size) || size <= 0)) throw new Error("BENCH_PORTFOLIO_SIZES: positive integers, comma-separated");
const ROUNDS = positiveInteger("BENCH_PORTFOLIO_ROUNDS", 7);
const WARMUP_CALLS = 2;
const EXPLAIN = process.env.BENCH_PORTFOLIO_EXPLAIN === "1";
const ENGINES = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",").map((name) => name.trim()).filter(Boolean) as Engine[];
for (const name of ENGINES) if (name !== "postgres" && name !== "pglite") throw new Error(`BENCH_ENGINES: unknown engine "${name}"`);
const ENGINE_LABELS: Record<Engine, string> = { postgres: "PostgreSQL", pglite: "PGlite" };

const print = (line = "") => process.stdout.write(`${line}\n`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Columns aligned: the ones named in `left` (the first by default) to the left, the others to the right. */
function table(rows: string[][], left: readonly number[] = [0]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (left.includes(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ").trimEnd());
}

// ---- The data: one set of organizations, the first N of which go into the database of size N ----

/** mulberry32: the same data on every run and engine. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    chance: (probability: number) => next() < probability,
    integer: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
    weighted: <T>(choices: readonly (readonly [T, number])[]): T => {
      let roll = next() * choices.reduce((total, [, weight]) => total + weight, 0);
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return choices[choices.length - 1]![0];
    },
  };
}

const DAY = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const TIME_ZONES = ["UTC", "Europe/London", "Europe/Berlin", "America/New_York", "America/Chicago", "America/Los_Angeles", "Asia/Tokyo", "Australia/Sydney", "Asia/Kolkata"];
const DATA_SOURCES = ["quickbooks-online", "xero", "sage-50", "shopify", "salesforce", "csv-upload", "netsuite"];
const EVENT_TYPES = ["organizationUpdated", "launchpadChanged", "estimateDetailsChanged", "actionLogsChanged", "launchPlanChanged", "configurationChanged", "ndaChanged"];
const WORDS = ["invoice", "warehouse", "payroll", "migration", "training", "approval", "customs", "ledger", "report", "vendor", "cut-over", "tax"];

interface CatalogItem {
  inventoryId: string;
  module: string;
  description: string;
  skuType: string;
  price: string;
}

/** The default price list by edition (what estimates are made of), one item per inventory id. */
function readCatalog(): Map<string, CatalogItem[]> {
  const records = parse(readFileSync(new URL("../server/features/pricing-catalog/default-catalog.csv", import.meta.url)), { columns: true }) as Record<string, string>[];
  const byEdition = new Map<string, Map<string, CatalogItem>>();
  for (const record of records) {
    const edition = byEdition.get(record.edition_id!) ?? new Map<string, CatalogItem>();
    byEdition.set(record.edition_id!, edition);
    edition.set(record.inventory_id!, { inventoryId: record.inventory_id!, module: record.module!, description: record.description!, skuType: record.sku_type!, price: record.price! });
  }
  return new Map([...byEdition].map(([edition, items]) => [edition, [...items.values()]]));
}

interface CurriculumOutline {
  /** Milestone keys in plan order; rows are resolved to each database's milestone ids. */
  milestoneKeys: string[];
  configurationModules: string[];
}

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

/** Every row of one organization, ready to insert (milestone rows name their milestone by key). */
interface OrganizationRows {
  organization: Insert<typeof organizations>;
  launchpad: Insert<typeof launchpadProgress>[];
  responses: Insert<typeof configurationResponses>[];
  ndas: Insert<typeof ndas>[];
  estimates: Insert<typeof pricingEstimates>[];
  lines: Insert<typeof pricingEstimateLines>[];
  connections: Insert<typeof dataConnections>[];
  submissions: Insert<typeof moduleSubmissionStatus>[];
  milestones: (Omit<Insert<typeof milestoneOrganizations>, "milestoneId"> & { milestoneKey: string })[];
  logs: Insert<typeof actionLogs>[];
  counter: Insert<typeof actionLogCounters>;
  extensions: Insert<typeof organizationExtensions>[];
  workspaces: Insert<typeof extensionWorkspaces>[];
  events: Insert<typeof realtimeEvents>[];
}

/**
 * Organizations from new to nearly live: each has a "maturity" that makes its launchpad, plan,
 * configuration and estimate further along; the action log grows with it (5 to 85 entries, most
 * organizations at the small end), with open risks, overdue tasks and help requests.
 */
function buildOrganizations(count: number, outline: CurriculumOutline, now: number): OrganizationRows[] {
  const random = randomSource(20_260_417);
  const catalog = readCatalog();
  const editions = [...catalog.keys()];
  return Array.from({ length: count }, (_, index) => {
    const organizationId = randomUUID();
    const maturity = random.next();
    const joined = now - random.integer(3, 420) * DAY - random.integer(0, DAY - 1);
    const between = (from: number, to: number) => new Date(from + random.next() * Math.max(0, to - from));
    const organization = {
      id: organizationId,
      organizationName: `Portfolio Bench ${random.pick(["Foods", "Metals", "Textiles", "Labs", "Logistics", "Retail", "Tools"])} ${String(index + 1).padStart(4, "0")}`,
      timeZone: random.pick(TIME_ZONES),
      createdAt: new Date(joined),
      updatedAt: between(joined, now),
    };

    const launchpad: Insert<typeof launchpadProgress>[] = [];
    for (const pageId of LAUNCHPAD_PAGE_IDS) {
      const isTimeline = pageId === "timeline-planning";
      if (!random.chance(isTimeline ? 0.75 : 0.25 + 0.7 * maturity)) continue;
      const isCompleted = random.chance(0.15 + 0.8 * maturity);
      const savedAt = between(joined, now);
      const dataSnapshot = isTimeline
        ? {
            // Most dates ahead, some passed, a few drafts without one.
            ...(random.chance(0.92) ? { go_live_date: isoDay(now + random.integer(-45, 320) * DAY) } : {}),
            key_dates: Array.from({ length: random.integer(0, 4) }, (_, k) => ({ label: `Milestone ${k + 1}`, date: isoDay(now + random.integer(-30, 200) * DAY) })),
          }
        : { notes: `${random.pick(WORDS)} ${random.pick(WORDS)}`, answered: random.integer(1, 12), confirmed: isCompleted };
      launchpad.push({ organizationId, pageId, isCompleted, completedAt: isCompleted ? savedAt : null, dataSnapshot, createdAt: new Date(joined), updatedAt: savedAt });
    }

    const responses: Insert<typeof configurationResponses>[] = [];
    if (random.chance(0.7)) {
      const versions = random.integer(1, 3);
      for (let version = 1; version <= versions; version += 1) {
        const aspects = KNOWN_BUSINESS_ASPECTS.filter(() => random.chance(0.5));
        const submittedAt = between(joined, now);
        responses.push({
          organizationId,
          questionId: BUSINESS_ASPECTS_QUESTION_ID,
          responseValue: random.chance(0.5) ? aspects : { aspects },
          version,
          submittedAt: version === versions && random.chance(0.15) ? null : submittedAt,
          createdAt: submittedAt,
        });
      }
    }
    for (let other = random.integer(0, 8); other > 0; other -= 1) {
      responses.push({ organizationId, questionId: `question-${random.integer(1, 60)}`, responseValue: { value: random.pick(WORDS) }, submittedAt: random.chance(0.6) ? between(joined, now) : null });
    }

    const ndaRows: Insert<typeof ndas>[] = [];
    const ndaStatus = random.weighted([[null, 20], ["draft", 15], ["pending", 15], ["signed-by-prospect", 20], ["signed-by-all", 30]] as const);
    if (ndaStatus !== null) {
      const signer = { memberSignerName: "Alex Member", memberSignerTitle: "Chief Executive Officer", memberSignerEmail: `ceo-${index + 1}@bench.test` };
      const body = "The parties agree to keep each other's confidential information confidential. ".repeat(12);
      // Some organizations started over: an older draft before the current one.
      if (random.chance(0.25)) ndaRows.push({ organizationId, status: NDA_STATUSES[0], templateVersion: 1, title: "Mutual NDA", body, ...signer, memberSignedAt: new Date(joined), createdAt: new Date(joined), updatedAt: new Date(joined) });
      const signedAt = between(joined, now);
      const countersigned = ndaStatus === "signed-by-all";
      ndaRows.push({
        organizationId,
        status: ndaStatus,
        templateVersion: 2,
        title: "Mutual NDA",
        body,
        ...signer,
        memberSignedAt: signedAt,
        providerSignerName: countersigned ? "Pat Provider" : null,
        providerSignerTitle: countersigned ? "Account Director" : null,
        providerSignerEmail: countersigned ? "pat@provider.test" : null,
        providerSignedAt: countersigned ? between(signedAt.getTime(), now) : null,
        createdAt: signedAt,
        updatedAt: signedAt,
      });
    }

    const estimates: Insert<typeof pricingEstimates>[] = [];
    const lines: Insert<typeof pricingEstimateLines>[] = [];
    if (random.chance(0.85)) {
      const count = random.weighted([[1, 60], [2, 30], [3, 10]] as const);
      const primary = random.chance(0.9) ? random.integer(0, count - 1) : -1;
      for (let e = 0; e < count; e += 1) {
        const id = randomUUID();
        const isPrimary = e === primary;
        const isLocked = isPrimary && random.chance(0.15 + 0.4 * maturity);
        const editionId = random.pick(editions);
        const createdAt = between(joined, now);
        estimates.push({
          id,
          organizationId,
          name: isPrimary ? "Our plan" : `Option ${e + 1}`,
          isPrimary,
          isLocked,
          lockedAt: isLocked ? between(createdAt.getTime(), now) : null,
          editionId,
          source: random.chance(0.8) ? "calculator" : "quick",
          subscriptionApproved: isLocked || random.chance(0.2),
          totalMonthlyPrice: `${random.integer(900, 12_000)}.00`,
          createdAt,
          updatedAt: createdAt,
        });
        for (const item of catalog.get(editionId) ?? []) {
          const wanted = item.skuType === "Base" || item.module === "Financials" ? true : item.skuType === "Core" ? random.chance(0.55) : random.chance(0.2);
          if (!wanted) continue;
          lines.push({ headerId: id, inventoryId: item.inventoryId, module: item.module, description: item.description, skuType: item.skuType, price: item.price, quantity: random.integer(1, 25), status: random.chance(0.04) ? "incompatible" : "active" });
        }
      }
    }

    const connections: Insert<typeof dataConnections>[] = DATA_SOURCES.filter(() => random.chance(0.1 + 0.3 * maturity)).map((dataSourceId) => ({
      organizationId,
      dataSourceId,
      name: `${dataSourceId} (production)`,
      status: random.weighted([["connected", 80], ["error", 12], ["disconnected", 8]] as const),
      connectionConfig: { host: `${dataSourceId}.example.test`, account: `acct-${index + 1}`, secret: { iv: "aXY=", tag: "dGFn", data: "ZW5jcnlwdGVk" } },
      lastTestedAt: between(joined, now),
    }));

    const submissions: Insert<typeof moduleSubmissionStatus>[] = outline.configurationModules
      .filter(() => random.chance(0.2 + 0.7 * maturity))
      .map((module) => {
        const isSubmitted = random.chance(0.2 + 0.7 * maturity);
        return { organizationId, module, isSubmitted, submittedAt: isSubmitted ? between(joined, now) : null };
      });

    // The plan in order: the first milestones completed, the next in progress, the rest untouched.
    const completedMilestones = Math.floor(maturity * outline.milestoneKeys.length * random.next());
    const milestoneRows: OrganizationRows["milestones"] = [];
    outline.milestoneKeys.forEach((milestoneKey, position) => {
      const planOverride = random.chance(0.03) ? random.pick(["include", "exclude"] as const) : null;
      const completionStatus = position < completedMilestones ? "completed" : position === completedMilestones ? "in_progress" : "not_started";
      if (completionStatus === "not_started" && planOverride === null && random.chance(0.7)) return;
      milestoneRows.push({ organizationId, milestoneKey, completionStatus, completedAt: completionStatus === "completed" ? between(joined, now) : null, planOverride });
    });

    const logs: Insert<typeof actionLogs>[] = [];
    const entries = 5 + Math.floor(random.next() ** 2 * 80);
    for (let number = 1; number <= entries; number += 1) {
      const createdAt = between(joined, now);
      const helpType = random.chance(0.12) ? random.pick(HELP_TYPES) : null;
      const type: ActionLogType = helpType
        ? actionLogTypeForHelp(helpType)
        : random.weighted(ACTION_LOG_TYPES.map((value) => [value, value === "Task" ? 35 : value === "Risk" ? 20 : 8] as const));
      const status: ActionLogStatus = random.weighted(ACTION_LOG_STATUSES.map((value, i) => [value, [35, 25, 5, 20, 15][i]!] as const));
      const done = status === "Resolved" || status === "Closed";
      const hasDue = type === "Task" || type === "Issue" || type === "Open Request" ? random.chance(0.7) : random.chance(0.15);
      logs.push({
        organizationId,
        number,
        title: `${random.pick(WORDS)} ${random.pick(WORDS)} ${type.toLowerCase()} ${number}`,
        description: `Details of the ${random.pick(WORDS)} work, raised during the ${random.pick(WORDS)} review.`,
        actionLogType: type,
        status,
        priority: random.pick(["Low", "Medium", "High", "Critical"] as const),
        impactLevel: random.pick(IMPACT_LEVELS),
        likelihood: type === "Risk" && random.chance(0.85) ? random.pick(LIKELIHOODS) : null,
        dueDate: hasDue ? isoDay(now + random.integer(-60, 60) * DAY) : null,
        helpType,
        sourcePage: helpType ? random.pick(["/dashboard", "/timeline", "/price", "/data-connection"]) : null,
        sourceBrowser: helpType ? "Chrome 140 on Windows" : null,
        resolutionNotes: done ? "Handled with the team." : null,
        createdAt,
        updatedAt: createdAt,
        resolvedAt: done ? between(createdAt.getTime(), now) : null,
      });
    }

    const extensions: Insert<typeof organizationExtensions>[] = EXTENSION_IDS.filter(() => random.chance(0.2)).map((extensionId) => {
      const active = random.chance(0.6);
      const requestedAt = between(joined, now);
      return { organizationId, extensionId, state: active ? "active" : "requested", requestedAt, requestNote: "We would like this.", activatedAt: active ? between(requestedAt.getTime(), now) : null, planChange: active ? random.pick(["estimate", "next_plan"] as const) : null };
    });
    // Most active extensions with a workspace have started it; some have submitted it.
    const workspaces: Insert<typeof extensionWorkspaces>[] = extensions
      .filter((extension) => extension.state === "active" && (WORKSPACE_EXTENSION_IDS as readonly string[]).includes(extension.extensionId) && random.chance(0.7))
      .map((extension) => {
        const submitted = random.chance(0.3 + 0.5 * maturity);
        const savedAt = between(extension.activatedAt!.getTime(), now);
        return { organizationId, extensionId: extension.extensionId, answers: { approval_rules: [{ up_to: random.integer(1, 50) * 1000, role: "Controller" }], matching: random.pick(["two-way", "three-way"]) }, status: submitted ? "submitted" : "draft", savedAt, submittedAt: submitted ? savedAt : null };
      });

    // A few recent events; some organizations have gone quiet (or never did anything).
    const quiet = random.chance(0.15);
    const events: Insert<typeof realtimeEvents>[] = random.chance(0.05)
      ? []
      : Array.from({ length: random.integer(1, 8) }, () => {
          const type = random.pick(EVENT_TYPES);
          return { organizationId, type, payload: { type, organizationId }, createdAt: new Date(now - (quiet ? random.integer(20, 90) : random.integer(0, 14)) * DAY - random.integer(0, DAY - 1)) };
        });

    return { organization, launchpad, responses, ndas: ndaRows, estimates, lines, connections, submissions, milestones: milestoneRows, logs, counter: { organizationId, lastNumber: entries }, extensions, workspaces, events };
  });
}

// ---- The contestants: a database of each engine for each size ----

interface Contestant {
  engine: Engine;
  /** "PostgreSQL", "PostgreSQL, jit off" (the same database, its own connections) or "PGlite". */
  label: string;
  size: number;
  /** False for a second contestant on a database another one loads. */
  loadsData: boolean;
  db: Database;
  /** Runs `work` and counts the statements it sent to the driver. */
  countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }>;
  /** Runs one statement on the driver directly (EXPLAIN). */
  raw(text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  times: number[];
  statements?: number;
}

/** Wraps the driver's `query`, which Drizzle calls for every statement (node-postgres and PGlite alike). */
function statementCounter(client: { query: (...args: never[]) => unknown }) {
  let counting = false;
  let statements = 0;
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (counting) statements += 1;
    return original(...args);
  };
  return async <T>(work: () => Promise<T>) => {
    counting = true;
    statements = 0;
    try {
      const result = await work();
      return { result, statements };
    } finally {
      counting = false;
    }
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
async function runCleanups() {
  while (cleanups.length > 0) await cleanups.pop()!().catch((error: unknown) => print(`cleanup failed: ${(error as Error).message}`));
}

/**
 * A migrated database with the default curriculum. PGlite runs in memory: the first of its
 * databases is made from scratch and dumped, the others start from that dump (creating one takes
 * seconds of WebAssembly). PostgreSQL: a fresh temporary database for each size, read by two
 * contestants: the server as configured, and connections that turn JIT compilation off.
 */
async function openContestants(engine: Engine, size: number, pgliteSnapshot: { dump?: Blob }): Promise<Contestant[]> {
  if (engine === "postgres") {
    const temporary: TemporaryDatabase = await createPostgresDatabase();
    cleanups.push(() => temporary.drop());
    const contestant = (label: string, options?: string): Contestant => {
      const pool = new pg.Pool({ connectionString: temporary.env.DATABASE_URL!, max: 10, ...(options ? { options } : {}) });
      cleanups.push(() => pool.end());
      return {
        engine, label, size, loadsData: options === undefined, db: drizzle(pool, { schema }) as unknown as Database, times: [],
        countStatements: statementCounter(pool),
        raw: async (text, params) => (await pool.query(text, params)).rows as Record<string, unknown>[],
      };
    };
    const asConfigured = contestant(ENGINE_LABELS.postgres);
    await migrate(asConfigured.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: MIGRATIONS_FOLDER });
    await ensureDefaultCurriculum(asConfigured.db);
    return [asConfigured, contestant(`${ENGINE_LABELS.postgres}, jit off`, "-c jit=off")];
  }
  const client = await PGlite.create(pgliteSnapshot.dump ? { loadDataDir: pgliteSnapshot.dump } : {});
  cleanups.push(async () => {
    if (!client.closed) await client.close();
  });
  const handle = wrapPglite(client);
  if (!pgliteSnapshot.dump) {
    await handle.migrate();
    await ensureDefaultCurriculum(handle.db);
    pgliteSnapshot.dump = await client.dumpDataDir("none");
  }
  return [
    {
      engine, label: ENGINE_LABELS.pglite, size, loadsData: true, db: handle.db, times: [],
      countStatements: statementCounter(client),
      raw: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    },
  ];
}

async function insertChunks<T extends Parameters<Database["insert"]>[0]>(db: Database, target: T, rows: T["$inferInsert"][]): Promise<void> {
  // Up to 65,535 parameters a statement; the widest rows here have about 20 columns.
  for (let start = 0; start < rows.length; start += 1_000) await db.insert(target).values(rows.slice(start, start + 1_000));
}

async function load(contestant: Contestant, data: OrganizationRows[]): Promise<void> {
  const { db } = contestant;
  const milestoneIds = new Map((await db.select({ id: milestones.id, key: milestones.key }).from(milestones)).map((row) => [row.key, row.id]));
  const rows = <T>(pick: (organization: OrganizationRows) => T | T[]) => data.flatMap(pick) as T[];
  await insertChunks(db, organizations, rows((o) => o.organization));
  await insertChunks(db, launchpadProgress, rows((o) => o.launchpad));
  await insertChunks(db, configurationResponses, rows((o) => o.responses));
  await insertChunks(db, ndas, rows((o) => o.ndas));
  await insertChunks(db, pricingEstimates, rows((o) => o.estimates));
  await insertChunks(db, pricingEstimateLines, rows((o) => o.lines));
  await insertChunks(db, dataConnections, rows((o) => o.connections));
  await insertChunks(db, moduleSubmissionStatus, rows((o) => o.submissions));
  await insertChunks(
    db,
    milestoneOrganizations,
    rows((o) => o.milestones).map(({ milestoneKey, ...row }) => ({ ...row, milestoneId: milestoneIds.get(milestoneKey)! })),
  );
  await insertChunks(db, actionLogs, rows((o) => o.logs));
  await insertChunks(db, actionLogCounters, rows((o) => o.counter));
  await insertChunks(db, organizationExtensions, rows((o) => o.extensions));
  await insertChunks(db, extensionWorkspaces, rows((o) => o.workspaces));
  // Event ids follow time, as they do when the portal publishes them.
  await insertChunks(db, realtimeEvents, rows((o) => o.events).sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime()));
  // PostgreSQL's autovacuum would have analysed these tables by now; PGlite never does by itself.
  await db.execute(sql`analyze`);
}

// ---- EXPLAIN ANALYZE: what each correlated subquery costs ----

interface PlanNode {
  "Node Type": string;
  "Parent Relationship"?: string;
  "Subplan Name"?: string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Total Time"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

/** The tables a subquery reads and how: "ndas (index scan ndas_…)", "action_logs (bitmap heap scan action_logs_…)". */
function describeSubplan(node: PlanNode): string {
  const reads: string[] = [];
  const visit = (n: PlanNode) => {
    if (n["Relation Name"]) {
      const index = n["Index Name"] ?? n.Plans?.find((child) => child["Node Type"] === "Bitmap Index Scan")?.["Index Name"];
      reads.push(`${n["Relation Name"]} (${n["Node Type"].toLowerCase()}${index ? ` ${index}` : ""})`);
    }
    n.Plans?.forEach(visit);
  };
  visit(node);
  return reads.join(", ");
}

interface ExplainResult {
  Plan: PlanNode & { "Total Cost": number };
  "Execution Time": number;
  JIT?: { Functions: number; Timing: { Generation: number; Inlining: number; Optimization: number; Emission: number; Total: number } };
}

async function explainFacts(contestant: Contestant): Promise<void> {
  // Its declared type is the promise of its rows; what it returns is Drizzle's query, which runs only when awaited.
  const query = (selectReadinessFacts(contestant.db, "all") as unknown as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
  const [row] = await contestant.raw(`explain (analyze, format json) ${query.sql}`, query.params);
  const value = row?.["QUERY PLAN"];
  const explained = ((typeof value === "string" ? JSON.parse(value) : value) as [ExplainResult])[0];
  const subplans: PlanNode[] = [];
  const visit = (node: PlanNode) => {
    if (node["Parent Relationship"] === "SubPlan") subplans.push(node);
    node.Plans?.forEach(visit);
  };
  visit(explained.Plan);
  const inSubqueries = subplans.reduce((total, node) => total + (node["Actual Total Time"] ?? 0) * (node["Actual Loops"] ?? 0), 0);
  const jit = explained.JIT
    ? `; JIT ${explained.JIT.Functions} functions, ${explained.JIT.Timing.Total.toFixed(1)} ms (generation ${explained.JIT.Timing.Generation.toFixed(1)}, ` +
      `inlining ${explained.JIT.Timing.Inlining.toFixed(1)}, optimization ${explained.JIT.Timing.Optimization.toFixed(1)}, emission ${explained.JIT.Timing.Emission.toFixed(1)})`
    : "; no JIT";
  print(
    `  ${contestant.label}, ${contestant.size.toLocaleString("en-US")} organizations: estimated cost ${Math.round(explained.Plan["Total Cost"]).toLocaleString("en-US")}, ` +
      `execution ${explained["Execution Time"].toFixed(1)} ms, of which ${inSubqueries.toFixed(1)} ms in the subqueries${jit}`,
  );
  const rows = [["subquery", "loops", "ms in all", "reads"]];
  for (const node of subplans) {
    const loops = node["Actual Loops"] ?? 0;
    rows.push([node["Subplan Name"] ?? "?", String(loops), ((node["Actual Total Time"] ?? 0) * loops).toFixed(1), describeSubplan(node)]);
  }
  for (const line of table(rows, [0, 3])) print(`    ${line}`);
}

// ---- The run ----

async function main() {
  print("Employees' portfolio at scale: loadOrganizationProgress(db, \"all\") over every organization");
  print(`sizes ${SIZES.join(", ")}; engines ${ENGINES.map((engine) => ENGINE_LABELS[engine]).join(", ")}; ${ROUNDS} rounds after ${WARMUP_CALLS} warm-up calls, every contestant once a round, the order changing; reported: medians`);
  process.once("SIGINT", () => {
    print("\ninterrupted: cleaning up");
    void runCleanups().finally(() => process.exit(130));
  });

  const started = performance.now();
  // The engines set up side by side (PostgreSQL works in its own processes); sizes one after another.
  const contestants = (
    await Promise.all(
      ENGINES.map(async (engine) => {
        const ofEngine: Contestant[] = [];
        const pgliteSnapshot = {};
        for (const size of SIZES) ofEngine.push(...(await openContestants(engine, size, pgliteSnapshot)));
        return ofEngine;
      }),
    )
  ).flat();
  const first = contestants[0]!;
  const outline: CurriculumOutline = {
    milestoneKeys: (await first.db.select({ key: milestones.key }).from(milestones).orderBy(milestones.position)).map((row) => row.key),
    configurationModules: (await first.db.selectDistinct({ module: configurationQuestions.module }).from(configurationQuestions)).flatMap((row) => (row.module ? [row.module] : [])),
  };
  print(`databases migrated, default curriculum loaded (${outline.milestoneKeys.length} milestones, ${outline.configurationModules.length} configuration modules): ${seconds(started)}`);

  const now = Date.now();
  const data = buildOrganizations(SIZES[SIZES.length - 1]!, outline, now);
  const loadStarted = performance.now();
  await Promise.all(
    ENGINES.map(async (engine) => {
      for (const contestant of contestants.filter((c) => c.engine === engine && c.loadsData)) await load(contestant, data.slice(0, contestant.size));
    }),
  );
  const perOrganization = (key: keyof OrganizationRows) => (data.reduce((total, rows) => total + (Array.isArray(rows[key]) ? rows[key].length : 1), 0) / data.length).toFixed(1);
  print(
    `organizations loaded: ${seconds(loadStarted)}; rows per organization on average: launchpad ${perOrganization("launchpad")}, ` +
      `configuration answers ${perOrganization("responses")}, NDAs ${perOrganization("ndas")}, estimates ${perOrganization("estimates")} ` +
      `with ${perOrganization("lines")} lines, data connections ${perOrganization("connections")}, module submissions ${perOrganization("submissions")}, ` +
      `milestone rows ${perOrganization("milestones")}, action log ${perOrganization("logs")}, extensions ${perOrganization("extensions")}, workspaces ${perOrganization("workspaces")}, events ${perOrganization("events")}`,
  );

  for (const contestant of contestants) {
    const { result, statements } = await contestant.countStatements(() => loadOrganizationProgress(contestant.db, "all"));
    contestant.statements = statements;
    if (result.length !== contestant.size) throw new Error(`${contestant.label} ${contestant.size}: ${result.length} organizations answered`);
    for (let call = 1; call < WARMUP_CALLS; call += 1) await loadOrganizationProgress(contestant.db, "all");
  }
  const measureStarted = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    // Rotate the order, and reverse it every other round, so no contestant always goes first.
    const shift = round % contestants.length;
    const order = [...contestants.slice(shift), ...contestants.slice(0, shift)];
    if (round % 2 === 1) order.reverse();
    for (const contestant of order) {
      const callStarted = performance.now();
      await loadOrganizationProgress(contestant.db, "all");
      contestant.times.push(performance.now() - callStarted);
    }
  }
  print(`measured: ${seconds(measureStarted)}`);
  print();

  const labels = [...new Set(contestants.map((contestant) => contestant.label))];
  const rows = [["engine", "organizations", "median ms / call", "min–max ms", "ms / organization", "statements / call"]];
  for (const contestant of labels.flatMap((label) => contestants.filter((c) => c.label === label))) {
    const m = median(contestant.times);
    rows.push([
      contestant.label,
      contestant.size.toLocaleString("en-US"),
      m.toFixed(1),
      `${Math.min(...contestant.times).toFixed(1)}–${Math.max(...contestant.times).toFixed(1)}`,
      (m / contestant.size).toFixed(3),
      String(contestant.statements),
    ]);
  }
  for (const line of table(rows)) print(`  ${line}`);
  print();
  const labelWidth = Math.max(...labels.map((label) => label.length));
  for (const label of labels) {
    const ofEngine = contestants.filter((contestant) => contestant.label === label);
    const ratios = ofEngine.slice(1).map((larger, i) => {
      const smaller = ofEngine[i]!;
      const ratio = median(larger.times) / larger.size / (median(smaller.times) / smaller.size);
      return `${larger.size.toLocaleString("en-US")} vs ${smaller.size.toLocaleString("en-US")}: ${ratio.toFixed(2)} ×`;
    });
    if (ratios.length > 0) print(`  ${label.padEnd(labelWidth)}  time per organization, ${ratios.join("; ")}`);
  }
  print("  (≈ 1 ×: the time grows linearly with the organizations; < 1 ×: a fixed cost spreads over more of them)");
  const statementCounts = new Set(contestants.map((contestant) => contestant.statements));
  print(`  statements per call: ${[...statementCounts].join(", ")} ${statementCounts.size === 1 ? "whatever the size and engine" : "(they differ!)"}`);

  // The answer as GET /api/employee/portfolio sends it, at the largest size; both engines must agree.
  const largest = contestants.filter((contestant) => contestant.size === SIZES[SIZES.length - 1]);
  const generatedAt = new Date();
  const answers = await Promise.all(largest.map(async (contestant) => JSON.stringify(await getPortfolio({ db: contestant.db }, generatedAt))));
  const json = answers[0]!;
  const bytes = Buffer.byteLength(json);
  print(
    `  portfolio JSON for ${largest[0]!.size.toLocaleString("en-US")} organizations: ${(bytes / 1024).toFixed(1)} KB ` +
      `(${(bytes / largest[0]!.size).toFixed(0)} bytes each), ${(gzipSync(json).length / 1024).toFixed(1)} KB gzipped`,
  );
  const agree = answers.every((answer) => answer === json);
  const compared = largest.map((contestant) => contestant.label).join(", ");
  if (largest.length > 1) print(`  ${agree ? `the same portfolio, byte for byte, from ${compared}` : `DIFFERENT PORTFOLIOS from ${compared}`}`);

  if (EXPLAIN) {
    print();
    print("EXPLAIN ANALYZE of the facts statement (each column's correlated subquery, run once per organization):");
    const postgres = largest.find((contestant) => contestant.engine === "postgres");
    if (postgres) {
      const settings = await postgres.raw("select name, setting from pg_settings where name in ('jit', 'jit_above_cost', 'jit_inline_above_cost', 'jit_optimize_above_cost') order by name", []);
      print(`  PostgreSQL's settings: ${settings.map((setting) => `${String(setting.name)} = ${String(setting.setting)}`).join(", ")}`);
    }
    for (const contestant of largest) await explainFacts(contestant);
  }
  print();
  print(`total ${seconds(started)}`);
  if (!agree) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  process.stderr.write(`benchmark failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
} finally {
  await runCleanups();
}
