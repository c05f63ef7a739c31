import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Initial JavaScript per page, gzip-compressed, against the budget of 150 KB (performance bar 4):
 * the entry chunk, the page's own lazy chunk, and every chunk those import statically.
 */
const BUDGET_KB = 150;
const distDir = path.resolve("dist/web");
const manifestPath = path.join(distDir, ".vite", "manifest.json");

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

// Always from a fresh build, so the figures are those of the sources as they are.
const build = spawnSync("npx", ["vite", "build", "--logLevel", "error"], { stdio: "inherit" });
if (build.status !== 0 || !existsSync(manifestPath)) process.exit(build.status ?? 1);
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;

function collectFiles(key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) collectFiles(imported, into);
  return into;
}

function gzipKb(file: string): number {
  return gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error("the build manifest names no entry");
/** Each page with the lazy chunks it needs besides the entry. */
const pages: [string, string[]][] = [
  ["/auth (sign-in)", ["features/auth/sign-in-page.tsx"]],
  ["/company (first page after sign-in)", ["app/shell/app-shell.tsx", "features/organizations/company-page.tsx"]],
];

console.log(`Initial JavaScript per page, gzip -9, budget ${BUDGET_KB} KB`);
console.log(`${"page".padEnd(40)}${"KB".padStart(8)}${"× budget".padStart(11)}  within`);
for (const [label, chunkKeys] of pages) {
  const files = collectFiles(entryKey, new Set());
  for (const key of chunkKeys) {
    if (!manifest[key]) throw new Error(`the build manifest has no chunk for ${key}`);
    collectFiles(key, files);
  }
  const kb = [...files].filter((file) => file.endsWith(".js")).reduce((sum, file) => sum + gzipKb(file), 0);
  const ratio = kb / BUDGET_KB;
  console.log(`${label.padEnd(40)}${kb.toFixed(1).padStart(8)}${ratio.toFixed(2).padStart(11)}  ${ratio <= 1 ? "yes" : "NO"}`);
}
