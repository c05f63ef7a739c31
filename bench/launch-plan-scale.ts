/**
 * The launch plan on a large curriculum (50 milestones × 8 courses × 10 lessons × 10 topics)
 * against the default one, side by side in one process: for each, a portal on an embedded
 * database of its own, an organization with its launchpad complete, and
 *   - the API calls the Launch Plan page and a course page make in Chromium (goal ≤ 2 each),
 *   - the statements each read runs (the same on both: no query per lesson or topic),
 *   - the p95 of GET /api/launch-plan and of a course, interleaved (goal: large ≤ 1.5 × default).
 * It only prints. `BENCH_PLAN_ROUNDS` (default 200) requests per read and curriculum.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { chromium } from "@playwright/test";
import { LAUNCHPAD_PAGE_IDS } from "#common/domain/launchpad";
import { openMemoryPglite } from "#server/db/open-pglite";
import { launchpadProgress } from "#server/db/schema/index";
import { buildConfig, parseEnv } from "#server/env";
import type { Curriculum } from "#server/features/curriculum/curriculum-manifest";
import { ensureDefaultCurriculum } from "#server/features/curriculum/curriculum-seed";
import { importCurriculum } from "#server/features/curriculum/import-curriculum";
import { createOrganization } from "#server/features/organizations/organizations.service";
import { ensureDefaultCatalog } from "#server/features/pricing-catalog/catalog-seed";
import { createUser } from "#server/features/users/users.service";
import { createLogger } from "#server/lib/logger";
import { type Runtime, createRuntime } from "#server/runtime";
import { median } from "./measure.ts";

const ROUNDS = Number(process.env.BENCH_PLAN_ROUNDS ?? 200);
const PASSWORD = "bench-launch-plan-password";
const WEB_DIST = fileURLToPath(new URL("../dist/web", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** 50 × 8 × 10 × 10: every milestone needs the one before it, every topic is a short reading. */
export function buildLargeCurriculum(): Curriculum {
  const curriculum: Curriculum = { milestones: [], courses: [], lessons: [], topics: [], configuration_questions: [] };
  for (let m = 1; m <= 50; m += 1) {
    const courseKeys: string[] = [];
    for (let c = 1; c <= 8; c += 1) {
      const courseKey = `c-${m}-${c}`;
      courseKeys.push(courseKey);
      const lessonKeys: string[] = [];
      for (let l = 1; l <= 10; l += 1) {
        const lessonKey = `l-${m}-${c}-${l}`;
        lessonKeys.push(lessonKey);
        const topicKeys = Array.from({ length: 10 }, (_, t) => `t-${m}-${c}-${l}-${t + 1}`);
        for (const key of topicKeys) {
          curriculum.topics.push({ key, title: `Topic ${key}`, type: "reading", body: `topics/${key}.md`, questions: [], body_markdown: `# ${key}\n\nRead this.\n` });
        }
        curriculum.lessons.push({ key: lessonKey, title: `Lesson ${lessonKey}`, topics: topicKeys, questions: [] });
      }
      curriculum.courses.push({ key: courseKey, title: `Course ${courseKey}`, modules: [], sidebar: true, lessons: lessonKeys });
    }
    curriculum.milestones.push({ key: `m-${m}`, title: `Milestone ${m}`, goals: ["Finish it"], prerequisites: m > 1 ? [`m-${m - 1}`] : [], modules: [], courses: courseKeys });
  }
  return curriculum;
}

interface Portal {
  name: string;
  runtime: Runtime;
  url: string;
  cookie: string;
  courseId: string;
  close(): Promise<void>;
}

async function startPortal(name: string, load: (runtime: Runtime) => Promise<unknown>): Promise<Portal> {
  const scratch = await mkdtemp(join(tmpdir(), "portal-bench-plan-"));
  const database = await openMemoryPglite();
  await database.migrate();
  await ensureDefaultCatalog(database.db);
  const env = parseEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", PUBLIC_URL: "http://127.0.0.1", TRUST_PROXY: "true", STORAGE_DIR: join(scratch, "files") });
  const runtime = await createRuntime(buildConfig(env), database, createLogger("silent"), { webDistDir: WEB_DIST });
  await load(runtime);
  const organization = await createOrganization(database.db, `Plan bench ${name}`);
  const email = `plan-${name}@bench.test`;
  await createUser(runtime.auth, database.db, { email, password: PASSWORD, organizationId: organization.id, isEmployee: false, fullName: "Bench Member", companyRole: null });
  await database.db.insert(launchpadProgress).values(LAUNCHPAD_PAGE_IDS.map((pageId) => ({ organizationId: organization.id, pageId, isCompleted: true, completedAt: new Date() })));
  const server = serve({ fetch: runtime.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    // The portal's PUBLIC_URL origin (the port is picked after the portal is built).
    headers: { origin: "http://127.0.0.1", "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = signIn.headers.getSetCookie().map((line) => line.split(";")[0] ?? "").find((line) => line.includes("session_token"));
  if (!cookie) throw new Error(`${name}: sign-in answered ${signIn.status}`);
  const plan = (await (await fetch(`${url}/api/launch-plan`, { headers: { cookie } })).json()) as { milestones: { courses: { id: string }[] }[] };
  const courseId = plan.milestones[0]?.courses[0]?.id;
  if (!courseId) throw new Error(`${name}: the plan has no course`);
  return {
    name,
    runtime,
    url,
    cookie,
    courseId,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await runtime.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

/** API calls a page makes in Chromium until the network is idle. */
async function countPageCalls(portal: Portal, path: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const context = await browser.newContext({ baseURL: portal.url });
    const [name, value] = portal.cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: portal.url }]);
    const page = await context.newPage();
    let calls = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/launch-plan")) calls += 1;
    });
    await page.goto(path, { waitUntil: "networkidle" });
    return calls;
  } finally {
    await browser.close();
  }
}

function countSelects(portal: Portal, path: string): Promise<number> {
  const db = portal.runtime.database.db;
  const original = db.select.bind(db);
  let selects = 0;
  db.select = ((...args: Parameters<typeof original>) => {
    selects += 1;
    return original(...args);
  }) as typeof db.select;
  return fetch(`${portal.url}${path}`, { headers: { cookie: portal.cookie } })
    .then((response) => response.arrayBuffer())
    .then(() => selects)
    .finally(() => {
      db.select = original;
    });
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

async function timeOnce(portal: Portal, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${portal.url}${path}`, { headers: { cookie: portal.cookie } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${portal.name} ${path} answered ${response.status}`);
  return performance.now() - started;
}

async function main() {
  if (!existsSync(join(WEB_DIST, "index.html"))) throw new Error("dist/web is missing: run `npm run build` first");
  const large = buildLargeCurriculum();
  console.log(`launch plan on a large curriculum: ${large.milestones.length} milestones, ${large.courses.length} courses, ${large.lessons.length} lessons, ${large.topics.length} topics`);
  const loadStarted = performance.now();
  const portals = [
    await startPortal("default", (runtime) => ensureDefaultCurriculum(runtime.database.db)),
    await startPortal("large", (runtime) => importCurriculum(runtime.database.db, large)),
  ];
  console.log(`both portals ready in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
  try {
    const reads = (portal: Portal) => [
      { label: "GET /api/launch-plan", path: "/api/launch-plan" },
      { label: "GET a course", path: `/api/launch-plan/courses/${portal.courseId}` },
    ];
    console.log("\npage                       default calls  large calls  (goal ≤ 2)");
    for (const [label, path] of [["Launch Plan", "/system-refinement"], ["a course page", (portal: Portal) => `/course/${portal.courseId}`]] as const) {
      const counts = await Promise.all(portals.map((portal) => countPageCalls(portal, typeof path === "string" ? path : path(portal))));
      console.log(`${label.padEnd(27)}${String(counts[0]).padStart(13)}${String(counts[1]).padStart(13)}`);
    }
    console.log("\nread                       default stmts  large stmts");
    for (const index of [0, 1]) {
      const counts = await Promise.all(portals.map((portal) => countSelects(portal, reads(portal)[index]!.path)));
      console.log(`${reads(portals[0]!)[index]!.label.padEnd(27)}${String(counts[0]).padStart(13)}${String(counts[1]).padStart(13)}`);
    }
    console.log(`\nread (${ROUNDS} rounds, interleaved)  default p95  large p95  ratio  (goal ≤ 1.5)  medians`);
    for (const index of [0, 1]) {
      const times: number[][] = [[], []];
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [which, portal] of (round % 2 === 0 ? [0, 1] : [1, 0]).map((which) => [which, portals[which]!] as const)) {
          times[which]!.push(await timeOnce(portal, reads(portal)[index]!.path));
        }
      }
      const [base, big] = times.map(p95) as [number, number];
      const medians = times.map((list) => median(list).toFixed(1)).join(" / ");
      console.log(`${reads(portals[0]!)[index]!.label.padEnd(35)}${base.toFixed(1).padStart(9)} ms${big.toFixed(1).padStart(8)} ms${(big / base).toFixed(2).padStart(7)} ×   ${medians} ms`);
    }
  } finally {
    for (const portal of portals) await portal.close();
  }
}

await main();
