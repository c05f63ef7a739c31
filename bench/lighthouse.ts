import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

/**
 * Lighthouse (mobile profile, its default simulated throttling) on `/auth` and on `/dashboard`
 * signed in as the demo member, against the built app served by the production server on a
 * throwaway embedded database (performance bar 4: performance ≥ 90, LCP ≤ 2.5 s, accessibility
 * 100). Each page runs BENCH_LIGHTHOUSE_RUNS times (3); the row is the run with the median score.
 * Only prints.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DEMO_MEMBER = { email: "member@demo.example", password: "demo-member-2026" };

interface Row {
  performance: number;
  accessibility: number;
  lcpSeconds: number;
  fcpSeconds: number;
  tbtMs: number;
  scriptKib: number;
  finalPath: string;
  failedAccessibility: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ready = await fetch(url).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer ${url} within 2 minutes`);
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(DEMO_MEMBER),
  });
  const session = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "").find((cookie) => cookie.includes("session_token"));
  if (!session) throw new Error(`the demo member could not sign in (status ${response.status})`);
  return session;
}

async function audit(url: string, chromePort: number, cookie?: string): Promise<Row> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, finalDisplayedUrl } = result.lhr;
  const requests = (audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const accessibilityRefs = categories.accessibility?.auditRefs ?? [];
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpSeconds: (audits["largest-contentful-paint"]?.numericValue ?? Number.NaN) / 1000,
    fcpSeconds: (audits["first-contentful-paint"]?.numericValue ?? Number.NaN) / 1000,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    scriptKib: requests.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    finalPath: new URL(finalDisplayedUrl).pathname,
    failedAccessibility: accessibilityRefs.filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0).map((ref) => ref.id),
  };
}

function medianRun(rows: Row[]): Row {
  const sorted = [...rows].sort((left, right) => left.performance - right.performance);
  return sorted[Math.floor(sorted.length / 2)] as Row;
}

function formatRow(label: string, row: Row): string {
  const goal = row.performance >= 90 && row.lcpSeconds <= 2.5 && row.accessibility === 100 ? "yes" : "NO";
  return [
    label.padEnd(12),
    String(row.performance).padStart(5),
    row.lcpSeconds.toFixed(1).padStart(7),
    row.fcpSeconds.toFixed(1).padStart(7),
    row.tbtMs.toFixed(0).padStart(7),
    String(row.accessibility).padStart(6),
    row.scriptKib.toFixed(0).padStart(9),
    `  ${goal.padEnd(4)}  ${row.finalPath}`,
  ].join("");
}

async function main() {
  if (!existsSync("dist/web/index.html")) {
    const build = spawnSync("npx", ["vite", "build", "--logLevel", "error"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath}: install it or set CHROMIUM_PATH`);

  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "lighthouse-data-"));
  const storageDir = mkdtempSync(path.join(tmpdir(), "lighthouse-storage-"));
  // Node itself with tsx's loader, so that stopping this one process stops the server.
  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, STORAGE_DIR: storageDir, NODE_ENV: "production", PORTAL_DEMO: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const chrome = await launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    await waitForServer(`${origin}/auth`, server);
    const cookie = await signIn(origin);
    const pages: [string, string, string | undefined][] = [
      ["/auth", `${origin}/auth`, undefined],
      ["/dashboard", `${origin}/dashboard`, cookie],
    ];
    console.log(`Lighthouse ${RUNS}× per page (mobile, simulated throttling); goal: performance ≥ 90, LCP ≤ 2.5 s, accessibility 100`);
    console.log(`${"page".padEnd(12)}${"perf".padStart(5)}${"LCP s".padStart(7)}${"FCP s".padStart(7)}${"TBT ms".padStart(7)}${"a11y".padStart(6)}${"JS KiB".padStart(9)}  goal  landed on`);
    for (const [label, url, pageCookie] of pages) {
      const rows: Row[] = [];
      for (let run = 0; run < RUNS; run += 1) rows.push(await audit(url, chrome.port, pageCookie));
      const row = medianRun(rows);
      console.log(formatRow(label, row));
      if (row.failedAccessibility.length > 0) console.log(`  accessibility audits failed: ${row.failedAccessibility.join(", ")}`);
    }
  } finally {
    chrome.kill();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(storageDir, { recursive: true, force: true });
  }
}

await main();
