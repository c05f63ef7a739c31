import { describe, expect, it } from "vitest";
import { describeConnectionFields, secretFieldNames } from "./data-source-fields.ts";
import { DATA_SOURCES, requireDataSource } from "./data-sources.ts";

/** The form descriptors drawn from the data sources' schemas. */

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
