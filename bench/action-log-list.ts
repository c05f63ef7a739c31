/**
 * The action log of a large organization (20,000 entries) against a small one (50), side by side
 * in one portal on an embedded database: the p95 of the list's first page (GET /api/action-logs)
 * and of a filtered search (open high-priority risks matching a word), requests interleaved
 * (goal: large ≤ 1.5 × small). It only prints. `BENCH_ACTION_LOG_ROUNDS` (default 300) requests
 * per read and organization; `BENCH_ACTION_LOG_ENTRIES` (default 20000) entries in the large one.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { ACTION_LOG_PRIORITIES, ACTION_LOG_STATUSES, ACTION_LOG_TYPES, IMPACT_LEVELS, LIKELIHOODS } from "#common/domain/action-log";
import { openMemoryPglite } from "#server/db/open-pglite";
import { actionLogCounters, actionLogs, ndas } from "#server/db/schema/index";
import { buildConfig, parseEnv } from "#server/env";
import { createOrganization } from "#server/features/organizations/organizations.service";
import { ensureDefaultCatalog } from "#server/features/pricing-catalog/catalog-seed";
import { createUser } from "#server/features/users/users.service";
import { createLogger } from "#server/lib/logger";
import { createRuntime } from "#server/runtime";
import { median } from "./measure.ts";

const ROUNDS = Number(process.env.BENCH_ACTION_LOG_ROUNDS ?? 300);
const LARGE = Number(process.env.BENCH_ACTION_LOG_ENTRIES ?? 20_000);
const SMALL = 50;
const PASSWORD = "bench-action-log-password";
const WORDS = ["invoice", "warehouse", "payroll", "migration", "training", "approval", "customs", "ledger", "report", "vendor"];

interface Member {
  name: string;
  cookie: string;
}

/** Entries spread over every type, status and priority, with words to search for. */
function buildEntries(organizationId: string, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    organizationId,
    number: index + 1,
    title: `${WORDS[index % WORDS.length]} ${WORDS[(index * 7) % WORDS.length]} item ${index + 1}`,
    description: `Details of ${WORDS[(index * 3) % WORDS.length]} work number ${index + 1}.`,
    actionLogType: ACTION_LOG_TYPES[index % ACTION_LOG_TYPES.length]!,
    status: ACTION_LOG_STATUSES[index % ACTION_LOG_STATUSES.length]!,
    priority: ACTION_LOG_PRIORITIES[(index * 5) % ACTION_LOG_PRIORITIES.length]!,
    impactLevel: IMPACT_LEVELS[index % IMPACT_LEVELS.length]!,
    likelihood: LIKELIHOODS[(index * 3) % LIKELIHOODS.length]!,
    createdAt: new Date(Date.now() - (count - index) * 60_000),
  }));
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

async function main() {
  const scratch = await mkdtemp(join(tmpdir(), "portal-bench-action-log-"));
  const database = await openMemoryPglite();
  await database.migrate();
  await ensureDefaultCatalog(database.db);
  const env = parseEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", PUBLIC_URL: "http://127.0.0.1", TRUST_PROXY: "true", STORAGE_DIR: join(scratch, "files") });
  const runtime = await createRuntime(buildConfig(env), database, createLogger("silent"));
  const server = serve({ fetch: runtime.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function organizationWith(name: string, entries: number): Promise<{ name: string; email: string }> {
    const organization = await createOrganization(database.db, `Action log bench ${name}`);
    const email = `action-log-${name}@bench.test`;
    await createUser(runtime.auth, database.db, { email, password: PASSWORD, organizationId: organization.id, isEmployee: false, fullName: "Bench Member", companyRole: null });
    await database.db.insert(ndas).values({
      organizationId: organization.id, status: "signed-by-prospect", templateVersion: 1, title: "Mutual NDA", body: "The parties agree.",
      memberSignerName: "Bench Member", memberSignerTitle: "CEO", memberSignerEmail: email, memberSignedAt: new Date(),
    });
    const rows = buildEntries(organization.id, entries);
    for (let start = 0; start < rows.length; start += 1_000) await database.db.insert(actionLogs).values(rows.slice(start, start + 1_000));
    await database.db.insert(actionLogCounters).values({ organizationId: organization.id, lastNumber: entries });
    return { name, email };
  }

  // Signed in once every row is in: a connection kept alive through the long inserts is closed by then.
  async function signIn({ name, email }: { name: string; email: string }): Promise<Member> {
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: "http://127.0.0.1", "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const cookie = signIn.headers.getSetCookie().map((line) => line.split(";")[0] ?? "").find((line) => line.includes("session_token"));
    if (!cookie) throw new Error(`${name}: sign-in answered ${signIn.status}`);
    return { name, cookie };
  }

  async function timeOnce(member: Member, path: string): Promise<number> {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { cookie: member.cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${member.name} ${path} answered ${response.status}`);
    return performance.now() - started;
  }

  try {
    const loadStarted = performance.now();
    const organizations = [await organizationWith("small", SMALL), await organizationWith("large", LARGE)];
    const members = [await signIn(organizations[0]!), await signIn(organizations[1]!)];
    await database.db.execute("analyze");
    console.log(`action log: ${SMALL} and ${LARGE} entries loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
    const reads = [
      { label: "first page (50, newest)", path: "/api/action-logs" },
      { label: "filtered search", path: "/api/action-logs?page=risks&status=active&priority=High&q=ware" },
    ];
    for (const read of reads) {
      // Warm both before measuring (statement plans, caches).
      for (const member of members) for (let round = 0; round < 10; round += 1) await timeOnce(member, read.path);
    }
    console.log(`\nread (${ROUNDS} rounds, interleaved)   small p95  large p95  ratio  (goal ≤ 1.5)  medians`);
    for (const read of reads) {
      const times: number[][] = [[], []];
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const which of round % 2 === 0 ? [0, 1] : [1, 0]) times[which]!.push(await timeOnce(members[which]!, read.path));
      }
      const [small, large] = times.map(p95) as [number, number];
      const medians = times.map((list) => median(list).toFixed(1)).join(" / ");
      console.log(`${read.label.padEnd(36)}${small.toFixed(1).padStart(7)} ms${large.toFixed(1).padStart(8)} ms${(large / small).toFixed(2).padStart(7)} ×   ${medians} ms`);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await runtime.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
