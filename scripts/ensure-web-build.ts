import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// `npm start` serves dist/web: build it first when it is missing or older than its sources.
const built = path.join("dist", "web", "index.html");
const sources = ["web", "common", "vite.config.ts", "package.json"];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestChange(path.join(entry, child))), stats.mtimeMs);
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestChange));
if (builtAt >= changedAt) process.exit(0);

process.stdout.write(builtAt === 0 ? "Building the web app…\n" : "The web app changed since its last build; rebuilding…\n");
const result = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" });
process.exit(result.status ?? 1);
