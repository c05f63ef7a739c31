import { z } from "zod";

/** True when the text holds a C0 control character or DEL. */
export const hasControlCharacter = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** A one-line text field: trimmed, 1 to `max` characters, no control characters; messages name the label. */
export function singleLineText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((text) => !hasControlCharacter(text), { error: `${label} cannot contain control characters` });
}
