/** PostgreSQL text cannot hold U+0000; such input is refused up front with a 400. */
export const NUL_MESSAGE = "Text must not contain the NUL character (\\u0000)";

/** True when any string in a parsed JSON value (keys included) holds U+0000. */
export function containsNulCharacter(value: unknown): boolean {
  // JSON.stringify writes U+0000 as the escape \u0000, whatever the nesting.
  return JSON.stringify(value)?.includes("\\u0000") ?? false;
}
