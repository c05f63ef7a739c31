import type { z } from "zod";
import type { AccessItemId } from "../domain/navigation-items.ts";

/**
 * Who may call a route:
 * - public: anyone;
 * - authenticated: any signed-in user;
 * - organization: a signed-in user acting for an organization (resolved by the tenancy middleware);
 * - employee: a signed-in provider employee;
 * - employee-organization: a signed-in provider employee acting for the organization named in the
 *   request (ORGANIZATION_HEADER, or `?org=`), resolved by the same tenancy middleware as
 *   organization routes.
 */
export type RouteAccess = "public" | "authenticated" | "organization" | "employee" | "employee-organization";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface RouteContract<
  TBody extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
  TPath extends string = string,
> {
  /** Stable identifier, also the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /**
   * Path as the server registers it (Hono syntax, e.g. /api/items/:id). Kept as a literal type so
   * the web client can tell which `:name` parameters a call must fill.
   */
  path: TPath;
  summary: string;
  tag: string;
  access: RouteAccess;
  /**
   * The navigation item (spec §2) whose access rules gate this route: on an organization route the
   * guard refuses the call with 403 and the rule's reason when the item is hidden or locked for the
   * caller (common/domain/access.ts).
   */
  item?: AccessItemId;
  body?: TBody;
  /**
   * A body that is not JSON, read by the handler itself as a stream (a file upload): its media
   * types, the first the one clients should send. The route is then exempt from the JSON body limit.
   */
  rawBody?: { mediaTypes: readonly [string, ...string[]]; description: string };
  query?: TQuery;
  response: TResponse;
  /** Status on success; 200 unless said. */
  successStatus?: number;
  /** Non-JSON answers (event streams, metrics text, HTML). */
  produces?: string;
}

export function defineRoute<
  TBody extends z.ZodType = z.ZodNever,
  TQuery extends z.ZodType = z.ZodNever,
  TResponse extends z.ZodType = z.ZodType,
  const TPath extends string = string,
>(contract: RouteContract<TBody, TQuery, TResponse, TPath>): RouteContract<TBody, TQuery, TResponse, TPath> {
  return contract;
}

/** The header in which a client names the organization it acts for (employees). */
export const ORGANIZATION_HEADER = "x-organization-id";
