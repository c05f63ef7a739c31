import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { defineRoute } from "#common/contracts/http";
import type { ApiErrorCode } from "#common/errors";
import { ApiError, buildApiPath, buildRouteUrl, callRoute, fieldIssuesOf } from "./api-client.ts";
import { fetchRouteFile } from "./fetch-route-file.ts";
import { clearSelectedOrganization, resolveEmployeeOrganization } from "./selected-organization.ts";
import { installFakeApi } from "./testing/fake-api.ts";

const ORG = "00000000-0000-4000-8000-00000000000a";
const route = { summary: "test route", tag: "Test", access: "organization" } as const;

const getPartRoute = defineRoute({
  ...route,
  id: "getPart",
  method: "get",
  path: "/api/items/:itemId/parts/:partId",
  query: z.object({ q: z.string().optional(), page: z.coerce.number().optional(), tags: z.array(z.string()).optional() }),
  response: z.object({ id: z.string(), count: z.number() }),
});

const renameItemRoute = defineRoute({
  ...route,
  id: "renameItem",
  method: "patch",
  path: "/api/items/:itemId",
  body: z.object({ name: z.string().trim().min(1) }),
  response: z.object({ id: z.string(), name: z.string() }),
});

const clearItemsRoute = defineRoute({ ...route, id: "clearItems", method: "delete", path: "/api/items", response: z.undefined(), successStatus: 204 });

const exportItemsRoute = defineRoute({ ...route, id: "exportItems", method: "get", path: "/api/items/export", response: z.string(), produces: "text/csv" });

beforeEach(() => {
  clearSelectedOrganization();
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("callRoute", () => {
  it("sends the contract's method to its path, parameters encoded and the query set, without an organization header for members", async () => {
    const api = installFakeApi({ "GET /api/items/a%2Fb/parts/c%20d": { body: { id: "p1", count: 2 } } });
    const part = await callRoute(getPartRoute, { params: { itemId: "a/b", partId: "c d" }, query: { q: "x y", page: 2, tags: ["a", "b"] } });
    expect(part).toEqual({ id: "p1", count: 2 });
    expectTypeOf(part).toEqualTypeOf<{ id: string; count: number }>();
    expect(api.requests[0]).toMatchObject({ method: "GET", path: "/api/items/a%2Fb/parts/c%20d?q=x%20y&page=2&tags=a&tags=b", body: undefined });
    expect(api.requests[0]?.headers).not.toHaveProperty("x-organization-id");
    expect(api.requests[0]?.headers).not.toHaveProperty("content-type");
  });

  it("sends the JSON body and names the employee's selected organization", async () => {
    const api = installFakeApi({ "PATCH /api/items/i1": ({ body }) => ({ body: { id: "i1", ...(body as object) } }) });
    resolveEmployeeOrganization([{ id: ORG }]);
    await expect(callRoute(renameItemRoute, { params: { itemId: "i1" }, body: { name: "Acme" } })).resolves.toEqual({ id: "i1", name: "Acme" });
    expect(api.requests[0]).toMatchObject({ method: "PATCH", body: { name: "Acme" } });
    expect(api.requests[0]?.headers).toMatchObject({ "x-organization-id": ORG, "content-type": "application/json" });
  });

  it("resolves a 204 with undefined", async () => {
    installFakeApi({ "DELETE /api/items": { status: 204 } });
    await expect(callRoute(clearItemsRoute)).resolves.toBeUndefined();
  });

  it("throws the server's error with its typed code and field issues", async () => {
    installFakeApi({
      "PATCH /api/items/i1": {
        status: 409,
        body: { error: { code: "conflict", message: "Taken", details: [{ path: "name", message: "Taken" }, { bad: 1 }] } },
      },
    });
    const failure = await callRoute(renameItemRoute, { params: { itemId: "i1" }, body: { name: "A" } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: "conflict", message: "Taken" });
    expect(fieldIssuesOf(failure)).toEqual([{ path: "name", message: "Taken" }]);
    expect(fieldIssuesOf(new Error("x"))).toEqual([]);
    expectTypeOf<ApiError["code"]>().toEqualTypeOf<ApiErrorCode>();
  });

  it("reports a code it does not know, or an answer without an error body, as unexpected_response", async () => {
    installFakeApi({
      "PATCH /api/items/i1": { status: 418, body: { error: { code: "teapot", message: "Short and stout" } } },
      "DELETE /api/items": { status: 500, body: "<html>" },
    });
    const unknownCode = callRoute(renameItemRoute, { params: { itemId: "i1" }, body: { name: "A" } });
    await expect(unknownCode).rejects.toMatchObject({ status: 418, code: "unexpected_response", message: "Short and stout" });
    await expect(callRoute(clearItemsRoute)).rejects.toMatchObject({ status: 500, code: "unexpected_response" });
  });

  it("says how long to wait on a 429, whatever the server's message, from Retry-After or X-Retry-After", async () => {
    const limited = { status: 429, body: { error: { code: "rate_limited", message: "Too many requests" } } };
    installFakeApi({ "DELETE /api/items": { ...limited, headers: { "retry-after": "17" } } });
    await expect(callRoute(clearItemsRoute)).rejects.toMatchObject({ status: 429, code: "rate_limited", message: "Too many requests. Try again in 17 s." });
    installFakeApi({ "DELETE /api/items": { ...limited, headers: { "x-retry-after": "2.2" } } });
    await expect(callRoute(clearItemsRoute)).rejects.toMatchObject({ message: "Too many requests. Try again in 3 s." });
    installFakeApi({ "DELETE /api/items": limited });
    await expect(callRoute(clearItemsRoute)).rejects.toMatchObject({ message: "Too many requests. Please wait a moment and try again." });
  });

  it("reports a request that got no answer as network_error", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(callRoute(clearItemsRoute)).rejects.toMatchObject({ status: 0, code: "network_error" });
  });

  it("fails an answer that drifts from the contract, naming the route and the first issue", async () => {
    installFakeApi({ "GET /api/items/i1/parts/p1": { body: { id: "p1", count: "2" } } });
    const failure = callRoute(getPartRoute, { params: { itemId: "i1", partId: "p1" } });
    await expect(failure).rejects.toMatchObject({ status: 200, code: "unexpected_response", message: expect.stringMatching(/^getPart .*count: /) });
  });

  it("takes the parameters, query and body its contract declares, no others", () => {
    const calls = () => {
      // @ts-expect-error the path's :partId is missing
      void callRoute(getPartRoute, { params: { itemId: "i1" } });
      // @ts-expect-error the route takes a body
      void callRoute(renameItemRoute, { params: { itemId: "i1" } });
      // @ts-expect-error the route takes no body
      void callRoute(clearItemsRoute, { body: {} });
      // @ts-expect-error the contract's q is text
      void callRoute(getPartRoute, { params: { itemId: "i1", partId: "p1" }, query: { q: 1 } });
    };
    expect(calls).toBeTypeOf("function");
  });
});

describe("fetchRouteFile", () => {
  it("asks for the media type the contract produces and answers the file, named as the server names it", async () => {
    const api = installFakeApi({
      "GET /api/items/export": { body: "a,b", headers: { "content-disposition": `attachment; filename="items.csv"; filename*=UTF-8''items-%C3%A9t%C3%A9.csv` } },
    });
    const file = await fetchRouteFile(exportItemsRoute);
    await expect(file.text()).resolves.toBe('"a,b"');
    expect(file.name).toBe("items-été.csv");
    expect(api.requests[0]?.headers.accept).toBe("text/csv");
  });

  it("names a file the server did not name 'download'", async () => {
    installFakeApi({ "GET /api/items/export": { body: "a,b" } });
    expect((await fetchRouteFile(exportItemsRoute)).name).toBe("download");
  });
});

describe("buildRouteUrl", () => {
  it("fills the path and appends the set query values", () => {
    expect(buildRouteUrl(getPartRoute, { params: { itemId: "i", partId: "p" }, query: { q: undefined, page: 1 } })).toBe("/api/items/i/parts/p?page=1");
    expect(buildRouteUrl(exportItemsRoute)).toBe("/api/items/export");
  });
});

describe("buildApiPath", () => {
  it("fills and encodes the path's parameters", () => {
    expect(buildApiPath("/api/team/invitations/:invitationId/resend", { invitationId: "a b" })).toBe("/api/team/invitations/a%20b/resend");
    expect(() => buildApiPath("/api/team/members/:memberId", {})).toThrow(/memberId/);
  });
});
