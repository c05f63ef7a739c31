/** PostgreSQL text cannot hold U+0000; such input is refused up front with a 400. */
export const NUL_MESSAGE = "Text must not contain the NUL character (\\u0000)";

/**
 * Arrays and objects nested deeper than this are refused up front with a 400. No contract comes
 * near it, and code that walks a value recursively (JSON.stringify, a schema) then never meets a
 * depth that overflows the call stack.
 */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels of arrays and objects)`;

/**
 * Why a parsed JSON body is refused before any schema reads it, or null: nested past
 * MAX_JSON_DEPTH, or a string (keys included) holding U+0000. The walk keeps its own stack, so a
 * body of any depth is answered, never a stack overflow.
 */
export function findBodyProblem(body: unknown): string | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return NUL_MESSAGE;
    } else if (typeof value === "object" && value !== null) {
      if (depth === MAX_JSON_DEPTH) return TOO_DEEP_MESSAGE;
      for (const [key, child] of Object.entries(value)) {
        if (key.includes("\u0000")) return NUL_MESSAGE;
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return null;
}
