import { formatDateTime, formatRelativeTime } from "#web/lib/format-date.ts";

/** When something happened: how long ago, with the exact time on hover and for machines. */
export function EntryTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso)}
    </time>
  );
}
