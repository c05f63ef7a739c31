import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { courses, milestones, topics } from "./curriculum.ts";
import { organizations, profiles } from "./organizations.ts";

// Spec §3: each organization's progress through the curriculum. Rows outlive a milestone leaving
// the plan (the estimate changed), so progress comes back with it.

/**
 * milestone_organizations: completion per organization; `plan_override` is an employee's choice
 * for this organization ('include' or 'exclude'), which wins over the estimate's rule.
 */
export const milestoneOrganizations = pgTable(
  "milestone_organizations",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    milestoneId: uuid("milestone_id")
      .notNull()
      .references(() => milestones.id, { onDelete: "cascade" }),
    completionStatus: text("completion_status").notNull().default("not_started"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    planOverride: text("plan_override"),
    overrideBy: text("override_by").references(() => users.id, { onDelete: "set null" }),
    overrideAt: timestamp("override_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.milestoneId] }),
    check("milestone_organizations_status_known", sql`${table.completionStatus} in ('not_started', 'in_progress', 'completed')`),
    check("milestone_organizations_override_known", sql`${table.planOverride} is null or ${table.planOverride} in ('include', 'exclude')`),
  ],
);

/**
 * Each completion and reopening of a milestone for an organization (issue 26): who, when, why
 * (a reopening's reason), and how many of its courses the actor had complete. An early completion
 * is told apart from one with every course done, so the plan can say it was closed early.
 */
export const milestoneHistory = pgTable(
  "milestone_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    milestoneId: uuid("milestone_id")
      .notNull()
      .references(() => milestones.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    actor: text("actor").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    coursesComplete: integer("courses_complete").notNull(),
    coursesTotal: integer("courses_total").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("milestone_history_milestone_idx").on(table.organizationId, table.milestoneId, table.createdAt),
    check("milestone_history_event_known", sql`${table.event} in ('completed', 'completed_early', 'reopened')`),
  ],
);

export const userTopicProgress = pgTable(
  "user_topic_progress",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    topicId: uuid("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    completionStatus: text("completion_status").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.profileId, table.topicId] }),
    index("user_topic_progress_topic_idx").on(table.topicId),
    check("user_topic_progress_status_known", sql`${table.completionStatus} in ('in_progress', 'complete')`),
  ],
);

export const userCourseProgress = pgTable(
  "user_course_progress",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    completionStatus: text("completion_status").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.profileId, table.courseId] }),
    index("user_course_progress_course_idx").on(table.courseId),
    check("user_course_progress_status_known", sql`${table.completionStatus} in ('not_started', 'in_progress', 'complete')`),
  ],
);
