import { describe, expect, it } from "vitest";
import { DATABASE_SERVER_FIELDS, DATA_SOURCES, DATA_SOURCE_IDS, dataSourceIdSchema, findDataSource, requireDataSource } from "./data-sources.ts";

/** The catalog of data sources and their connection schemas (the form descriptors: data-source-fields.test.ts). */

const VALID_CONFIGS: Record<string, Record<string, unknown>> = {
  "quickbooks-online": { company_id: "123146096291789", client_id: "client", client_secret: "secret" },
  "quickbooks-desktop": { company_file: "C:\\Company.QBW", web_connector_username: "qbwc", web_connector_password: "secret" },
  "sage-50": { company_name: "Acme", data_path: "\\\\server\\Sage", username: "peach", password: "secret" },
  "sage-intacct": { company_id: "acme", user_id: "xml", user_password: "secret", sender_id: "sender", sender_password: "secret" },
  xero: { tenant_id: "6e0f1c2a-5b3d-4c7e-9a8b-1d2e3f4a5b6c", client_id: "client", client_secret: "secret" },
  netsuite: { account_id: "1234567", consumer_key: "ck", consumer_secret: "cs", token_id: "ti", token_secret: "ts" },
  "dynamics-gp": { server: "GPSQL01\\DYNGP", company_database: "TWO", username: "sa", password: "secret" },
  postgresql: { host: "db.example.com", database: "erp", username: "reader" },
  mysql: { host: "2001:db8::10", database: "shop", username: "reader", password: "secret" },
  "csv-files": {},
};

const issuesOf = (sourceId: string, config: unknown) => {
  const result = requireDataSource(sourceId as (typeof DATA_SOURCE_IDS)[number]).fields.safeParse(config);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
};

describe("the catalog", () => {
  it("offers each source once, in the order of its ids, each with a name, a description and a kind", () => {
    expect(DATA_SOURCES.map((source) => source.id)).toEqual([...DATA_SOURCE_IDS]);
    for (const source of DATA_SOURCES) {
      expect(source.name.length).toBeGreaterThan(0);
      expect(source.description.length).toBeGreaterThan(0);
    }
    expect(DATA_SOURCES.filter((source) => source.kind === "database").map((source) => source.id)).toEqual(["postgresql", "mysql"]);
    expect(DATA_SOURCES.filter((source) => source.kind === "files").map((source) => source.id)).toEqual(["csv-files"]);
  });

  it("finds sources by id and refuses unknown ones", () => {
    expect(findDataSource("xero")?.name).toBe("Xero");
    expect(findDataSource("oracle")).toBeUndefined();
    expect(() => requireDataSource("oracle" as "xero")).toThrow("Unknown data source oracle");
    expect(dataSourceIdSchema.safeParse("oracle").error?.issues[0]?.message).toBe("Choose a data source");
  });

  it.each(Object.entries(VALID_CONFIGS))("accepts valid %s details", (sourceId, config) => {
    expect(issuesOf(sourceId, config)).toEqual([]);
  });

  it("applies the defaults and trims text", () => {
    const parsed = requireDataSource("postgresql").fields.parse({ host: " db.example.com ", database: " erp ", username: "reader", port: "6543" });
    expect(parsed).toEqual({ host: "db.example.com", port: 6543, database: "erp", username: "reader", use_ssl: false });
    expect(requireDataSource("mysql").fields.parse(VALID_CONFIGS.mysql)).toMatchObject({ port: 3306 });
    expect(requireDataSource("quickbooks-online").fields.parse(VALID_CONFIGS["quickbooks-online"])).toMatchObject({ environment: "production" });
  });

  it("explains what is wrong with each field", () => {
    expect(issuesOf("postgresql", { host: "db_example.com", port: 0, database: "", username: "a\tb" })).toEqual([
      ["host", "Host must be a host name or an IP address"],
      ["port", "Port must be between 1 and 65535"],
      ["database", "Database is required"],
      ["username", "User name cannot contain control characters"],
    ]);
    expect(issuesOf("netsuite", { ...VALID_CONFIGS.netsuite, account_id: "TSTDRV" })).toEqual([["account_id", "Account ID looks like 1234567 or 1234567_SB1"]]);
    expect(issuesOf("quickbooks-online", { ...VALID_CONFIGS["quickbooks-online"], company_id: "abc", environment: "test" })).toEqual([
      ["company_id", "Company ID is the number QuickBooks shows as the Realm ID"],
      ["environment", "Environment must be production or sandbox"],
    ]);
    expect(issuesOf("xero", { ...VALID_CONFIGS.xero, client_secret: "x".repeat(501) })).toEqual([["client_secret", "Client secret must be at most 500 characters"]]);
    expect(issuesOf("sage-50", { ...VALID_CONFIGS["sage-50"], password: "a\u0000b" })).toEqual([["password", "Password cannot contain NUL characters"]]);
    expect(issuesOf("dynamics-gp", { ...VALID_CONFIGS["dynamics-gp"], server: "half \ud800" })).toEqual([["server", "SQL Server contains an invalid character"]]);
  });

  it("refuses fields the source does not declare", () => {
    const issues = issuesOf("csv-files", { path: "/etc/passwd" });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.[1]).toContain("path");
  });
});

describe("DATABASE_SERVER_FIELDS", () => {
  it("are fields of every database source", () => {
    for (const source of DATA_SOURCES.filter((candidate) => candidate.kind === "database")) {
      expect(Object.keys(source.fields.shape), source.id).toEqual(expect.arrayContaining([...DATABASE_SERVER_FIELDS]));
    }
  });
});
