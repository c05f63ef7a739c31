import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { actionLogs } from "./action-log.ts";
import { users } from "./auth.ts";
import { organizations } from "./organizations.ts";

/**
 * One thing a person is told about in the notification centre. `dedupe_key` makes a reminder
 * (due tomorrow, overdue) once per entry and day, whatever instance or retry writes it;
 * `emailed_at` records the email that carried it, so a digest resumed after a crash sends only what
 * is left.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actionLogId: uuid("action_log_id").references(() => actionLogs.id, { onDelete: "cascade" }),
    actor: text("actor").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    link: text("link").notNull(),
    dedupeKey: text("dedupe_key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("notifications_user_created_idx").on(table.userId, table.createdAt.desc()),
    index("notifications_user_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
    uniqueIndex("notifications_dedupe").on(table.userId, table.dedupeKey),
    // What every instance's minute sweep looks for: the few rows not mailed yet, not the whole table.
    index("notifications_unsent_idx").on(table.createdAt).where(sql`${table.emailedAt} is null`),
  ],
);

/** A person's choice per kind; no row means both on. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    inApp: boolean("in_app").notNull().default(true),
    email: boolean("email").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/**
 * Runs of scheduled jobs (the daily digest of each organization and local date). The row is the
 * lock: an instance claims a run by inserting it, or by taking over one whose lease ran out (its
 * instance died), so a run happens once across restarts and instances.
 */
export const scheduledJobRuns = pgTable(
  "scheduled_job_runs",
  {
    job: text("job").notNull(),
    runKey: text("run_key").notNull(),
    lockedBy: text("locked_by"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(1),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.job, table.runKey] })],
);
