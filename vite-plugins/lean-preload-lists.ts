import type { Plugin } from "vite";

type BundleChunk = { fileName: string; isEntry: boolean; imports: string[]; dynamicImports: string[]; moduleIds: string[] };

/** The chunk files `roots` load statically, the roots included. */
function staticClosure(chunks: Map<string, BundleChunk>, roots: readonly BundleChunk[]): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root.fileName);
  return files;
}

const holds = (chunk: BundleChunk, suffix: string) => chunk.moduleIds.some((id) => id.endsWith(suffix));

/**
 * Shorter preload lists for lazy chunks (decision 040). Every dynamic import carries the names of
 * the chunks to preload with it, hashed names that barely compress, and the entry holds the lists
 * of every page. A list need not name what is certainly loaded already: the entry's own static
 * imports, and, for a page inside the shell, the shell's (the router loads the shell route beside
 * the page). Dropping those names changes no request. Returns the plugin, which reads the bundle
 * before the lists are written, and the `modulePreload.resolveDependencies` that uses it.
 */
export function leanPreloadLists(shellModule: string, shellPagesModule: string) {
  let entryFiles = new Set<string>();
  let shellFiles = new Set<string>();
  let shellPageFiles = new Set<string>();
  const plugin: Plugin = {
    name: "member-portal:lean-preload-lists",
    apply: "build",
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        const chunks = new Map<string, BundleChunk>();
        for (const item of Object.values(bundle)) if (item.type === "chunk") chunks.set(item.fileName, item as unknown as BundleChunk);
        const all = [...chunks.values()];
        entryFiles = staticClosure(chunks, all.filter((chunk) => chunk.isEntry));
        shellFiles = staticClosure(chunks, all.filter((chunk) => holds(chunk, shellModule)));
        shellPageFiles = new Set(all.filter((chunk) => holds(chunk, shellPagesModule)).flatMap((chunk) => chunk.dynamicImports));
      },
    },
  };
  const resolveDependencies = (file: string, deps: string[]) =>
    deps.filter((dep) => !entryFiles.has(dep) && !(shellPageFiles.has(file) && shellFiles.has(dep)));
  return { plugin, resolveDependencies };
}
