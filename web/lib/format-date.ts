const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A day in the reader's locale and time zone. */
export function formatDay(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** A timestamp in the reader's locale and time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
