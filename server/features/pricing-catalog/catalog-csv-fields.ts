import type { CATALOG_CSV_COLUMNS, CatalogRow } from "#common/contracts/pricing-catalog";
import { singleLineText } from "#common/contracts/text-fields";
import { parseAmountToCents } from "#common/domain/money";
import { EDITION_IDS, SKU_TYPES, isEditionId } from "#common/domain/pricing";

/**
 * One rule per CSV column. Codes (inventory id, edition, licence and contract types) are
 * case-insensitive and stored upper-case; the SKU type is matched regardless of case and stored as
 * spelled in SKU_TYPES; booleans accept true/false, yes/no and 1/0.
 */

export type CatalogColumn = (typeof CATALOG_CSV_COLUMNS)[number];

export type FieldResult<T> = { ok: true; value: T } | { ok: false; message: string };

const INVENTORY_ID_PATTERN = /^[A-Z0-9][A-Z0-9._-]{0,63}$/;
const TYPE_CODE_PATTERN = /^[A-Z]{2,10}$/;
const TRUE_WORDS = new Set(["true", "yes", "1"]);
const FALSE_WORDS = new Set(["false", "no", "0"]);

const ok = <T>(value: T): FieldResult<T> => ({ ok: true, value });
const fail = (message: string): FieldResult<never> => ({ ok: false, message });

function parseText(label: string, max: number) {
  const schema = singleLineText(label, max);
  return (raw: string): FieldResult<string> => {
    const result = schema.safeParse(raw);
    return result.success ? ok(result.data) : fail(result.error.issues[0]?.message ?? `${label} is not valid`);
  };
}

function parseTypeCode(label: string, example: string) {
  return (raw: string): FieldResult<string> => {
    const code = raw.trim().toUpperCase();
    return TYPE_CODE_PATTERN.test(code) ? ok(code) : fail(`${label} must be 2 to 10 letters, e.g. ${example}`);
  };
}

type RowFields = { [K in CatalogColumn]: (raw: string) => FieldResult<CatalogRow[FieldKey<K>]> };
type FieldKey<K extends CatalogColumn> = K extends "price" ? "price_cents" : K;

export const CATALOG_FIELD_RULES: RowFields = {
  inventory_id: (raw) => {
    const id = raw.trim().toUpperCase();
    return INVENTORY_ID_PATTERN.test(id)
      ? ok(id)
      : fail("Inventory id must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit");
  },
  description: parseText("Description", 200),
  module: parseText("Module", 100),
  edition_id: (raw) => {
    const edition = raw.trim().toUpperCase();
    return isEditionId(edition) ? ok(edition) : fail(`Edition must be one of ${EDITION_IDS.join(", ")}`);
  },
  price: (raw) => {
    const cents = parseAmountToCents(raw);
    return cents === null
      ? fail("Price must be an amount like 1250.00: not negative, at most two decimals, at most 99,999,999.99")
      : ok(cents);
  },
  sku_type: (raw) => {
    const wanted = raw.trim().toLowerCase();
    const match = SKU_TYPES.find((type) => type.toLowerCase() === wanted);
    return match ? ok(match) : fail(`SKU type must be one of ${SKU_TYPES.join(", ")}`);
  },
  license_type_id: parseTypeCode("License type", "SAAS"),
  contract_type: parseTypeCode("Contract type", "SP"),
  is_calculator_visible: (raw) => {
    const word = raw.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return ok(true);
    if (FALSE_WORDS.has(word)) return ok(false);
    return fail("Calculator visibility must be true or false (yes/no and 1/0 work too)");
  },
};

/** The row's field name for a column: the CSV's `price` (dollars) is the row's `price_cents`. */
export function rowKeyOf(column: CatalogColumn): keyof CatalogRow {
  return column === "price" ? "price_cents" : column;
}
