import { describe, expect, it } from "vitest";
import { requireDataSource } from "#common/domain/data-sources";
import { POSTGRES, XERO_PAUSED } from "#web/features/data-connections/data-connections-test-kit.tsx";
import {
  buildConnectionFormSchema,
  configToSend,
  createFormValues,
  editFormValues,
  fieldIdOf,
  splitFieldIssues,
  toCreateBody,
  toUpdateBody,
} from "./connection-form-model.ts";

const postgres = requireDataSource("postgresql");
const quickbooks = requireDataSource("quickbooks-online");
const intacct = requireDataSource("sage-intacct");
const xero = requireDataSource("xero");

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("the connection form's values", () => {
  it("start from the source's name and defaults", () => {
    expect(createFormValues(postgres)).toEqual({
      name: "PostgreSQL database",
      description: "",
      connection_config: { host: "", port: "5432", database: "", username: "", password: "", use_ssl: false },
      clear_secrets: {},
    });
    expect(createFormValues(quickbooks).connection_config.environment).toBe("production");
  });

  it("start from a saved connection's values, every secret empty", () => {
    expect(editFormValues(postgres, POSTGRES)).toEqual({
      name: "Warehouse database",
      description: "Read replica of the ERP",
      connection_config: { host: "db.acme.example", port: "5432", database: "erp", username: "reader", password: "", use_ssl: true },
      // The password is optional, so its stored value may be removed.
      clear_secrets: { password: false },
    });
    // A required secret cannot be removed, only replaced.
    expect(editFormValues(xero, XERO_PAUSED).clear_secrets).toEqual({});
  });
});

describe("the connection form's schema", () => {
  it("takes the source's defaults for empty fields, coerces numbers and leaves an empty optional secret out", () => {
    const values = { ...createFormValues(postgres), connection_config: { host: " db.acme.example ", port: "", database: "erp", username: "reader", password: "", use_ssl: true } };
    const parsed = buildConnectionFormSchema(postgres).parse(values);
    expect(parsed).toEqual({
      name: "PostgreSQL database",
      description: null,
      connection_config: { host: "db.acme.example", port: 5432, database: "erp", username: "reader", use_ssl: true },
      clear_secrets: {},
    });
    expect(toCreateBody(postgres, parsed)).toEqual({
      data_source_id: "postgresql",
      name: "PostgreSQL database",
      description: "",
      connection_config: parsed.connection_config,
    });
    expect(toUpdateBody({ ...parsed, description: "Replica" }).description).toBe("Replica");
  });

  it("refuses what the server refuses, with its messages", () => {
    const values = { name: " ", description: "", clear_secrets: {}, connection_config: { host: "bad host!", port: "0", database: "", username: "reader", password: "", use_ssl: false } };
    expect(messagesOf(buildConnectionFormSchema(postgres).safeParse(values))).toEqual({
      name: "Name is required",
      "connection_config.host": "Host must be a host name or an IP address",
      "connection_config.port": "Port must be between 1 and 65535",
      "connection_config.database": "Database is required",
    });
  });

  it("keeps spaces in a secret but treats a blank optional text as unset", () => {
    const values = {
      name: "Intacct",
      description: "",
      clear_secrets: {},
      connection_config: { company_id: "ACME", entity_id: "  ", user_id: "ana", user_password: "  ", sender_id: "acme", sender_password: "pw" },
    };
    const parsed = buildConnectionFormSchema(intacct).parse(values);
    expect(parsed.connection_config).toEqual({ company_id: "ACME", user_id: "ana", user_password: "  ", sender_id: "acme", sender_password: "pw" });
  });

  it("needs a required secret on a new connection, but not when one is stored", () => {
    const values = editFormValues(xero, XERO_PAUSED);
    expect(messagesOf(buildConnectionFormSchema(xero).safeParse(values))).toEqual({ "connection_config.client_secret": "Client secret is required" });
    expect(buildConnectionFormSchema(xero, ["client_secret"]).parse(values).connection_config).toEqual(XERO_PAUSED.connection_config);
  });
});

describe("a saved connection's configuration as sent", () => {
  it("sends a stored secret marked for removal as null, whatever was typed", () => {
    const values = editFormValues(postgres, POSTGRES);
    const kept = buildConnectionFormSchema(postgres, ["password"]).parse(values);
    expect(configToSend(kept)).toEqual({ host: "db.acme.example", port: 5432, database: "erp", username: "reader", use_ssl: true });
    const removed = buildConnectionFormSchema(postgres, ["password"]).parse({
      ...values,
      connection_config: { ...values.connection_config, password: "typed" },
      clear_secrets: { password: true },
    });
    expect(toUpdateBody(removed).connection_config).toEqual({ ...POSTGRES.connection_config, password: null });
  });
});

describe("the server's field issues", () => {
  it("go on the fields the form has; anything else is told as a message", () => {
    const issues = [
      { path: "connection_config.host", message: "Host cannot be resolved" },
      { path: "description", message: "Description cannot contain NUL characters" },
      { path: "connection_config.extra", message: 'Unrecognized key: "extra"' },
      { path: "data_source_id", message: "Choose a data source" },
    ];
    expect(splitFieldIssues(issues, postgres)).toEqual({
      onFields: issues.slice(0, 2),
      other: ['Unrecognized key: "extra"', "Choose a data source"],
    });
    expect(fieldIdOf("connection_config.host")).toBe("connection-field-host");
    expect(fieldIdOf("name")).toBe("connection-name");
  });
});
