import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import { isRouteContract } from "../common/contracts/registry.ts";

/**
 * The web's production build compiles the contract modules (common/contracts/*.ts and
 * common/errors.ts) to their data, so that a page calling a route does not download zod and every
 * schema of the module (decision 028):
 * - a route contract becomes a literal of what the client reads (id, method, path, access …) —
 *   its schemas stay behind; in development and tests the client still checks answers against them;
 * - data (numbers, texts, lists, plain objects: limits, enums, messages) becomes a literal;
 * - everything else (schemas, functions) is re-exported from the untouched module, loaded under a
 *   `?schemas` id marked free of side effects, so it is bundled only into the pages that use it
 *   (the forms that validate with a schema).
 * The modules are evaluated once at the start of the build to tell which export is which.
 */
const SCHEMAS_SUFFIX = "?schemas";

/** The fields of a route contract the web client reads; schemas and documentation stay out. */
const ROUTE_FIELDS = ["id", "method", "path", "access", "item", "successStatus", "produces", "rawBody"] as const;

/** One export, as the compiled module gives it: a literal, or a re-export of the full module. */
export type CompiledExport = { name: string; literal: string } | { name: string; literal: null };

/** True for what JSON can carry unchanged: finite numbers, texts, booleans, null, lists and plain objects of them. */
export function isPlainData(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((field) => field !== undefined && isPlainData(field));
}

/** Decides, export by export, what the compiled module says. */
export function compileExports(namespace: Record<string, unknown>): CompiledExport[] {
  return Object.keys(namespace)
    .sort()
    .map((name) => {
      const value = namespace[name];
      if (isRouteContract(value)) {
        const route = value as unknown as Record<string, unknown>;
        const descriptor = Object.fromEntries(ROUTE_FIELDS.filter((field) => route[field] !== undefined).map((field) => [field, route[field]]));
        return { name, literal: JSON.stringify(descriptor) };
      }
      if (name !== "default" && isPlainData(value)) return { name, literal: JSON.stringify(value) };
      return { name, literal: null };
    });
}

/** The source of the compiled module; `fullModuleId` is where the re-exported names come from. */
export function writeCompiledModule(compiled: readonly CompiledExport[], fullModuleId: string): string {
  const lines = compiled.filter((entry) => entry.literal !== null).map((entry) => `export const ${entry.name} = ${entry.literal};`);
  const reexported = compiled.filter((entry) => entry.literal === null).map((entry) => entry.name);
  if (reexported.length > 0) lines.push(`export { ${reexported.join(", ")} } from ${JSON.stringify(fullModuleId)};`);
  return `${lines.join("\n")}\n`;
}

/** The modules compiled: every contract module (not tests, not the server-side registry) and the error codes. */
export async function listContractModules(root: string): Promise<string[]> {
  const folder = path.join(root, "common", "contracts");
  const names = await readdir(folder);
  const contracts = names.filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "registry.ts").map((name) => path.join(folder, name));
  return [...contracts, path.join(root, "common", "errors.ts")];
}

export function compileContracts(): Plugin {
  const compiled = new Map<string, CompiledExport[]>();
  let root = "";
  return {
    name: "member-portal:compile-contracts",
    apply: "build",
    configResolved(config) {
      // The web app's root is web/; the contracts sit beside it.
      root = path.resolve(config.root, "..");
    },
    async buildStart() {
      const { tsImport } = await import("tsx/esm/api");
      const files = await listContractModules(root);
      for (const file of files) {
        const namespace = (await tsImport(file, import.meta.url)) as Record<string, unknown>;
        compiled.set(file, compileExports(namespace));
      }
    },
    async load(id) {
      if (id.endsWith(SCHEMAS_SUFFIX)) {
        const file = id.slice(0, -SCHEMAS_SUFFIX.length);
        if (!compiled.has(file)) return null;
        // Only what a page imports from here is bundled, and only into that page.
        return { code: await readFile(file, "utf8"), moduleSideEffects: false };
      }
      const entries = compiled.get(id);
      if (!entries) return null;
      return { code: writeCompiledModule(entries, `${id}${SCHEMAS_SUFFIX}`), moduleSideEffects: false };
    },
  };
}
