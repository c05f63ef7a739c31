import type { z } from "zod";
import { ORGANIZATION_HEADER, type RouteContract } from "#common/contracts/http";
import { type ApiErrorCode, type FieldIssue, isErrorCode, readErrorBody } from "#common/errors";
import { getSelectedOrganizationId } from "./selected-organization.ts";

/** An answer from the API that was not a success, with the server's code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The names of a contract path's `:name` segments: "/api/a/:id/b/:key" → "id" | "key". */
type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a request body or query must be for the schema to accept it; never when the route has none. */
type InputOf<S> = [NonNullable<S>] extends [z.ZodType] ? z.input<NonNullable<S>> : never;

type ParamsPart<P extends string> = [PathParamName<P>] extends [never]
  ? { params?: never }
  : { params: Record<PathParamName<P>, string> };

type QueryPart<Q> = [Q] extends [never] ? { query?: never } : object extends Q ? { query?: Q } : { query: Q };

/** Where a call to the route goes: its path parameters and query, typed from its contract. */
export type RouteTarget<C extends RouteContract> = ParamsPart<C["path"]> & QueryPart<InputOf<C["query"]>>;

/** One call to a route: path parameters, query and JSON body, typed from its contract. */
export type RouteCall<C extends RouteContract> = RouteTarget<C> &
  ([InputOf<C["body"]>] extends [never] ? { body?: never } : { body: InputOf<C["body"]> }) & { signal?: AbortSignal };

/** The JSON body the route takes, as its contract's schema accepts it. */
export type RouteBody<C extends RouteContract> = InputOf<C["body"]>;

/** The route's answer as its contract describes it. */
export type RouteAnswer<C extends RouteContract> = z.output<C["response"]>;

/** The call's argument list: optional when the route needs no parameters, query or body. */
export type CallArgs<T> = object extends T ? [call?: T] : [call: T];

/** A call's parts without their types, as the functions below read them. */
export interface LooseCall {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
}

const NETWORK_ERROR_MESSAGE = "Cannot reach the server. Check your connection and try again.";

/** The failure of a request that never got an answer. */
export function networkError(): ApiError {
  return new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE);
}

/**
 * The wait a 429 names (Retry-After, or Better Auth's X-Retry-After), in whole seconds; null when
 * it names none.
 */
export function retryAfterSeconds(headers: Pick<Headers, "get">): number | null {
  const value = headers.get("retry-after") ?? headers.get("x-retry-after");
  if (value === null || value.trim() === "") return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

/** What a user is told when the server asks them to slow down: never that they are signed out. */
export function describeTooManyRequests(waitSeconds: number | null): string {
  return waitSeconds === null ? "Too many requests. Please wait a moment and try again." : `Too many requests. Try again in ${waitSeconds} s.`;
}

/** A non-success answer as an ApiError: the server's error body when it sent one. */
export function apiErrorFrom(status: number, payload: unknown, headers?: Pick<Headers, "get">): ApiError {
  if (status === 429) return new ApiError(429, "rate_limited", describeTooManyRequests(headers ? retryAfterSeconds(headers) : null));
  const body = readErrorBody(payload);
  if (body) {
    const { code, message, details } = body.error;
    return new ApiError(status, isErrorCode(code) ? code : "unexpected_response", message, details);
  }
  return new ApiError(status, "unexpected_response", `The server answered ${status}. Please try again.`);
}

/**
 * In development and tests, fails a success answer that does not match the route's contract, so a
 * server that drifts from it fails a test rather than a screen. The answer itself is used as sent
 * (not the parsed copy), so development behaves as production, where Vite drops this check.
 */
export function checkAnswer(contract: RouteContract, status: number, payload: unknown): void {
  if (import.meta.env.DEV || import.meta.env.MODE === "test") {
    const result = contract.response.safeParse(payload);
    if (result.success) return;
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    throw new ApiError(status, "unexpected_response", `${contract.id} answered outside its contract (${where}${issue?.message ?? "invalid"})`);
  }
}

/** The headers every API request carries: what it accepts and, for an employee, the organization. */
export function apiHeaders(accept = "application/json"): Record<string, string> {
  const headers: Record<string, string> = { accept };
  const organizationId = getSelectedOrganizationId();
  if (organizationId) headers[ORGANIZATION_HEADER] = organizationId;
  return headers;
}

/** Fills a contract path's `:name` segments: buildApiPath("/api/items/:id", { id }) → "/api/items/<id>". */
export function buildApiPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for ${segment} in ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * "?a=1&b=x%20y" from the query's set values (arrays repeat the name); "" when none is set. Encoded
 * as path parameters are (a space is %20, not +).
 */
export function buildQueryString(query: Record<string, unknown> = {}): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`);
    }
  }
  return pairs.length === 0 ? "" : `?${pairs.join("&")}`;
}

/** The address of a call to the route: its path with the parameters filled, then the query. */
export function buildRouteUrl<C extends RouteContract>(contract: C, ...[target]: CallArgs<RouteTarget<C>>): string {
  const { params, query } = (target ?? {}) as LooseCall;
  return buildApiPath(contract.path, params) + buildQueryString(query);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: "same-origin" });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw networkError();
  }
}

function requestOf(contract: RouteContract, call: LooseCall, accept?: string) {
  const headers = apiHeaders(accept);
  if (call.body !== undefined) headers["content-type"] = "application/json";
  const url = buildApiPath(contract.path, call.params) + buildQueryString(call.query);
  const init: RequestInit = {
    method: contract.method.toUpperCase(),
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    signal: call.signal,
  };
  return { url, init };
}

/**
 * Calls a route of the portal's API (always at /api on this origin) as its contract declares it:
 * method, path with its parameters, query, JSON body. Resolves with the JSON answer (undefined for
 * 204); a failure rejects with an ApiError. While an employee has an organization selected, every
 * request names it in the organization header.
 */
export async function callRoute<C extends RouteContract>(contract: C, ...[call]: CallArgs<RouteCall<C>>): Promise<RouteAnswer<C>> {
  const { url, init } = requestOf(contract, (call ?? {}) as LooseCall);
  const response = await send(url, init);
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorFrom(response.status, payload, response.headers);
  checkAnswer(contract, response.status, payload);
  return payload as RouteAnswer<C>;
}

/**
 * Sends a call to the route and answers the response once it is ok (a failure rejects as
 * callRoute's do), for answers that are not JSON: fetchRouteFile (fetch-route-file.ts) reads a file.
 */
export async function sendRouteRequest(contract: RouteContract, call: LooseCall, accept: string): Promise<Response> {
  const { url, init } = requestOf(contract, call, accept);
  const response = await send(url, init);
  if (!response.ok) throw apiErrorFrom(response.status, await response.json().catch(() => undefined), response.headers);
  return response;
}

/** The server's message for a failed call (ApiError), or `fallback` for anything else. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** The per-field problems a validation_failed or conflict answer carries in `details`, if any. */
export function fieldIssuesOf(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return error.details.filter(
    (issue): issue is FieldIssue =>
      typeof issue === "object" && issue !== null && typeof issue.path === "string" && typeof issue.message === "string",
  );
}
