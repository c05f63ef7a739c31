// @vitest-environment node
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The import zones of eslint.config.js, checked on deliberate violations: each must be reported,
 * and the allowed neighbour of each must not. The zones add patterns to the side and feature
 * boundaries; flat config replaces a rule's options rather than merging them, so the cases also
 * check that the older boundaries still hold where a zone applies.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The messages of the boundary rules for `code` linted as if it were the file at `path`. */
async function boundaryMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-imports" || message.ruleId === "no-restricted-syntax" || message.fatal)
    .map((message) => message.message);
}

const importing = (specifier: string, name = "piece") => `import { ${name} } from "${specifier}";\nexport const used = ${name};\n`;

describe("a web feature never imports web/app", () => {
  it("reports a feature importing the shell's page list", async () => {
    expect(await boundaryMessages("web/features/dashboard/zone-case.tsx", importing("#web/app/shell/shell-pages.ts"))).toEqual([
      expect.stringContaining("A web feature never imports web/app"),
    ]);
  });

  it("still reports a feature importing another feature there", async () => {
    expect(await boundaryMessages("web/features/dashboard/zone-case.tsx", importing("#web/features/team/team-api.ts"))).toEqual([
      expect.stringContaining("Features never import each other"),
    ]);
  });

  it("allows a feature to import web/lib, web/components and its own files", async () => {
    const code = `${importing("#web/lib/cn.ts", "cn")}${importing("#web/components/ui/button.tsx", "Button").replace("used", "button")}${importing("./dashboard-api.ts", "api").replace("used", "own")}`;
    expect(await boundaryMessages("web/features/dashboard/zone-case.tsx", code)).toEqual([]);
  });
});

describe("web/lib and web/components never import a feature", () => {
  it("reports web/lib importing a feature, by alias and by relative path", async () => {
    expect(await boundaryMessages("web/lib/zone-case.ts", importing("#web/features/nda/nda-api.ts"))).toEqual([
      expect.stringContaining("web/lib and web/components never import a feature"),
    ]);
    expect(await boundaryMessages("web/lib/zone-case.ts", importing("../features/nda/nda-api.ts"))).toEqual([
      expect.stringContaining("web/lib and web/components never import a feature"),
    ]);
  });

  it("reports web/components importing a feature", async () => {
    expect(await boundaryMessages("web/components/zone-case.tsx", importing("#web/features/team/team-api.ts"))).toEqual([
      expect.stringContaining("web/lib and web/components never import a feature"),
    ]);
  });

  it("still keeps the server out of web/lib", async () => {
    expect(await boundaryMessages("web/lib/zone-case.ts", importing("#server/lib/app-error"))).toEqual([
      expect.stringContaining("The web app never imports the server"),
    ]);
  });

  it("allows web/lib and web/components to import each other and common/", async () => {
    expect(await boundaryMessages("web/lib/zone-case.ts", importing("#common/domain/access", "ACCESS_RESTRICTED_TITLE"))).toEqual([]);
    expect(await boundaryMessages("web/components/zone-case.tsx", importing("#web/lib/cn.ts", "cn"))).toEqual([]);
  });
});

describe("Drizzle and SQL only in *.queries.ts and the database plumbing", () => {
  const DRIZZLE = "Drizzle and SQL live in *.queries.ts files";
  const SQL_ROUTE = `import { sql } from "drizzle-orm";\nexport const statement = sql\`select 1\`;\n`;

  it("reports Drizzle in a service file, next to the feature boundary", async () => {
    expect(await boundaryMessages("server/features/nda/zone-case.service.ts", importing("drizzle-orm", "eq"))).toEqual([
      expect.stringContaining(DRIZZLE),
    ]);
    const twoWrongs = `${importing("drizzle-orm/pg-core", "pgTable")}${importing("#server/features/team/team.service", "x").replace("used", "other")}`;
    expect(await boundaryMessages("server/features/nda/zone-case.service.ts", twoWrongs)).toEqual([
      expect.stringContaining(DRIZZLE),
      expect.stringContaining("Features never import each other"),
    ]);
  });

  it("reports a sql template in a routes file, however the tag was imported", async () => {
    expect(await boundaryMessages("server/features/nda/zone-case.routes.ts", SQL_ROUTE)).toEqual([
      expect.stringContaining(DRIZZLE),
      expect.stringContaining("SQL lives in *.queries.ts files"),
    ]);
    const reexported = `import { sql } from "#server/lib/zone-case";\nexport const statement = sql\`select 1\`;\n`;
    expect(await boundaryMessages("server/features/nda/zone-case.routes.ts", reexported)).toEqual([
      expect.stringContaining("SQL lives in *.queries.ts files"),
    ]);
  });

  it("reports Drizzle outside the features too (server/lib, server/auth)", async () => {
    expect(await boundaryMessages("server/lib/zone-case.ts", importing("drizzle-orm", "eq"))).toEqual([expect.stringContaining(DRIZZLE)]);
    expect(await boundaryMessages("server/auth/zone-case.ts", SQL_ROUTE)).toHaveLength(2);
  });

  it("allows Drizzle and sql in queries modules, the schema, the connection plumbing and tests", async () => {
    expect(await boundaryMessages("server/features/nda/zone-case.queries.ts", SQL_ROUTE)).toEqual([]);
    expect(await boundaryMessages("server/queries/zone-case.queries.ts", SQL_ROUTE)).toEqual([]);
    expect(await boundaryMessages("server/db/schema/zone-case.ts", importing("drizzle-orm/pg-core", "pgTable"))).toEqual([]);
    expect(await boundaryMessages("server/db/open-pglite.ts", SQL_ROUTE)).toEqual([]);
    expect(await boundaryMessages("server/features/nda/zone-case.test.ts", SQL_ROUTE)).toEqual([]);
  });

  it("keeps the feature boundary in a queries module", async () => {
    expect(await boundaryMessages("server/features/nda/zone-case.queries.ts", importing("#server/features/team/team.queries"))).toEqual([
      expect.stringContaining("Features never import each other"),
    ]);
  });
});

describe("the web app calls the API through callRoute", () => {
  const RAW_FETCH = "Call the API with callRoute";

  it("reports fetch called directly in a feature, in the shell and on window", async () => {
    const code = 'export const load = () => fetch("/api/team");\n';
    expect(await boundaryMessages("web/features/team/zone-case.ts", code)).toEqual([expect.stringContaining(RAW_FETCH)]);
    expect(await boundaryMessages("web/app/shell/zone-case.ts", code)).toEqual([expect.stringContaining(RAW_FETCH)]);
    expect(await boundaryMessages("web/lib/zone-case.ts", 'export const load = () => window.fetch("/api/me");\n')).toEqual([
      expect.stringContaining(RAW_FETCH),
    ]);
  });

  it("allows the API client itself and tests", async () => {
    const code = 'export const load = () => fetch("/api/team");\n';
    expect(await boundaryMessages("web/lib/api-client.ts", code)).toEqual([]);
    expect(await boundaryMessages("web/features/team/zone-case.test.ts", code)).toEqual([]);
  });
});
