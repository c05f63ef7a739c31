import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureServerBuild } from "../scripts/build-server.ts";
import { findFreePort, signInDemoMember, spawnPortalProcess, waitUntilReady } from "../tests/portal-process.ts";

/**
 * Reliability bar 6 and the hardening issue's "starts again within 2 s": the portal as `npm start`
 * runs it (the server's build) on an embedded database, killed with SIGKILL after a write, started
 * again on the same data. Prints the time from the new process's start to /readyz answering 200,
 * for each of BENCH_ROUNDS restarts (default 5), and their median against the 2 s goal. Run alone:
 * the figure is the machine's, and another process on the two cores doubles it.
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GOAL_MS = 2_000;

await ensureServerBuild();
const root = await mkdtemp(path.join(tmpdir(), "portal-bench-restart-"));
const port = await findFreePort();
const settings = { DATA_DIR: path.join(root, "data"), STORAGE_DIR: path.join(root, "storage"), WEB_DIST_DIR: path.join(root, "no-web") };
try {
  // The first start creates, migrates and seeds the database: not a restart, not measured.
  let portal = spawnPortalProcess(settings, port);
  await waitUntilReady(portal, performance.now(), 240_000);
  const cookie = await signInDemoMember(portal.url);
  const readyTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // A write acknowledged just before the kill; the session itself survives the restarts.
    const written = await fetch(`${portal.url}/api/me/profile`, {
      method: "PATCH",
      headers: { cookie, origin: portal.url, "content-type": "application/json" },
      body: JSON.stringify({ full_name: `Dana Round ${round}`, company_role: null }),
    });
    if (written.status !== 200) throw new Error(`the write before the kill answered ${written.status}`);
    portal.child.kill("SIGKILL");
    await portal.exited;
    const startedAt = performance.now();
    portal = spawnPortalProcess(settings, port);
    readyTimes.push(await waitUntilReady(portal, startedAt, 60_000));
    const me = (await (await fetch(`${portal.url}/api/me`, { headers: { cookie } })).json()) as { full_name: string };
    if (me.full_name !== `Dana Round ${round}`) throw new Error(`the acknowledged write was lost: ${me.full_name}`);
  }
  await portal.stop();
  const sorted = [...readyTimes].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  process.stdout.write(
    `Restart after SIGKILL (embedded database, server build): ready in ${readyTimes.map((ms) => Math.round(ms)).join(", ")} ms; ` +
      `median ${Math.round(median)} ms = ${(median / GOAL_MS).toFixed(2)} × the ${GOAL_MS} ms goal\n`,
  );
} finally {
  await rm(root, { recursive: true, force: true });
}
