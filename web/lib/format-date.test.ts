import { describe, expect, it } from "vitest";
import { formatCalendarDay, formatDay, formatHourOfDay, formatRelativeTime } from "./format-date.ts";

const NOW = Date.parse("2030-03-10T12:00:00.000Z");

describe("formatRelativeTime", () => {
  it("says how long ago, in minutes, hours and days, then the day itself past a week", () => {
    expect(formatRelativeTime("2030-03-10T11:59:30.000Z", NOW)).toBe("just now");
    // A clock a little ahead of the server's still reads "just now".
    expect(formatRelativeTime("2030-03-10T12:00:05.000Z", NOW)).toBe("just now");
    expect(formatRelativeTime("2030-03-10T11:55:00.000Z", NOW)).toBe("5 minutes ago");
    expect(formatRelativeTime("2030-03-10T09:00:00.000Z", NOW)).toBe("3 hours ago");
    expect(formatRelativeTime("2030-03-09T11:00:00.000Z", NOW)).toBe("yesterday");
    expect(formatRelativeTime("2030-03-06T12:00:00.000Z", NOW)).toBe("4 days ago");
    expect(formatRelativeTime("2030-02-01T12:00:00.000Z", NOW)).toBe(formatDay("2030-02-01T12:00:00.000Z"));
  });
});

describe("formatCalendarDay", () => {
  it("shows a calendar date as the same day whatever the time zone", () => {
    expect(formatCalendarDay("2030-01-05")).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" }).format(Date.UTC(2030, 0, 5)));
    expect(formatCalendarDay("2030-01-05")).toMatch(/5/);
  });
});

describe("formatHourOfDay", () => {
  it("writes an hour of the day as a time in the reader's locale, the same hour whatever the time zone", () => {
    const inLocale = (hour: number) => new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" }).format(new Date(2000, 0, 1, hour));
    for (const hour of [0, 8, 13, 23]) expect(formatHourOfDay(hour)).toBe(inLocale(hour));
  });
});
