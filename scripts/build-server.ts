import { existsSync, readdirSync, statSync } from "node:fs";
import { cp, rename, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

/**
 * The server as `npm start` runs it (decision 035): `server/main.ts` and everything it imports
 * from the repository bundled into `dist/server/` as JavaScript, node_modules left to Node. Files
 * the server reads next to its code (the migrations, the default catalog and curriculum) are copied beside the
 * bundle, where `import.meta.url` points.
 */

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const SERVER_BUILD_DIR = path.join(ROOT, "dist", "server");
export const SERVER_BUILD_ENTRY = path.join(SERVER_BUILD_DIR, "main.js");

export async function buildServer(): Promise<void> {
  // Built beside the live folder and swapped in, so a running test never sees half a build.
  const staging = `${SERVER_BUILD_DIR}-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: ["server/main.ts"],
    outdir: staging,
    bundle: true,
    // Lazily imported modules (the NDA's PDF renderer) stay separate files, loaded when used.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  await cp(path.join(ROOT, "server", "db", "migrations"), path.join(staging, "migrations"), { recursive: true });
  await cp(path.join(ROOT, "server", "features", "pricing-catalog", "default-catalog.csv"), path.join(staging, "default-catalog.csv"));
  await cp(path.join(ROOT, "server", "features", "curriculum", "default-curriculum"), path.join(staging, "default-curriculum"), { recursive: true });
  const previous = `${staging}-previous`;
  await rename(SERVER_BUILD_DIR, previous).catch(() => {});
  await rename(staging, SERVER_BUILD_DIR);
  await rm(previous, { recursive: true, force: true });
}

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestChange(path.join(entry, child))), stats.mtimeMs);
}

/** "missing" or "changed" when the built file is missing or older than one of its sources (paths from the root); else null. */
export function findStaleness(built: string, sources: readonly string[]): "missing" | "changed" | null {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map((source) => newestChange(path.join(ROOT, source))))) return null;
  return builtAt === 0 ? "missing" : "changed";
}

/** Builds the server when its bundle is missing or older than its sources; says which it was, or null. */
export async function ensureServerBuild(): Promise<"missing" | "changed" | null> {
  const staleness = findStaleness(SERVER_BUILD_ENTRY, ["server", "common", "package.json", path.join("scripts", "build-server.ts")]);
  if (staleness) await buildServer();
  return staleness;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
}
