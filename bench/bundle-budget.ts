import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Initial JavaScript per page against the budget of performance bar 4, read from the Vite build
 * manifest: the entry chunk, the lazy route chunks the page matches (React Router loads them side
 * by side) and every chunk those import statically. Shared by `npm run bench` and the check in
 * `npm test`, so both count the same bytes.
 */
export const BUDGET_KB = 150;

/**
 * What `npm test` lets each page load. A page over the budget gets its size on main, rounded up,
 * as a ceiling that only comes down (decision 028); a page within it never gets a ceiling above
 * BUDGET_KB. The dashboard is over since the launch plan's routes joined the router table
 * (decision 038), and more with the action log's routes, Get Help and the bell (decision 042) and
 * the journey's fixes (decision 045); lean class merging and query modules apart from mutations
 * brought it down again (decision 048).
 */
export const PAGE_CEILINGS_KB = { auth: 150, dashboard: 152 } as const;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The lazy routes every signed-in page matches before its own: session, shell and access guard, one chunk. */
const SIGNED_IN_ROUTES = ["app/signed-in-routes.ts"];

/** Each budgeted page with the manifest keys (source paths under web/) of its lazy routes. */
export const BUDGETED_PAGES: readonly { label: string; routes: readonly string[]; ceilingKb: number }[] = [
  { label: "/auth (sign-in)", routes: ["features/auth/pages/sign-in-page.tsx"], ceilingKb: PAGE_CEILINGS_KB.auth },
  { label: "/dashboard (first page after sign-in)", routes: [...SIGNED_IN_ROUTES, "features/dashboard/dashboard-page.tsx"], ceilingKb: PAGE_CEILINGS_KB.dashboard },
];

export interface PageWeight {
  label: string;
  kb: number;
  /** The most `npm test` accepts for this page today (see PAGE_CEILINGS_KB). */
  ceilingKb: number;
  files: string[];
}

export function manifestPath(distDir: string): string {
  return path.join(distDir, ".vite", "manifest.json");
}

export function readManifest(distDir: string): Manifest {
  const file = manifestPath(distDir);
  if (!existsSync(file)) throw new Error(`no build manifest at ${file}: run the web build first`);
  return JSON.parse(readFileSync(file, "utf8")) as Manifest;
}

function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.isEntry);
  if (!key) throw new Error("the build manifest names no entry");
  return key;
}

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build manifest has no chunk for ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export function measurePages(distDir: string, manifest = readManifest(distDir)): PageWeight[] {
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024;
  return BUDGETED_PAGES.map(({ label, routes, ceilingKb }) => {
    const files = staticClosure(manifest, entryKey(manifest));
    for (const route of routes) staticClosure(manifest, route, files);
    const scripts = [...files].filter((file) => file.endsWith(".js"));
    return { label, kb: scripts.reduce((sum, file) => sum + gzipKb(file), 0), files: scripts, ceilingKb };
  });
}

/** Pages (any `*-page.tsx`) the entry loads eagerly instead of as lazy chunks: there should be none. */
export function eagerPages(manifest: Manifest): string[] {
  const eager = staticClosure(manifest, entryKey(manifest));
  return Object.entries(manifest)
    .filter(([key, chunk]) => key.endsWith("-page.tsx") && eager.has(chunk.file))
    .map(([key]) => key);
}

export function formatPageWeights(weights: readonly PageWeight[]): string {
  const rows = weights.map(({ label, kb }) => {
    const ratio = kb / BUDGET_KB;
    return `${label.padEnd(40)}${kb.toFixed(1).padStart(8)}${ratio.toFixed(2).padStart(11)}  ${ratio <= 1 ? "yes" : "NO"}`;
  });
  const header = `${"page".padEnd(40)}${"KB".padStart(8)}${"× budget".padStart(11)}  within`;
  return [`Initial JavaScript per page, gzip -9, budget ${BUDGET_KB} KB`, header, ...rows].join("\n");
}
