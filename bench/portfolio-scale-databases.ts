import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Database } from "#server/db/database";
import { MIGRATIONS_FOLDER } from "#server/db/migrate";
import { wrapPglite } from "#server/db/open-pglite";
import * as schema from "#server/db/schema/index";
import { ensureDefaultCurriculum } from "#server/features/curriculum/curriculum-seed";
import { selectReadinessFacts } from "#server/queries/readiness-facts.queries";
import type { OrganizationRows } from "./portfolio-scale-data.ts";
import { createPostgresDatabase, type TemporaryDatabase } from "./temporary-databases.ts";

/** bench/portfolio-scale.ts's databases: the contestants, loading them, and EXPLAIN ANALYZE of the facts statement. */

const {
  actionLogCounters,
  actionLogs,
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

export type Engine = "postgres" | "pglite";
export const ENGINE_LABELS: Record<Engine, string> = { postgres: "PostgreSQL", pglite: "PGlite" };

export const print = (line = "") => process.stdout.write(`${line}\n`);

/** Columns aligned: the ones named in `left` (the first by default) to the left, the others to the right. */
export function table(rows: string[][], left: readonly number[] = [0]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (left.includes(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ").trimEnd());
}

// ---- The contestants: a database of each engine for each size ----

export interface Contestant {
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

/** A statement's text, as node-postgres (a string or a config) and PGlite take it. */
function statementText(args: unknown[]): string {
  const first = args[0];
  return typeof first === "string" ? first : String((first as { text?: unknown } | undefined)?.text ?? "");
}

/** Transaction control (begin, commit, set local…): sent around a statement, not a read of its own. */
const isTransactionControl = (text: string) => /^\s*(begin|commit|rollback|set |savepoint|release)/i.test(text);

type Queryer = { query: (...args: unknown[]) => unknown };

/**
 * Counts the reads sent to the driver while `work` runs: its `query`, and the `query` of what a
 * transaction runs on (a pooled node-postgres client, a PGlite transaction), transaction control
 * left out. The facts statement runs in a transaction of its own (jit off), so both paths count.
 */
function statementCounter(driver: object) {
  let counting = false;
  let statements = 0;
  const wrap = (target: Queryer) => {
    if ((target as { counted?: boolean }).counted) return target;
    const original = target.query.bind(target);
    target.query = (...args: unknown[]) => {
      if (counting && !isTransactionControl(statementText(args))) statements += 1;
      return original(...args);
    };
    (target as { counted?: boolean }).counted = true;
    return target;
  };
  // A pool's own query checks a client out and runs it there: counted on the client only.
  if (!(driver instanceof pg.Pool)) wrap(driver as Queryer);
  type Callback = (error: unknown, client?: Queryer, release?: unknown) => void;
  const pooled = driver as { connect?: (callback?: Callback) => Promise<Queryer> | undefined };
  if (driver instanceof pg.Pool && pooled.connect) {
    const connect = pooled.connect.bind(driver);
    // node-postgres checks out clients with a callback, callers of the pool with a promise.
    pooled.connect = (callback?: Callback) =>
      callback ? connect((error, client, release) => callback(error, client && wrap(client), release)) : connect()?.then(wrap);
  }
  const transactional = driver as { transaction?: (work: (tx: Queryer) => Promise<unknown>) => Promise<unknown> };
  if (driver instanceof PGlite && transactional.transaction) {
    const transaction = transactional.transaction.bind(driver);
    transactional.transaction = (work) => transaction((tx) => work(wrap(tx)));
  }
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
export async function runCleanups() {
  while (cleanups.length > 0) await cleanups.pop()!().catch((error: unknown) => print(`cleanup failed: ${(error as Error).message}`));
}

/**
 * A migrated database with the default curriculum. PGlite runs in memory: the first of its
 * databases is made from scratch and dumped, the others start from that dump (creating one takes
 * seconds of WebAssembly). PostgreSQL: a fresh temporary database for each size, read by two
 * contestants: the server as configured, and connections that turn JIT compilation off.
 */
export async function openContestants(engine: Engine, size: number, pgliteSnapshot: { dump?: Blob }): Promise<Contestant[]> {
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

export async function load(contestant: Contestant, data: OrganizationRows[]): Promise<void> {
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

export async function explainFacts(contestant: Contestant): Promise<void> {
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

