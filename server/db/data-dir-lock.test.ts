import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type LockOwner, describeThisProcess, lockDataDir } from "./data-dir-lock.ts";
import { openPgliteDatabase } from "./open-pglite.ts";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function temporaryDataDir(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "portal-lock-"));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  return path.join(root, "data");
}

/** A lock as another process left it: its owner record, its heartbeat `ageMs` old. */
async function leaveLock(dataDir: string, owner: LockOwner, ageMs = 0): Promise<void> {
  const lockDir = path.join(dataDir, "portal.lock");
  await mkdir(lockDir, { recursive: true });
  await writeFile(path.join(lockDir, "owner.json"), JSON.stringify(owner));
  const when = new Date(Date.now() - ageMs);
  await utimes(lockDir, when, when);
}

/** Another process takes the lock and is killed with SIGKILL while holding it; resolves to its pid. */
function lockInProcessKilledHard(dataDir: string): Promise<number> {
  const script = `import("./server/db/data-dir-lock.ts").then((m) => m.lockDataDir(${JSON.stringify(dataDir)})).then(() => { console.log("locked"); setInterval(() => {}, 1000); });`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => (signal === "SIGKILL" ? resolve(child.pid!) : reject(new Error(`the locking process exited with ${code}`))));
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("locked")) child.kill("SIGKILL");
    });
  });
}

describe("the embedded database folder", () => {
  it("is created with its parents, and a second opener is refused with a clear message until the first closes", async () => {
    const dataDir = path.join(await temporaryDataDir(), "nested");

    const first = await openPgliteDatabase(dataDir);
    await expect(openPgliteDatabase(dataDir)).rejects.toThrow(/in use by another portal process \(process \d+ on /);
    await first.close();

    const second = await openPgliteDatabase(dataDir);
    await second.ping();
    await second.close();
  });

  it("is taken at once when the process holding its lock was killed with SIGKILL", { timeout: 120_000 }, async () => {
    const dataDir = await temporaryDataDir();
    const killedPid = await lockInProcessKilledHard(dataDir);

    const takenFrom: (LockOwner | null)[] = [];
    const release = await lockDataDir(dataDir, { onStaleLockTaken: (owner) => takenFrom.push(owner) });
    expect(takenFrom.map((owner) => owner?.pid)).toEqual([killedPid]);
    await expect(lockDataDir(dataDir)).rejects.toThrow(/in use by another portal process/);
    await release();
  });

  it.runIf(process.platform === "linux")("is taken when its owner's pid now belongs to another process (another start time)", async () => {
    const dataDir = await temporaryDataDir();
    const me = describeThisProcess();
    await leaveLock(dataDir, { ...me, startTime: String(Number(me.startTime) - 1) });
    const release = await lockDataDir(dataDir);
    await release();
  });

  it("is refused while its owner runs on this machine, however old its heartbeat", async () => {
    const dataDir = await temporaryDataDir();
    await leaveLock(dataDir, describeThisProcess(), 60_000);
    await expect(lockDataDir(dataDir)).rejects.toThrow(/in use by another portal process/);
  });

  it("held from another machine, is refused while its heartbeat is fresh and taken once it is 15 s old", async () => {
    const dataDir = await temporaryDataDir();
    const elsewhere = { ...describeThisProcess(), host: "another-machine.example" };
    await leaveLock(dataDir, elsewhere);
    await expect(lockDataDir(dataDir)).rejects.toThrow(/process \d+ on another-machine\.example/);

    await leaveLock(dataDir, elsewhere, 16_000);
    const release = await lockDataDir(dataDir);
    await release();
  });
});
