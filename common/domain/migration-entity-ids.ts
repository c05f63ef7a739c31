/**
 * The migration workbench's entities, in upload order (items refer to accounts, open items to
 * customers and vendors). Kept apart from their column declarations (migration-entities.ts) so
 * that what only names an entity — the realtime event union, which every page loads — does not
 * load every entity's columns and cell rules.
 */
export const MIGRATION_ENTITY_IDS = [
  "chart-of-accounts",
  "customers",
  "vendors",
  "items",
  "open-receivables",
  "open-payables",
] as const;
export type MigrationEntityId = (typeof MIGRATION_ENTITY_IDS)[number];
