import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";

/** The ingredients of bench/portfolio-scale-data.ts: a seeded random source, word lists, the default price list. */

/** mulberry32: the same data on every run and engine. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    chance: (probability: number) => next() < probability,
    integer: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
    weighted: <T>(choices: readonly (readonly [T, number])[]): T => {
      let roll = next() * choices.reduce((total, [, weight]) => total + weight, 0);
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return choices[choices.length - 1]![0];
    },
  };
}

export const DAY = 86_400_000;
export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
export const TIME_ZONES = ["UTC", "Europe/London", "Europe/Berlin", "America/New_York", "America/Chicago", "America/Los_Angeles", "Asia/Tokyo", "Australia/Sydney", "Asia/Kolkata"];
export const DATA_SOURCES = ["quickbooks-online", "xero", "sage-50", "shopify", "salesforce", "csv-upload", "netsuite"];
export const EVENT_TYPES = ["organizationUpdated", "launchpadChanged", "estimateDetailsChanged", "actionLogsChanged", "launchPlanChanged", "configurationChanged", "ndaChanged"];
export const WORDS = ["invoice", "warehouse", "payroll", "migration", "training", "approval", "customs", "ledger", "report", "vendor", "cut-over", "tax"];

export interface CatalogItem {
  inventoryId: string;
  module: string;
  description: string;
  skuType: string;
  price: string;
}

/** The default price list by edition (what estimates are made of), one item per inventory id. */
export function readCatalog(): Map<string, CatalogItem[]> {
  const records = parse(readFileSync(new URL("../server/features/pricing-catalog/default-catalog.csv", import.meta.url)), { columns: true }) as Record<string, string>[];
  const byEdition = new Map<string, Map<string, CatalogItem>>();
  for (const record of records) {
    const edition = byEdition.get(record.edition_id!) ?? new Map<string, CatalogItem>();
    byEdition.set(record.edition_id!, edition);
    edition.set(record.inventory_id!, { inventoryId: record.inventory_id!, module: record.module!, description: record.description!, skuType: record.sku_type!, price: record.price! });
  }
  return new Map([...byEdition].map(([edition, items]) => [edition, [...items.values()]]));
}

