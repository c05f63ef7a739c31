import { z } from "zod";

/**
 * The organization's business-aspects answer (spec §2: the Ecommerce item shows only when it
 * includes eCommerce; Manufacturing and Distribution are read from it too). The spec leaves the
 * question's identifier open, so it is fixed here, once, for every side that reads or writes it.
 *
 * It is a configuration_responses row with question_id "business-aspects"; the newest submitted
 * row (submitted_at set) counts. Its response_value is either a JSON array of aspect names,
 * `["eCommerce", "Manufacturing"]`, or an object holding that array, `{ "aspects": [...] }`.
 * Entries that are not text are ignored; matching ignores case and surrounding spaces
 * (hasBusinessAspect in access.ts).
 */
export const BUSINESS_ASPECTS_QUESTION_ID = "business-aspects";

/** The aspects the product reads today; the answer may hold others, which are kept as written. */
export const KNOWN_BUSINESS_ASPECTS = ["eCommerce", "Manufacturing", "Distribution"] as const;

const aspectListSchema = z
  .array(z.unknown())
  .transform((entries) => entries.filter((entry): entry is string => typeof entry === "string" && entry.trim() !== ""));

const businessAspectsValueSchema = z.union([aspectListSchema, z.object({ aspects: aspectListSchema }).transform((value) => value.aspects)]);

/** The aspect names in a stored response_value (JSON text or parsed); anything unreadable is none. */
export function readBusinessAspects(responseValue: unknown): string[] {
  let value = responseValue;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  const parsed = businessAspectsValueSchema.safeParse(value);
  return parsed.success ? parsed.data.map((aspect) => aspect.trim()) : [];
}
