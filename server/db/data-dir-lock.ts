import { readFileSync, readlinkSync } from "node:fs";
import { mkdir, readFile, rename, rm, rmdir, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * Locks the embedded database's folder for this process. PGlite does not lock its directory, and
 * two processes writing one data directory lose data, so a second server or a CLI run gets a
 * clear error instead.
 *
 * The lock is a folder (mkdir is atomic) holding its owner: process id, the process's start time
 * and where it runs. A lock whose owner is gone (killed with SIGKILL, crashed) is taken over at
 * once. Only an owner this process cannot see (another machine or container sharing the folder)
 * is judged by its heartbeat, and goes stale after STALE_AFTER_MS.
 */

const LOCK_FOLDER = "portal.lock";
const OWNER_FILE = "owner.json";
const HEARTBEAT_MS = 2_000;
const STALE_AFTER_MS = 15_000;
const TAKEOVER_ATTEMPTS = 5;

export interface LockOwner {
  pid: number;
  /** Linux: the start time in /proc/<pid>/stat (field 22), so that a reused pid is not taken for the owner. */
  startTime: string | null;
  host: string;
  /** Linux: boot id and pid namespace; pids are comparable only within the same ones. */
  processTable: string | null;
}

function readProcessStat(pid: number): { state: string; startTime: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its end.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", startTime: fields[19] ?? "" };
  } catch {
    return null;
  }
}

function readProcessTable(): string | null {
  if (process.platform !== "linux") return process.platform;
  try {
    const bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return `${bootId}/${readlinkSync("/proc/self/ns/pid")}`;
  } catch {
    return null;
  }
}

export function describeThisProcess(): LockOwner {
  const startTime = process.platform === "linux" ? (readProcessStat(process.pid)?.startTime ?? null) : null;
  return { pid: process.pid, startTime, host: os.hostname(), processTable: readProcessTable() };
}

/** Whether this process can tell if `owner` runs: same machine, same pid namespace. */
function canSeeProcessesOf(owner: LockOwner): boolean {
  const processTable = readProcessTable();
  return processTable !== null && owner.host === os.hostname() && owner.processTable === processTable;
}

/** Whether the lock's owner still runs; for an owner this process can see (canSeeProcessesOf). */
export function isLockOwnerRunning(owner: LockOwner): boolean {
  const found = process.platform === "linux" && owner.startTime !== null ? readProcessStat(owner.pid) : null;
  if (found) {
    // A zombie (Z) or dead (X) process writes nothing more; another start time is a reused pid.
    return found.state !== "Z" && found.state !== "X" && found.startTime === owner.startTime;
  }
  // Elsewhere, or a process /proc does not show us (hidepid): whether the pid exists at all.
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

interface LockState {
  owner: LockOwner | null;
  /** What the lock held when read: a takeover removes it only if it still holds the same. */
  fingerprint: string;
  heartbeatAgeMs: number;
}

async function readLock(lockDir: string): Promise<LockState | null> {
  let modified: number;
  try {
    modified = (await stat(lockDir)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const text = await readFile(path.join(lockDir, OWNER_FILE), "utf8").catch(() => null);
  let owner: LockOwner | null = null;
  try {
    owner = text === null ? null : (JSON.parse(text) as LockOwner);
  } catch {
    // Unreadable: judged by its heartbeat like a lock without an owner.
  }
  return { owner, fingerprint: text ?? `no owner, modified ${modified}`, heartbeatAgeMs: Date.now() - modified };
}

function isStale(lock: LockState): boolean {
  // No owner yet: just created (its owner is being written), or left by an older portal.
  if (!lock.owner || typeof lock.owner.pid !== "number" || !canSeeProcessesOf(lock.owner)) {
    return lock.heartbeatAgeMs > STALE_AFTER_MS;
  }
  return !isLockOwnerRunning(lock.owner);
}

/** Removes a stale lock, unless another process has already replaced it; true when removed. */
async function removeStaleLock(lockDir: string, fingerprint: string): Promise<boolean> {
  // Two processes starting together must not both take over: one at a time, behind a guard.
  const guard = `${lockDir}.takeover`;
  try {
    await mkdir(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const guardAge = await stat(guard).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (guardAge > STALE_AFTER_MS) await rm(guard, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 50));
    return false;
  }
  try {
    if ((await readLock(lockDir))?.fingerprint !== fingerprint) return false;
    await rm(lockDir, { recursive: true, force: true });
    return true;
  } finally {
    await rmdir(guard).catch(() => {});
  }
}

function inUseError(dataDir: string, owner: LockOwner | null, cause?: unknown): Error {
  const holder = owner ? ` (process ${owner.pid} on ${owner.host})` : "";
  return new Error(
    `The embedded database in ${path.resolve(dataDir)} is in use by another portal process${holder} ` +
      `(a running server or CLI command). Stop that process first, run the command through it, ` +
      `or set DATA_DIR to another folder.`,
    { cause },
  );
}

export interface LockOptions {
  /** Told when a lock left by a process that is gone was taken over. */
  onStaleLockTaken?: (previousOwner: LockOwner | null) => void;
}

/** Takes the lock of `dataDir` (created when missing); resolves to its release. */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockDir = path.join(dataDir, LOCK_FOLDER);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await mkdir(lockDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const lock = await readLock(lockDir);
      if (lock && !isStale(lock)) throw inUseError(dataDir, lock.owner, error);
      if (attempt === TAKEOVER_ATTEMPTS) throw inUseError(dataDir, lock?.owner ?? null, error);
      if (lock && (await removeStaleLock(lockDir, lock.fingerprint))) options.onStaleLockTaken?.(lock.owner);
      continue;
    }
    return holdLock(lockDir, describeThisProcess());
  }
}

async function holdLock(lockDir: string, me: LockOwner): Promise<() => Promise<void>> {
  const ownerText = JSON.stringify(me);
  const ownerPath = path.join(lockDir, OWNER_FILE);
  // Written aside and renamed, so a reader never sees half an owner.
  const partialPath = `${ownerPath}.${me.pid}`;
  try {
    await writeFile(partialPath, ownerText);
    await rename(partialPath, ownerPath);
  } catch (error) {
    await rm(lockDir, { recursive: true, force: true });
    throw error;
  }

  const stillOurs = () => readFile(ownerPath, "utf8").then((text) => text === ownerText, () => false);
  let released = false;
  let timer: NodeJS.Timeout | undefined;
  const beat = async () => {
    const ours = await stillOurs();
    if (released) return;
    if (!ours) {
      // Carrying on could let two processes write the same folder: stop the process.
      throw new Error(`The lock of the embedded database in ${path.dirname(lockDir)} was taken by another process`);
    }
    await utimes(lockDir, new Date(), new Date()).catch(() => {});
    if (!released) timer = setTimeout(() => void beat(), HEARTBEAT_MS).unref();
  };
  timer = setTimeout(() => void beat(), HEARTBEAT_MS).unref();

  return async () => {
    released = true;
    clearTimeout(timer);
    if (await stillOurs()) await rm(lockDir, { recursive: true, force: true });
  };
}
