import { mkdir } from "node:fs/promises";
import path from "node:path";
import lockfile from "proper-lockfile";

/**
 * Locks the embedded database's folder for this process. PGlite does not lock its directory, and
 * two processes writing one data directory lose data, so a second server or a CLI run gets a
 * clear error instead. A lock left by a crashed process goes stale after 15 s.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, "portal.lock"),
      stale: 15_000,
      update: 2_000,
      realpath: false,
      // If the lock is ever lost, proper-lockfile throws and the process stops: carrying on
      // could let a second process write the same folder.
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new Error(
        `The embedded database in ${path.resolve(dataDir)} is in use by another portal process ` +
          `(a running server or CLI command). Stop that process first, run the command through it, ` +
          `or set DATA_DIR to another folder.`,
        { cause: error },
      );
    }
    throw error;
  }
}
