import path from "node:path";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { routeRegistry } from "../common/contracts/registry.ts";
import { defineRoute } from "../common/contracts/http.ts";
import { compileExports, isPlainData, listContractModules, writeCompiledModule } from "./compile-contracts.ts";

const itemSchema = z.object({ id: z.string() });
const sampleModule = {
  getItemRoute: defineRoute({
    id: "getItem",
    method: "get",
    path: "/api/items/:id",
    summary: "One item",
    tag: "Items",
    access: "organization",
    item: "company",
    response: itemSchema,
  }),
  ITEM_TITLE_MAX: 200,
  ITEM_KINDS: ["a", "b"],
  ITEM_LABELS: { a: "First", b: "Second" },
  itemSchema,
  itemFields: { id: z.string() },
  describeItem: (id: string) => `Item ${id}`,
  NOT_A_NUMBER: Number.NaN,
};

describe("compileExports", () => {
  const compiled = Object.fromEntries(compileExports(sampleModule).map((entry) => [entry.name, entry.literal]));

  it("keeps of a route only what the client reads: no schema, no documentation", () => {
    expect(JSON.parse(compiled.getItemRoute ?? "null")).toEqual({
      id: "getItem",
      method: "get",
      path: "/api/items/:id",
      access: "organization",
      item: "company",
    });
  });

  it("writes data as literals", () => {
    expect(compiled.ITEM_TITLE_MAX).toBe("200");
    expect(compiled.ITEM_KINDS).toBe('["a","b"]');
    expect(compiled.ITEM_LABELS).toBe('{"a":"First","b":"Second"}');
  });

  it("leaves schemas, objects holding schemas, functions and what JSON would change to the full module", () => {
    for (const name of ["itemSchema", "itemFields", "describeItem", "NOT_A_NUMBER"]) expect(compiled[name], name).toBeNull();
  });
});

describe("isPlainData", () => {
  it("accepts JSON's values and refuses the rest", () => {
    expect(isPlainData({ a: [1, "x", true, null, { b: 2 }] })).toBe(true);
    expect(isPlainData(Object.freeze(["a", "b"]))).toBe(true);
    expect(isPlainData(new Date())).toBe(false);
    expect(isPlainData(new Set(["a"]))).toBe(false);
    expect(isPlainData({ a: undefined })).toBe(false);
    expect(isPlainData(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isPlainData(z.string())).toBe(false);
  });
});

describe("writeCompiledModule", () => {
  it("exports the literals and re-exports the rest from the full module", () => {
    const source = writeCompiledModule(
      [
        { name: "A", literal: "1" },
        { name: "aSchema", literal: null },
        { name: "aHelper", literal: null },
      ],
      "/contracts/a.ts?schemas",
    );
    expect(source).toBe('export const A = 1;\nexport { aSchema, aHelper } from "/contracts/a.ts?schemas";\n');
  });
});

describe("the contract modules", () => {
  it("compile every registered route to a descriptor with the fields the client reads", async () => {
    const root = path.resolve(import.meta.dirname, "..");
    const files = await listContractModules(root);
    const descriptors = new Map<string, Record<string, unknown>>();
    for (const file of files) {
      const namespace = (await import(file)) as Record<string, unknown>;
      for (const entry of compileExports(namespace)) {
        const value = entry.literal === null ? null : (JSON.parse(entry.literal) as unknown);
        if (value && typeof value === "object" && "path" in value && "method" in value && "id" in value) {
          descriptors.set((value as { id: string }).id, value as Record<string, unknown>);
        }
      }
    }
    expect(routeRegistry.length).toBeGreaterThan(0);
    for (const route of routeRegistry) {
      expect(descriptors.get(route.id), route.id).toMatchObject({ id: route.id, method: route.method, path: route.path, access: route.access });
      if (route.produces) expect(descriptors.get(route.id)?.produces, route.id).toBe(route.produces);
    }
  });
});
