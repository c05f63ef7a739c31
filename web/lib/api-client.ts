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

/**
 * Calls the portal's API (always at /api on this origin) and returns the parsed JSON. While an
 * employee has an organization selected, every request names it in the organization header.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  const organizationId = getSelectedOrganizationId();
  if (organizationId) headers[ORGANIZATION_HEADER] = organizationId;
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? "GET",
      headers,
      credentials: "same-origin",
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "network_error", "Cannot reach the server. Check your connection and try again.");
  }
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    if (parsed.success) {
      const { code, message, details } = parsed.data.error;
      throw new ApiError(response.status, code, message, details);
    }
    throw new ApiError(response.status, "unexpected_response", `The server answered ${response.status}. Please try again.`);
  }
  return payload as T;
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
