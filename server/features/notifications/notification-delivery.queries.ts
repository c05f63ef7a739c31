import { and, eq, inArray, isNull, like, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DIGEST_NOTIFICATION_KINDS, NOTIFICATION_KINDS, isDigestKind } from "#common/domain/notifications";
import type { Queryable } from "#server/db/database";
import { actionLogs, notificationPreferences, notifications, organizations, profiles, users } from "#server/db/schema/index";
import { personNameSql } from "#server/queries/person-name.queries";

// Claims set emailed_at before sending: the update takes each row once, whichever instance or
// request runs it, so an email is sent at most once. Past a day a notification is no longer news
// and is not mailed.
const DIGEST_KINDS = [...DIGEST_NOTIFICATION_KINDS];
const IMMEDIATE_KINDS = NOTIFICATION_KINDS.filter((kind) => !isDigestKind(kind));
const isRecent = sql`${notifications.createdAt} > now() - interval '1 day'`;
const unsentImmediate = and(isNull(notifications.emailedAt), inArray(notifications.kind, IMMEDIATE_KINDS), isRecent);

/** Claims the immediate emails of these notifications (those committed and not sent yet). */
export async function claimImmediateEmailsById(db: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(and(inArray(notifications.id, [...ids]), unsentImmediate))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/**
 * Claims immediate emails left unsent for `graceSeconds` or more (their request's sending was cut
 * short), at most `limit`, optionally of some organizations only.
 */
export async function claimLeftoverImmediateEmails(
  db: Queryable,
  graceSeconds: number,
  limit: number,
  organizationIds?: readonly string[],
): Promise<string[]> {
  const leftovers = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        unsentImmediate,
        sql`${notifications.createdAt} < now() - ${graceSeconds}::int * interval '1 second'`,
        organizationIds ? inArray(notifications.organizationId, [...organizationIds]) : undefined,
      ),
    )
    .limit(limit)
    // Instances sweeping at once take different rows instead of waiting on each other.
    .for("update", { skipLocked: true });
  const rows = await db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(and(inArray(notifications.id, leftovers), isNull(notifications.emailedAt)))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/** Claims a person's reminders of one local date (due tomorrow, overdue) for their digest. */
export async function claimDigestEmails(db: Queryable, userId: string, date: string): Promise<string[]> {
  const rows = await db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.kind, DIGEST_KINDS),
        isNull(notifications.emailedAt),
        like(notifications.dedupeKey, `%:${date}`),
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

const actorUsers = alias(users, "actor_users");
const actorProfiles = alias(profiles, "actor_profiles");

/** What the emails of claimed notifications say, and whether each may still be sent. */
export function selectNotificationMails(db: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      to: users.email,
      organizationName: organizations.organizationName,
      entryNumber: actionLogs.number,
      entryType: actionLogs.actionLogType,
      entryTitle: actionLogs.title,
      dueDate: actionLogs.dueDate,
      actorName: personNameSql({ fullName: actorProfiles.fullName, name: actorUsers.name, email: actorUsers.email }),
      // The person's choice now (it may have changed since the notification was written), and
      // whether they still belong to the organization (a member who left hears nothing more).
      emailOn: sql<boolean>`coalesce(${notificationPreferences.email}, true)`,
      belongs: sql<boolean>`coalesce(${profiles.isEmployee} or ${profiles.organizationId} = ${notifications.organizationId}, false)`,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(organizations, eq(organizations.id, notifications.organizationId))
    .leftJoin(profiles, eq(profiles.id, notifications.userId))
    .leftJoin(actionLogs, eq(actionLogs.id, notifications.actionLogId))
    .leftJoin(actorUsers, eq(actorUsers.id, notifications.actor))
    .leftJoin(actorProfiles, eq(actorProfiles.id, notifications.actor))
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, notifications.userId), eq(notificationPreferences.kind, notifications.kind)),
    )
    .where(inArray(notifications.id, [...ids]))
    .orderBy(actionLogs.dueDate, actionLogs.number);
}
export type NotificationMailRow = Awaited<ReturnType<typeof selectNotificationMails>>[number];
