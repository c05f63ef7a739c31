/**
 * Money as integer cents (spec §9: whole dollars per month on display). Amounts never pass
 * through floating point: decimal text is parsed digit by digit and cents are formatted back.
 */

/** The largest amount accepted anywhere: $99,999,999.99 (fits numeric(12,2) and a safe integer). */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

const AMOUNT_PATTERN = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses "1234", "1234.5", "1,234.50" or "$1,234.50" into cents; null for anything else
 * (negative, more than two decimals, misplaced separators, too large).
 */
export function parseAmountToCents(text: string): number | null {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) return null;
  const whole = (match[1] ?? "").replaceAll(",", "");
  if (whole.length > 8) return null;
  const fraction = (match[2] ?? "").padEnd(2, "0");
  const cents = Number(whole) * 100 + Number(fraction);
  return cents <= MAX_AMOUNT_CENTS ? cents : null;
}

/** Cents as the database's numeric text: 123450 → "1234.50". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/** The database's numeric text back to cents: "1234.5" → 123450. Throws on anything else. */
export function decimalToCents(value: string | number): number {
  const text = String(value).trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`Not a decimal amount: ${text}`);
  const fraction = (match[3] ?? "").padEnd(2, "0");
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) throw new Error(`More than two decimals: ${text}`);
  const cents = Number(match[2]) * 100 + Number(fraction.slice(0, 2));
  return match[1] === "-" ? -cents : cents;
}

const WHOLE_DOLLARS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const DOLLARS_AND_CENTS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rounds half up to whole dollars (spec §9): 1234550 cents → 12346. */
export function roundToWholeDollars(cents: number): number {
  return Math.floor((cents + 50) / 100);
}

/** "$12,346": whole dollars with thousands separators. */
export function formatWholeDollars(cents: number): string {
  return `$${WHOLE_DOLLARS.format(roundToWholeDollars(cents))}`;
}

/** The header's price button: "$12,346/mo". */
export function formatMonthlyPrice(cents: number): string {
  return `${formatWholeDollars(cents)}/mo`;
}

/** A price with its cents: "$1,234.50" (catalog prices and line totals). */
export function formatAmount(cents: number): string {
  return `$${DOLLARS_AND_CENTS.format(cents / 100)}`;
}
