import { describe, expect, it } from "vitest";
import {
  MIGRATION_ENTITIES,
  MIGRATION_ENTITY_IDS,
  MIGRATION_MAX_ROWS,
  type StagedValue,
  findMigrationEntity,
  migrationTemplateFileName,
  normalizeMigrationKey,
  referencedEntities,
  requireMigrationEntity,
} from "./migration-entities.ts";

describe("the entity declarations", () => {
  it("declares every entity once, in upload order", () => {
    expect(MIGRATION_ENTITIES.map((entity) => entity.id)).toEqual([...MIGRATION_ENTITY_IDS]);
    expect(MIGRATION_MAX_ROWS).toBeGreaterThanOrEqual(50_000);
  });

  it.each(MIGRATION_ENTITIES.map((entity) => [entity.id, entity] as const))("%s: columns, key, references and rules agree", (_id, entity) => {
    const names = entity.columns.map((column) => column.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(entity.columns.find((column) => column.name === entity.key)?.required).toBe(true);
    for (const reference of entity.references) {
      expect(names).toContain(reference.column);
      expect(reference.entity).not.toBe(entity.id);
      // The entity referred to comes first, so the overview's order is the order to upload in.
      expect(MIGRATION_ENTITY_IDS.indexOf(reference.entity)).toBeLessThan(MIGRATION_ENTITY_IDS.indexOf(entity.id));
    }
    for (const rule of entity.rowRules) {
      for (const column of [...rule.columns, rule.reportOn]) expect(names).toContain(column);
    }
  });

  it.each(MIGRATION_ENTITIES.map((entity) => [entity.id, entity] as const))("%s: each column's example passes its own check and the row rules", (_id, entity) => {
    const row: Record<string, StagedValue> = {};
    for (const column of entity.columns) {
      const parsed = column.cell.safeParse(column.example);
      expect(parsed.success, `${column.name}: ${column.example}`).toBe(true);
      row[column.name] = parsed.data ?? null;
    }
    for (const rule of entity.rowRules) expect(rule.check(row)).toBeNull();
  });
});

describe("row rules", () => {
  const receivables = requireMigrationEntity("open-receivables");
  const check = (row: Record<string, StagedValue>) => receivables.rowRules.map((rule) => rule.check(row)).filter(Boolean);

  it("wants the due date on or after the invoice date and the balance at most the amount", () => {
    expect(check({ invoice_date: "2026-10-01", due_date: "2026-10-01", amount: 1000, balance: 1000 })).toEqual([]);
    expect(check({ invoice_date: "2026-10-02", due_date: "2026-10-01", amount: 1000, balance: 1001 })).toEqual([
      "Due date is before the invoice date",
      "Open balance is larger than the amount",
    ]);
  });

  it("takes credit memos: a negative amount with a balance of the same sign, no larger, or nothing open", () => {
    const dates = { invoice_date: "2026-10-01", due_date: "2026-10-01" };
    const accepted: [number, number][] = [[-1000, -1000], [-1000, -1], [-1000, 0], [0, 0], [1000, 0]];
    for (const [amount, balance] of accepted) expect(check({ ...dates, amount, balance }), `${amount} ${balance}`).toEqual([]);
    expect(check({ ...dates, amount: -1000, balance: -1001 })).toEqual(["Open balance is larger than the amount"]);
    expect(check({ ...dates, amount: -1000, balance: 500 })).toEqual(["Open balance must have the same sign as the amount"]);
    expect(check({ ...dates, amount: 1000, balance: -500 })).toEqual(["Open balance must have the same sign as the amount"]);
    expect(check({ ...dates, amount: 0, balance: 1 })).toEqual(["Open balance must have the same sign as the amount"]);
  });

  it("names the document of open payables", () => {
    const payables = requireMigrationEntity("open-payables");
    expect(payables.rowRules[0]?.check({ bill_date: "2026-10-02", due_date: "2026-09-30" })).toBe("Due date is before the bill date");
  });
});

describe("templates", () => {
  it("are named after the entity", () => {
    expect(migrationTemplateFileName(requireMigrationEntity("chart-of-accounts"))).toBe("chart-of-accounts-template.csv");
  });
});

describe("keys and lookups", () => {
  it("compares keys trimmed and regardless of case", () => {
    expect(normalizeMigrationKey("  cust-0001 ")).toBe("CUST-0001");
    expect(normalizeMigrationKey("Straße")).toBe(normalizeMigrationKey("STRASSE"));
  });

  it("lists the entities referred to once each", () => {
    expect(referencedEntities(requireMigrationEntity("items"))).toEqual(["chart-of-accounts"]);
    expect(referencedEntities(requireMigrationEntity("open-receivables"))).toEqual(["customers"]);
    expect(referencedEntities(requireMigrationEntity("customers"))).toEqual([]);
  });

  it("finds entities by id only", () => {
    expect(findMigrationEntity("vendors")?.label).toBe("Vendors");
    expect(findMigrationEntity("Vendors")).toBeUndefined();
    expect(findMigrationEntity("__proto__")).toBeUndefined();
  });
});
