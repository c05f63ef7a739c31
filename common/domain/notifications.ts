/**
 * What the portal tells people about (issue: notifications that bring people back): the kinds of
 * notification, how each is named in the profile's settings, and whether a kind is sent by email
 * at once or in the daily digest.
 */

export const NOTIFICATION_KINDS = ["assigned", "comment", "help_status", "help_request", "due_tomorrow", "overdue"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  assigned: "An entry is assigned to me",
  comment: "A comment on an entry I created or am assigned",
  help_status: "The status of my help request changes",
  help_request: "A customer raises a help request",
  due_tomorrow: "An entry of mine is due tomorrow",
  overdue: "An entry of mine is overdue",
};

/** Kinds only provider employees receive, and so see among their settings. */
export const EMPLOYEE_NOTIFICATION_KINDS: readonly NotificationKind[] = ["help_request"];

/** The kinds a person receives and may set. */
export function notificationKindsFor(person: { isEmployee: boolean }): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => person.isEmployee || !EMPLOYEE_NOTIFICATION_KINDS.includes(kind));
}

export interface NotificationChoice {
  inApp: boolean;
  email: boolean;
}

/**
 * A person's choice for a kind they never set: every kind on, except that a new help request
 * reaches the provider administrator by default and the other employees once they turn it on.
 */
export function defaultNotificationChoice(kind: NotificationKind, person: { isProviderAdministrator: boolean }): NotificationChoice {
  const on = kind !== "help_request" || person.isProviderAdministrator;
  return { inApp: on, email: on };
}

/** Kinds gathered into the once-a-day email; the others are emailed at once. */
export const DIGEST_NOTIFICATION_KINDS: readonly NotificationKind[] = ["due_tomorrow", "overdue"];

export function isDigestKind(kind: NotificationKind): boolean {
  return DIGEST_NOTIFICATION_KINDS.includes(kind);
}

/** The local hour (0–23) at which each organization's digest goes out, by default. */
export const DEFAULT_DIGEST_HOUR = 8;

/** How many notifications the centre lists at once (newest first). */
export const NOTIFICATION_PAGE_SIZE = 30;

/** Whether `timeZone` is an IANA zone this runtime knows ("Europe/Paris", "UTC"). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (YYYY-MM-DD) and hour at `instant` in `timeZone`. */
export function localDateAndHour(instant: Date, timeZone: string): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
}

/** The day after a YYYY-MM-DD date. */
export function nextDate(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
