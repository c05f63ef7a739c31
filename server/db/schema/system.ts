import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./organizations.ts";

/**
 * The realtime event log: every published event, kept for REALTIME_RETENTION_HOURS so that a
 * client reconnecting with Last-Event-ID can be sent what it missed.
 */
export const realtimeEvents = pgTable(
  "realtime_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("realtime_events_org_id_idx").on(table.organizationId, table.id),
    index("realtime_events_created_at_idx").on(table.createdAt),
  ],
);

/** Secrets the instance generates for itself when none is configured (e.g. the auth secret). */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
