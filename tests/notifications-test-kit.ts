import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import type { NotificationList } from "#common/contracts/notifications";
import { type ActionLogType, formatActionLogReference } from "#common/domain/action-log";
import type { Transaction } from "#server/db/database";
import { actionLogs, mailOutbox, notifications, organizations } from "#server/db/schema/index";
import type { ActionLogActivity, ActivityNotifier } from "#server/lib/activity-notifier";
import type { Runtime } from "#server/runtime";
import { type TestUser, call } from "./factories.ts";

/**
 * Helpers of the notification tests: action-log entries written as rows (tests may touch rows),
 * the activity the action log reports about them, and what people were told and mailed.
 */

let lastNumber = 0;

export interface SeededEntry {
  id: string;
  organizationId: string;
  number: number;
  type: ActionLogType;
  title: string;
  reference: string;
  creator: string | null;
  assignedTo: string | null;
}

/** An action-log entry of the organization, as a row. */
export async function seedEntry(
  runtime: Runtime,
  organizationId: string,
  fields: { title?: string; type?: ActionLogType; assignedTo?: string | null; creator?: string | null; dueDate?: string | null; status?: string } = {},
): Promise<SeededEntry> {
  lastNumber += 1;
  const type = fields.type ?? "Task";
  const title = fields.title ?? `Entry ${lastNumber}`;
  const [row] = await runtime.database.db
    .insert(actionLogs)
    .values({
      organizationId,
      number: lastNumber,
      title,
      actionLogType: type,
      assignedTo: fields.assignedTo ?? null,
      creator: fields.creator ?? null,
      dueDate: fields.dueDate ?? null,
      status: fields.status ?? "Open",
    })
    .returning({ id: actionLogs.id });
  if (!row) throw new Error("the entry was not inserted");
  return {
    id: row.id,
    organizationId,
    number: lastNumber,
    type,
    title,
    reference: formatActionLogReference(type, lastNumber),
    creator: fields.creator ?? null,
    assignedTo: fields.assignedTo ?? null,
  };
}

/** What the action log tells the notifier about a change of `entry` made by `actorId`. */
export function activityOf(entry: SeededEntry, actorId: string | null): ActionLogActivity {
  return {
    organizationId: entry.organizationId,
    actionLogId: entry.id,
    reference: entry.reference,
    title: entry.title,
    actorId,
    creatorId: entry.creator,
    assigneeId: entry.assignedTo,
    helpRequest: false,
  };
}

/** Calls the notifier inside a transaction, as the action log does, then `afterCommit`. */
export async function reportActivity(runtime: Runtime, notifier: ActivityNotifier, report: (tx: Transaction) => Promise<void>): Promise<void> {
  await runtime.database.db.transaction(report);
  await notifier.afterCommit();
}

/** The notification rows written for the person, oldest first. */
export function notificationRowsOf(runtime: Runtime, userId: string) {
  return runtime.database.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt), asc(notifications.title));
}

/** The messages the outbox stored for the address, newest first. */
export function outboxTo(runtime: Runtime, email: string, kinds?: string[]) {
  return runtime.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), kinds ? inArray(mailOutbox.kind, kinds) : undefined))
    .orderBy(desc(mailOutbox.createdAt));
}

/** The caller's notification centre, through the route. */
export async function listNotificationsOk(runtime: Runtime, as: TestUser): Promise<NotificationList> {
  const response = await call(runtime, "/api/notifications", { as });
  expect(response.status).toBe(200);
  return response.json();
}

export async function setTimeZone(runtime: Runtime, organizationId: string, timeZone: string): Promise<void> {
  await runtime.database.db.update(organizations).set({ timeZone }).where(eq(organizations.id, organizationId));
}

/** Turns a kind on or off for the person, through the route. */
export async function choose(runtime: Runtime, as: TestUser, kind: string, choice: { in_app: boolean; email: boolean }): Promise<void> {
  const response = await call(runtime, "/api/notification-preferences", { method: "PUT", as, body: { kind, ...choice } });
  expect(response.status).toBe(200);
}

/** The unsubscribe link in a notification email's text. */
export function unsubscribeLinkIn(text: string): string {
  const match = /(https?:\/\/\S+\/api\/notifications\/unsubscribe\?token=[A-Za-z0-9_.-]+)/.exec(text);
  if (!match?.[1]) throw new Error("no unsubscribe link in the message");
  return match[1];
}
