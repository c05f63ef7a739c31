import { type NotificationKind, isKnownTimeZone, localDateAndHour, nextDate } from "#common/domain/notifications";
import { publishEvent } from "#server/realtime/publish-event";
import { choiceOf, entryLink, referenceOf } from "./notification-content.ts";
import type { NotificationDeps } from "./notification-deps.ts";
import { sendDigestEmails } from "./notification-delivery.service.ts";
import {
  type JobClaim,
  completeJobRun,
  insertJobRun,
  selectCompletedRunKeys,
  selectDueEntries,
  selectOrganizationTimeZones,
  takeOverExpiredJobRun,
} from "./notification-jobs.queries.ts";
import { type NewNotification, insertNotifications, selectPreferenceRows } from "./notifications.queries.ts";

export const DAILY_DIGEST_JOB = "daily-digest";

/** How long a claimed run is its instance's alone; past it (the instance died) another takes it over. */
const RUN_LEASE_MS = 5 * 60_000;

/** Limits a run to some organizations: tests share one database and run their own. */
export interface DueJobScope {
  organizationIds?: readonly string[];
}

interface DigestRun {
  organizationId: string;
  /** The organization's local date the run is for (YYYY-MM-DD). */
  date: string;
  runKey: string;
}

/** Organizations whose local hour has reached the digest hour, with today's run key. */
async function selectDigestCandidates(deps: NotificationDeps, now: Date, scope: DueJobScope): Promise<DigestRun[]> {
  const organizations = await selectOrganizationTimeZones(deps.db, scope.organizationIds);
  return organizations.flatMap((organization) => {
    const { date, hour } = localDateAndHour(now, isKnownTimeZone(organization.timeZone) ? organization.timeZone : "UTC");
    return hour >= deps.digestHour ? [{ organizationId: organization.id, date, runKey: `${organization.id}:${date}` }] : [];
  });
}

/** Claims the run for this instance: a new one, or one whose instance stopped before finishing. */
async function claimRun(deps: NotificationDeps, run: DigestRun, now: Date): Promise<boolean> {
  const claim: JobClaim = {
    job: DAILY_DIGEST_JOB,
    runKey: run.runKey,
    lockedBy: deps.instanceId,
    leaseUntil: new Date(now.getTime() + RUN_LEASE_MS),
  };
  return (await insertJobRun(deps.db, claim)) || (await takeOverExpiredJobRun(deps.db, claim, now));
}

/**
 * Writes the organization's reminders of the run's date (once per entry, person and date, whatever
 * retries or instances write them) and answers the people they concern.
 */
async function writeReminders(deps: NotificationDeps, run: DigestRun): Promise<string[]> {
  const tomorrow = nextDate(run.date);
  return deps.db.transaction(async (tx) => {
    const entries = await selectDueEntries(tx, run.organizationId, run.date, tomorrow);
    const assignees = [...new Set(entries.map((entry) => entry.assigneeId))];
    const choices = await selectPreferenceRows(tx, assignees);
    const rows: NewNotification[] = entries.flatMap((entry) => {
      const kind: NotificationKind = entry.dueDate === tomorrow ? "due_tomorrow" : "overdue";
      const choice = choiceOf(choices, entry.assigneeId, kind);
      if (!choice.inApp && !choice.email) return [];
      const reference = referenceOf(entry.type, entry.number);
      const handled = new Date();
      return [
        {
          userId: entry.assigneeId,
          organizationId: run.organizationId,
          kind,
          actionLogId: entry.id,
          title: kind === "due_tomorrow" ? `${reference} is due tomorrow` : `${reference} is overdue`,
          body: entry.title,
          link: entryLink(entry.id),
          dedupeKey: `${kind}:${entry.id}:${run.date}`,
          readAt: choice.inApp ? null : handled,
          emailedAt: choice.email ? null : handled,
        },
      ];
    });
    const inserted = await insertNotifications(tx, rows);
    const shown = new Set(inserted.filter((row) => !row.readAt).map((row) => row.userId));
    for (const userId of shown) await publishEvent(tx, run.organizationId, { type: "notificationsChanged", organizationId: run.organizationId, userId });
    return assignees;
  });
}

/**
 * Runs the scheduled jobs due at `now`: each organization's daily digest, once its local hour has
 * reached the digest hour, once per local date across every instance and restart. Answers the run
 * keys this call completed. A failed run is logged and left to be taken over when its lease ends.
 */
export async function runDueJobs(deps: NotificationDeps, now: Date = new Date(), scope: DueJobScope = {}): Promise<string[]> {
  const candidates = await selectDigestCandidates(deps, now, scope);
  const completed = await selectCompletedRunKeys(deps.db, DAILY_DIGEST_JOB, candidates.map((run) => run.runKey));
  const ran: string[] = [];
  for (const run of candidates.filter((candidate) => !completed.has(candidate.runKey))) {
    if (!(await claimRun(deps, run, now))) continue;
    try {
      const people = await writeReminders(deps, run);
      await sendDigestEmails(deps, people, run.date);
      await completeJobRun(deps.db, DAILY_DIGEST_JOB, run.runKey);
      ran.push(run.runKey);
    } catch (error) {
      deps.logger.error({ err: error, job: DAILY_DIGEST_JOB, runKey: run.runKey }, "notifications: the daily digest run failed; it is taken over when its lease ends");
    }
  }
  return ran;
}
