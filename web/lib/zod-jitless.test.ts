import { afterEach, describe, expect, it } from "vitest";
import entrySource from "../main.tsx?raw";

/**
 * The portal's Content-Security-Policy has no 'unsafe-eval'. zod compiles object parsers with the
 * Function constructor unless configured jitless, and probes for it with `new Function("")`, which
 * the browser reports as a violation even though zod catches the throw.
 */

const realFunction = globalThis.Function;
afterEach(() => {
  globalThis.Function = realFunction;
});

/** Stands in for a strict CSP: every use of the Function constructor is recorded, and throws. */
function refuseEval(): string[] {
  const uses: string[] = [];
  const refuse = (_target: FunctionConstructor, args: unknown[]): never => {
    uses.push(args.map(String).join(", "));
    throw new EvalError("Refused to evaluate a string as JavaScript: 'unsafe-eval' is not allowed");
  };
  globalThis.Function = new Proxy(realFunction, { construct: refuse, apply: (target, _this, args) => refuse(target, args) });
  return uses;
}

describe("zod in the web app", () => {
  it("is made jitless by the entry's first import, before any module can build a schema", () => {
    const firstImport = /^import\s+(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/m.exec(entrySource)?.[1];
    expect(firstImport).toBe("./lib/zod-jitless.ts");
  });

  it("then builds and parses schemas, contracts included, without the Function constructor", async () => {
    const uses = refuseEval();
    await import("./zod-jitless.ts");
    const { z } = await import("zod");
    const { updateOrganizationBodySchema } = await import("#common/contracts/organizations");

    const schema = z.object({ name: z.string(), nested: z.object({ count: z.number() }), tags: z.array(z.object({ label: z.string() })) });
    expect(schema.parse({ name: "Acme", nested: { count: 2 }, tags: [{ label: "a" }] })).toEqual({ name: "Acme", nested: { count: 2 }, tags: [{ label: "a" }] });
    expect(updateOrganizationBodySchema.parse({ organization_name: " Acme " })).toEqual({ organization_name: "Acme" });
    expect(updateOrganizationBodySchema.safeParse({ organization_name: "" }).success).toBe(false);
    expect(uses).toEqual([]);
  });
});
