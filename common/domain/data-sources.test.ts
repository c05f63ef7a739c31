import { describe, expect, it } from "vitest";
import { DATA_SOURCES, DATA_SOURCE_IDS, dataSourceIdSchema, describeConnectionFields, findDataSource, requireDataSource, secretFieldNames } from "./data-sources.ts";

/** The catalog of data sources and the form descriptors drawn from their schemas. */

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

describe("describeConnectionFields", () => {
  it("describes a database's fields in order, with inputs, defaults and secrecy", () => {
    expect(describeConnectionFields(requireDataSource("postgresql"))).toEqual([
      { name: "host", label: "Host", input: "text", required: true, secret: false, placeholder: "db.example.com" },
      { name: "port", label: "Port", input: "number", required: false, secret: false, defaultValue: 5432 },
      { name: "database", label: "Database", input: "text", required: true, secret: false },
      { name: "username", label: "User name", input: "text", required: true, secret: false },
      { name: "password", label: "Password", input: "password", required: false, secret: true, help: "Leave empty if the server asks for none." },
      { name: "use_ssl", label: "Use SSL", input: "checkbox", required: false, secret: false, defaultValue: false, help: "Encrypt the connection (the server must support SSL)." },
    ]);
  });

  it("describes selects with their options and piped fields as text", () => {
    const fields = describeConnectionFields(requireDataSource("quickbooks-online"));
    expect(fields.find((field) => field.name === "environment")).toEqual({
      name: "environment",
      label: "Environment",
      input: "select",
      required: false,
      secret: false,
      defaultValue: "production",
      options: ["production", "sandbox"],
    });
    expect(fields.find((field) => field.name === "company_id")).toMatchObject({ input: "text", required: true, label: "Company ID (Realm ID)" });
    expect(describeConnectionFields(requireDataSource("csv-files"))).toEqual([]);
  });

  it("gives every field of every source a label", () => {
    for (const source of DATA_SOURCES) {
      for (const field of describeConnectionFields(source)) expect(field.label, `${source.id}.${field.name}`).not.toBe(field.name);
    }
  });
});

describe("secretFieldNames", () => {
  it("names the fields that are encrypted and never sent back", () => {
    expect(Object.fromEntries(DATA_SOURCES.map((source) => [source.id, secretFieldNames(source)]))).toEqual({
      "quickbooks-online": ["client_secret"],
      "quickbooks-desktop": ["web_connector_password"],
      "sage-50": ["password"],
      "sage-intacct": ["user_password", "sender_password"],
      xero: ["client_secret"],
      netsuite: ["consumer_secret", "token_secret"],
      "dynamics-gp": ["password"],
      postgresql: ["password"],
      mysql: ["password"],
      "csv-files": [],
    });
  });
});
