/**
 * A JSON value as a column or a json_build_object() returns it: the drivers hand JSON back parsed,
 * text is accepted too, so neither engine's choice matters. Unreadable text is null.
 */
export function readJsonValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
