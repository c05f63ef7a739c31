import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDefaultCatalogCsv } from "#server/features/pricing-catalog/catalog-seed";
import { embeddedCliTarget, runCli, uniqueCliSuffix } from "#tests/cli-runner";

// Only on the embedded database of its own DATA_DIR: on the shared PostgreSQL test database the
// catalog is global, and the importing tests stay in one file (pricing-catalog/catalog.test.ts) so
// they never race each other.
const target = embeddedCliTarget();

describe(`catalog commands on the ${target.name}`, { timeout: 120_000 }, () => {
  let folder: string;
  let defaultCsv: string;
  beforeAll(async () => {
    await target.setUp();
    folder = await mkdtemp(path.join(tmpdir(), "portal-cli-catalog-"));
    defaultCsv = await readDefaultCatalogCsv();
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
    await target.tearDown();
  });

  const run = (...args: string[]) => runCli(args, target.env);

  async function writeCsv(name: string, text: string): Promise<string> {
    const file = path.join(folder, name);
    await writeFile(file, text, "utf8");
    return file;
  }

  it("catalog:export prints the catalog to stdout, loading the default one into a new database", async () => {
    const result = await run("catalog:export");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(defaultCsv);
  });

  it("catalog:import refuses a file with bad rows, one line per problem, exit 1, and imports nothing", async () => {
    const tag = uniqueCliSuffix().toUpperCase();
    const bad = await writeCsv(
      "bad.csv",
      `${defaultCsv}TEST-${tag},"Quoted, over\ntwo lines",Extras,FE,12.5,AddOn,SAAS,SP,true\nTEST-B-${tag},Fine,Extras,FE,1.999,AddOn,SAAS,SP,perhaps\n`,
    );
    const line = defaultCsv.trimEnd().split("\n").length + 1;
    const result = await run("catalog:import", bad);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.split("\n")).toEqual([
      "error: The catalog file has 3 problems; nothing was imported.",
      `row ${line}, description: Description cannot contain control characters`,
      `row ${line + 2}, price: Price must be an amount like 1250.00: not negative, at most two decimals, at most 99,999,999.99`,
      `row ${line + 2}, is_calculator_visible: Calculator visibility must be true or false (yes/no and 1/0 work too)`,
      "",
    ]);
    const after = await run("catalog:export");
    expect(after.stdout).not.toContain(tag);
  });

  it("catalog:import refuses a file that cannot be read", async () => {
    const result = await run("catalog:import", path.join(folder, "missing.csv"));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error: Cannot read");
    expect(result.stderr).toContain("ENOENT");
  });

  it("catalog:import replaces the catalog; catalog:export writes it to a file, formulas neutralised, which imports back the same", async () => {
    const tag = uniqueCliSuffix().toUpperCase();
    const extra = `TEST-${tag},=SUM(1+1) CLI test add-on,Extras,SE,42.10,AddOn,SAAS,SP,true\n`;
    const file = await writeCsv("good.csv", defaultCsv + extra);
    try {
      const imported = await run("catalog:import", file);
      expect(imported.stderr).toBe("");
      expect(imported.code).toBe(0);
      // The default file's rows (its lines but the header) and the extra one.
      const rows = defaultCsv.trimEnd().split("\n").length;
      expect(imported.stdout).toMatch(new RegExp(`^imported ${rows} catalog rows; \\d+ estimate lines no longer offered were excluded\\n$`));

      const out = path.join(folder, "exported.csv");
      const exported = await run("catalog:export", out);
      expect(exported).toMatchObject({ code: 0, stderr: "", stdout: `exported ${rows} catalog rows to ${out}\n` });
      const text = await readFile(out, "utf8");
      expect(text).toContain(`\nTEST-${tag},'=SUM(1+1) CLI test add-on,Extras,SE,42.10,AddOn,SAAS,SP,true\n`);
      expect(text.split("\n").length).toBe(defaultCsv.split("\n").length + 1);
      expect((await run("catalog:import", out)).code).toBe(0);
      expect((await run("catalog:export")).stdout).toBe(text);
    } finally {
      const restored = await run("catalog:import", await writeCsv("default.csv", defaultCsv));
      expect(restored.code).toBe(0);
    }
    expect((await run("catalog:export")).stdout).toBe(defaultCsv);
  });
});
