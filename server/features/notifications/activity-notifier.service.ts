import { type NotificationChoice, type NotificationKind, defaultNotificationChoice } from "#common/domain/notifications";
import { isProviderAdministrator } from "#common/domain/access";
import type { Queryable } from "#server/db/database";
import type { ActionLogActivity, ActivityNotifier } from "#server/lib/activity-notifier";
import { publishEvent } from "#server/realtime/publish-event";
import { choiceOf, entryLink, excerptOf } from "./notification-content.ts";
import type { NotificationDeps } from "./notification-deps.ts";
import { sendImmediateEmails } from "./notification-delivery.service.ts";
import { type NewNotification, insertNotifications, selectEligibleRecipients, selectEmployees, selectPreferenceRows } from "./notifications.queries.ts";

/**
 * How long a written notification stays on this process's list to mail. One still on it after
 * that was rolled back, or its transaction is still open and the sweep mails it once committed.
 */
const PENDING_TTL_MS = 10 * 60_000;

interface NotificationText {
  title: string;
  body: string;
}

/**
 * The notifications feature's side of the action log's port: rows for the people concerned (never
 * the one who acted), as their choices allow, announced to their open centres in the same
 * transaction; `afterCommit` then mails what goes at once.
 */
export function createActivityNotifier(deps: NotificationDeps): ActivityNotifier {
  // Notifications this process wrote and has not mailed: `afterCommit` mails these rather than
  // every unsent row, so one request never sends another's (possibly uncommitted) emails.
  const pending = new Map<string, number>();

  async function notify(
    tx: Queryable,
    activity: ActionLogActivity,
    kind: NotificationKind,
    recipients: (string | null)[],
    text: NotificationText,
    unsetChoice: (userId: string) => NotificationChoice | undefined = () => undefined,
  ) {
    const candidates = [...new Set(recipients)].filter((id): id is string => id !== null && id !== activity.actorId);
    if (candidates.length === 0) return;
    // A savepoint inside the action log's transaction: the events publish with its commit.
    await tx.transaction(async (inner) => {
      const eligible = await selectEligibleRecipients(inner, activity.organizationId, candidates);
      const choices = await selectPreferenceRows(inner, eligible);
      const rows: NewNotification[] = eligible.flatMap((userId) => {
        const choice = choiceOf(choices, userId, kind, unsetChoice(userId));
        if (!choice.inApp && !choice.email) return [];
        // Written for its email alone when the centre is off: read already, and hidden from the list.
        const handled = new Date();
        return [
          {
            userId,
            organizationId: activity.organizationId,
            kind,
            actionLogId: activity.actionLogId,
            actor: activity.actorId,
            title: text.title,
            body: text.body,
            link: entryLink(activity.actionLogId, activity.helpRequest),
            readAt: choice.inApp ? null : handled,
            emailedAt: choice.email ? null : handled,
          },
        ];
      });
      const inserted = await insertNotifications(inner, rows);
      for (const row of inserted) if (!row.emailedAt) pending.set(row.id, Date.now());
      for (const row of inserted) {
        if (!row.readAt) await publishEvent(inner, activity.organizationId, { type: "notificationsChanged", organizationId: activity.organizationId, userId: row.userId });
      }
    });
  }

  return {
    entryAssigned: (tx, activity) =>
      notify(tx, activity, "assigned", [activity.assigneeId], { title: `${activity.reference} assigned to you`, body: activity.title }),
    commentAdded: (tx, activity, comment) =>
      notify(tx, activity, "comment", [activity.creatorId, activity.assigneeId], { title: `New comment on ${activity.reference}`, body: excerptOf(comment) }),
    async helpRequestRaised(tx, activity) {
      const employees = await selectEmployees(tx);
      const isAdministrator = new Set(employees.filter((employee) => isProviderAdministrator(employee.email, deps.providerAdminEmail)).map((employee) => employee.id));
      await notify(
        tx,
        activity,
        "help_request",
        employees.map((employee) => employee.id),
        { title: `New help request ${activity.reference}`, body: activity.title },
        (userId) => defaultNotificationChoice("help_request", { isProviderAdministrator: isAdministrator.has(userId) }),
      );
    },
    helpStatusChanged: (tx, activity, status) =>
      notify(tx, activity, "help_status", [activity.creatorId], { title: `Your help request ${activity.reference} is now ${status}`, body: activity.title }),
    async afterCommit() {
      const now = Date.now();
      for (const [id, since] of pending) if (now - since > PENDING_TTL_MS) pending.delete(id);
      if (pending.size === 0) return;
      try {
        for (const id of await sendImmediateEmails(deps, [...pending.keys()])) pending.delete(id);
      } catch (error) {
        deps.logger.error({ err: error }, "notifications: sending the emails due at once failed; the sweep sends those left unsent");
      }
    },
  };
}
