import { z } from "zod";
import { centsToDecimal, parseAmountToCents } from "./money.ts";

/**
 * Schemas of single CSV cells for the migration workbench. Every cell arrives as text; each schema
 * trims it, refuses what is wrong with a message a person can act on, and yields the clean value
 * that is staged. Empty cells never reach them: the validator answers "Required" for an empty
 * required cell and stages null for an empty optional one.
 */

/** Control characters other than tab and line breaks (a quoted cell may span lines). */
function hasStrayControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** Free text, 1 to `max` characters. */
export function textCell(max: number) {
  return z
    .string()
    .trim()
    .min(1, { error: "Required" })
    .max(max, { error: `At most ${max} characters` })
    .refine((value) => !hasStrayControlCharacter(value), { error: "Contains control characters" });
}

/** An identifier such as a customer or account number: no spaces at the ends, at most `max`, one line. */
export function codeCell(max = 30) {
  return textCell(max).refine((value) => !/[\r\n\t]/.test(value), { error: "Must be on one line" });
}

export function emailCell() {
  return z.string().trim().max(254, { error: "At most 254 characters" }).pipe(z.email({ error: "Must be an email address" }));
}

/** One of `options`, matched regardless of case; staged as the option's own spelling. */
export function choiceCell<const T extends readonly [string, ...string[]]>(options: T) {
  return z
    .string()
    .trim()
    .transform((value, context) => {
      const match = options.find((option) => option.toLowerCase() === value.toLowerCase());
      if (match === undefined) {
        context.addIssue({ code: "custom", message: `Must be one of: ${options.join(", ")}` });
        return z.NEVER;
      }
      return match;
    });
}

/** An amount like 1234.56 or 1,234.56 ("$" allowed, at most two decimals, not negative); staged as cents. */
export function amountCell() {
  return z
    .string()
    .trim()
    .transform((value, context) => {
      const cents = parseAmountToCents(value);
      if (cents === null) {
        context.addIssue({ code: "custom", message: "Must be an amount like 1234.56 (not negative, at most two decimals)" });
        return z.NEVER;
      }
      return cents;
    });
}

/**
 * An amount that may be negative, such as a credit memo's: -1234.56, -$1,234.56 or any form
 * amountCell takes, within the same limits; staged as cents.
 */
export function signedAmountCell() {
  return z
    .string()
    .trim()
    .transform((value, context) => {
      const negative = value.startsWith("-");
      const magnitude = negative ? value.slice(1) : value;
      // "- 5" and "--5" are not amounts; parseAmountToCents would trim the first.
      const cents = /^[\s-]/.test(magnitude) ? null : parseAmountToCents(magnitude);
      if (cents === null) {
        context.addIssue({ code: "custom", message: "Must be an amount like 1234.56 or -1234.56 (at most two decimals)" });
        return z.NEVER;
      }
      return negative && cents !== 0 ? -cents : cents;
    });
}

/**
 * A staged value written back as a cell its column's schema reads as the same value: cents as a
 * plain decimal (1234.50, -12.00), booleans as true or false, null as an empty cell.
 */
export function formatStagedCell(value: string | number | boolean | null): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return centsToDecimal(value);
  return value;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written YYYY-MM-DD; staged as written. */
export function dateCell() {
  return z
    .string()
    .trim()
    .refine(
      (value) => {
        const match = ISO_DATE.exec(value);
        if (!match) return false;
        const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
        const date = new Date(Date.UTC(year, month - 1, day));
        return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
      },
      { error: "Must be a date written YYYY-MM-DD" },
    );
}

const TRUE_WORDS = ["true", "yes", "y", "1"];
const FALSE_WORDS = ["false", "no", "n", "0"];

export function booleanCell() {
  return z
    .string()
    .trim()
    .transform((value, context) => {
      const lower = value.toLowerCase();
      if (TRUE_WORDS.includes(lower)) return true;
      if (FALSE_WORDS.includes(lower)) return false;
      context.addIssue({ code: "custom", message: "Must be true or false (yes/no, 1/0 also work)" });
      return z.NEVER;
    });
}

/** A three-letter ISO 4217 currency code, staged upper-case. */
export function currencyCell() {
  return z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, { error: "Must be a three-letter currency code such as USD" })
    .transform((value) => value.toUpperCase());
}

/** A two-letter ISO 3166 country code, staged upper-case. */
export function countryCell() {
  return z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: "Must be a two-letter country code such as US" })
    .transform((value) => value.toUpperCase());
}
