import { z } from "zod";

/** True when the text holds a C0 control character or DEL. */
export const hasControlCharacter = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * Direction embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and zero-width
 * characters (U+200B–U+200D, U+2060, U+FEFF). They show nothing themselves, yet can make a name
 * read as another ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf") or two names look the same.
 */
const INVISIBLE_FORMAT_CHARACTER = /[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/;

export const hasInvisibleFormatCharacter = (text: string) => INVISIBLE_FORMAT_CHARACTER.test(text);

/**
 * A one-line text field: trimmed, 1 to `max` characters, no control characters and no invisible
 * formatting characters; messages name the label. Every single-line name builds on it.
 */
export function singleLineText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((text) => !hasControlCharacter(text), { error: `${label} cannot contain control characters` })
    .refine((text) => !hasInvisibleFormatCharacter(text), {
      error: `${label} cannot contain invisible formatting characters (text-direction overrides or zero-width characters)`,
    });
}
