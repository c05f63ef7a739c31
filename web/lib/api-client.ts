import { ORGANIZATION_HEADER } from "#common/contracts/http";
import { type FieldIssue, errorBodySchema } from "#common/errors";
import { getSelectedOrganizationId } from "./selected-organization.ts";

/** An answer from the API that was not a success, with the server's code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

const NETWORK_ERROR_MESSAGE = "Cannot reach the server. Check your connection and try again.";

/** The failure of a request that never got an answer. */
export function networkError(): ApiError {
  return new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE);
}

/** A non-success answer as an ApiError: the server's error body when it sent one. */
export function apiErrorFrom(status: number, payload: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(payload);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(status, code, message, details);
  }
  return new ApiError(status, "unexpected_response", `The server answered ${status}. Please try again.`);
}

/** The headers every API request carries: what it accepts and, for an employee, the organization. */
export function apiHeaders(accept = "application/json"): Record<string, string> {
  const headers: Record<string, string> = { accept };
  const organizationId = getSelectedOrganizationId();
  if (organizationId) headers[ORGANIZATION_HEADER] = organizationId;
  return headers;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: "same-origin" });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw networkError();
  }
}

/**
 * Calls the portal's API (always at /api on this origin) and returns the parsed JSON. While an
 * employee has an organization selected, every request names it in the organization header.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers = apiHeaders();
  if (request.body !== undefined) headers["content-type"] = "application/json";
  const response = await send(path, {
    method: request.method ?? "GET",
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorFrom(response.status, payload);
  return payload as T;
}

/** GETs a file from the API (a CSV export or template) as a Blob; failures as apiFetch reports them. */
export async function apiFetchBlob(path: string, accept: string, signal?: AbortSignal): Promise<Blob> {
  const response = await send(path, { headers: apiHeaders(accept), signal });
  if (!response.ok) throw apiErrorFrom(response.status, await response.json().catch(() => undefined));
  return response.blob();
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

/** Fills a contract path's `:name` segments: buildApiPath("/api/items/:id", { id }) → "/api/items/<id>". */
export function buildApiPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for ${segment} in ${path}`);
    return encodeURIComponent(value);
  });
}
