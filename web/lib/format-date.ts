const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
// A calendar date ("2030-01-05") names a day, not an instant: read and shown in UTC, it never moves
// to the day before in a time zone west of Greenwich.
const calendarDay = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const hourOfDay = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });

/** A day in the reader's locale and time zone. */
export function formatDay(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** A timestamp in the reader's locale and time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD, such as a due date) in the reader's locale, the same day everywhere. */
export function formatCalendarDay(date: string): string {
  return calendarDay.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

/** An hour of the day (0–23) as the reader's locale writes a time: "8:00 AM", "08:00". */
export function formatHourOfDay(hour: number): string {
  return hourOfDay.format(Date.UTC(2000, 0, 1, hour));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago a timestamp was, in words ("just now", "5 minutes ago", "yesterday"); past a
 * week, the day itself. Pair it with formatDateTime for the exact time.
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), "day");
  return formatDay(iso);
}
