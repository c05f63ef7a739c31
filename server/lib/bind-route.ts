import type { Context, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { RouteContract } from "#common/contracts/http";
import type { FieldIssue } from "#common/errors";
import { AppError } from "./app-error.ts";
import type { AppEnv } from "./app-context.ts";
import type { RouteGuard } from "./route-guard.ts";
import { findBodyProblem } from "./text-checks.ts";

type Infer<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : undefined;

export interface RouteInput<C extends RouteContract> {
  body: Infer<C["body"]>;
  query: Infer<C["query"]>;
  c: Context<AppEnv>;
}

type RouteResult<C extends RouteContract> = z.input<C["response"]> | Response;

function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toFieldIssues(result.error);
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : `Invalid ${where}`;
  throw new AppError("validation_failed", message, issues);
}

async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    throw new AppError("bad_request", "Send the request body as application/json");
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON");
  }
  const problem = findBodyProblem(body);
  if (problem) throw new AppError("bad_request", problem);
  return body;
}

/**
 * Registers a route from its contract: the guard enforces the declared access, the body and
 * query are validated by the contract's schemas, and the handler's result is sent as JSON.
 */
export function bindRoute<C extends RouteContract>(
  router: Hono<AppEnv>,
  contract: C,
  guard: RouteGuard,
  handler: (input: RouteInput<C>) => Promise<RouteResult<C>>,
): void {
  router.on(contract.method.toUpperCase(), contract.path, guard(contract.access, contract.item), async (c: Context<AppEnv>) => {
    const query = contract.query ? parseOrThrow(contract.query, c.req.query(), "query") : undefined;
    const body = contract.body ? parseOrThrow(contract.body, await readJsonBody(c), "body") : undefined;
    const result = await handler({ body, query, c } as RouteInput<C>);
    if (result instanceof Response) return result;
    return c.json(result as object, (contract.successStatus ?? 200) as ContentfulStatusCode);
  });
}
