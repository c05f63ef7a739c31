/** The financial calendar Financial Setup collects (its period types and fiscal year). */

export const PERIOD_TYPES = ["monthly", "4-4-5", "4-5-4", "5-4-4", "13-periods"] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

/** The words for each period type: Financial Setup's list and the questionnaire's options alike. */
export const PERIOD_TYPE_LABELS: Record<PeriodType, string> = {
  monthly: "12 calendar months",
  "4-4-5": "4-4-5 weeks per quarter",
  "4-5-4": "4-5-4 weeks per quarter",
  "5-4-4": "5-4-4 weeks per quarter",
  "13-periods": "13 periods of 4 weeks",
};

export function isPeriodType(value: unknown): value is PeriodType {
  return typeof value === "string" && (PERIOD_TYPES as readonly string[]).includes(value);
}

/**
 * The first day of the fiscal year that holds `day` (YYYY-MM-DD) when years start on the first of
 * `startMonth` (1–12): a July start holds 2027-03-15 in the year from 2026-07-01.
 */
export function fiscalYearStartOf(startMonth: number, day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  return `${String(startYear).padStart(4, "0")}-${String(startMonth).padStart(2, "0")}-01`;
}
