import { and, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { NotificationKind } from "#common/domain/notifications";
import type { Queryable } from "#server/db/database";
import { notificationPreferences, notifications, organizations, profiles, users } from "#server/db/schema/index";
import { personNameSql } from "#server/queries/person-name.queries";

/** Whose notifications are read: the caller's own, of the organizations they still belong to (employees: all). */
export interface NotificationReader {
  userId: string;
  organizationId: string | null;
  isEmployee: boolean;
}

// A kind turned off in the portal is not shown, whatever was written before the choice changed.
const shownInCentre = sql`not exists (select 1 from ${notificationPreferences} where ${notificationPreferences.userId} = ${notifications.userId} and ${notificationPreferences.kind} = ${notifications.kind} and not ${notificationPreferences.inApp})`;

function readableBy(reader: NotificationReader) {
  const organizationFilter = reader.isEmployee
    ? undefined
    : reader.organizationId
      ? eq(notifications.organizationId, reader.organizationId)
      : sql`false`;
  return and(eq(notifications.userId, reader.userId), organizationFilter, shownInCentre);
}

const actorUsers = alias(users, "actor_users");
const actorProfiles = alias(profiles, "actor_profiles");

export async function selectLatestNotifications(db: Queryable, reader: NotificationReader, limit: number) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      organizationId: notifications.organizationId,
      organizationName: organizations.organizationName,
      actorId: notifications.actor,
      // A person is shown by their profile's full name, else the account's name, else the email.
      actorName: personNameSql({ fullName: actorProfiles.fullName, name: actorUsers.name, email: actorUsers.email }),
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .innerJoin(organizations, eq(organizations.id, notifications.organizationId))
    .leftJoin(actorUsers, eq(actorUsers.id, notifications.actor))
    .leftJoin(actorProfiles, eq(actorProfiles.id, notifications.actor))
    .where(readableBy(reader))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}
export type NotificationListRow = Awaited<ReturnType<typeof selectLatestNotifications>>[number];

export async function countUnreadNotifications(db: Queryable, reader: NotificationReader): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(readableBy(reader), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks the reader's unread notifications read: those of `ids` (others' ids match nothing), or all. */
export async function updateNotificationsRead(db: Queryable, reader: NotificationReader, ids: readonly string[] | null): Promise<string[]> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(readableBy(reader), isNull(notifications.readAt), ids ? inArray(notifications.id, [...ids]) : undefined))
    .returning({ organizationId: notifications.organizationId });
  return [...new Set(rows.map((row) => row.organizationId))];
}

export interface PreferenceRow {
  userId: string;
  kind: string;
  inApp: boolean;
  email: boolean;
}

export function selectPreferenceRows(db: Queryable, userIds: readonly string[]): Promise<PreferenceRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: notificationPreferences.userId,
      kind: notificationPreferences.kind,
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
}

export async function upsertNotificationPreference(db: Queryable, userId: string, kind: NotificationKind, choice: { inApp: boolean; email: boolean }): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, kind, inApp: choice.inApp, email: choice.email })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: choice.inApp, email: choice.email, updatedAt: sql`now()` },
    });
}

/** Turns email off for the kinds, leaving the portal's choice as it was. */
export async function upsertEmailOff(db: Queryable, userId: string, kinds: readonly NotificationKind[]): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values(kinds.map((kind) => ({ userId, kind, email: false })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: false, updatedAt: sql`now()` },
    });
}

export async function selectUserExists(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** Of `userIds`, those who may hear of the organization's entries: its members and provider employees. */
export async function selectEligibleRecipients(db: Queryable, organizationId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(inArray(profiles.id, [...userIds]), or(eq(profiles.isEmployee, true), eq(profiles.organizationId, organizationId))));
  return rows.map((row) => row.id);
}

/** Every provider employee, with the address that tells the provider administrator apart. */
export function selectEmployees(db: Queryable): Promise<{ id: string; email: string }[]> {
  return db.select({ id: profiles.id, email: profiles.email }).from(profiles).where(eq(profiles.isEmployee, true));
}

export type NewNotification = typeof notifications.$inferInsert;

/** Inserts the notifications; a reminder already written (same person and dedupe key) is skipped. */
export function insertNotifications(db: Queryable, rows: NewNotification[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id, userId: notifications.userId, readAt: notifications.readAt, emailedAt: notifications.emailedAt });
}
