import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ORGANIZATION_HEADER, type RouteContract } from "#common/contracts/http";
import { routeRegistry } from "#common/contracts/registry";
import { MAX_JSON_BODY_BYTES } from "#server/app";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildOrganization, buildUser } from "#tests/factories";
import { TEST_ORIGIN, createTestRuntime } from "#tests/test-runtime";
import { nestedJson, randomNestedJson } from "#tests/nested-json";
import { type Rng, createRng } from "#tests/seeded-random";

/**
 * Deterministic fuzz: thousands of malformed requests over every registry route, as anonymous
 * callers, members and an employee. None may answer 5xx, log an error, or leak internals, and
 * every 4xx carries the one error body.
 */

const SEED = 0x5eed_2026;
/** About this many requests in all (a steady run length as routes are added): a GET route gets one
 * share, any other BODY_ROUTE_FACTOR shares, and never fewer than MIN_REQUESTS_PER_ROUTE. */
const TOTAL_REQUESTS = 24_000;
const BODY_ROUTE_FACTOR = 4;
const MIN_REQUESTS_PER_ROUTE = 100;
const AUTH_ROUTE_IDS = new Set(["authGet", "authPost"]);

let runtime: Runtime;
beforeAll(async () => {
  // Generous auth limits, so the malformed requests reach Better Auth instead of its 429.
  runtime = await createTestRuntime({ AUTH_RATE_LIMIT_MAX: "1000000", AUTH_SIGN_IN_RATE_LIMIT_MAX: "1000000" });
});
let sent = 0;
afterAll(async () => {
  console.log(`fuzz: ${sent} generated bad requests over ${routeRegistry.length} routes`);
  await runtime.close();
});

const SAMPLES = [
  "", " ", "\t\n", "null", "0", "-1", "1e309", "NaN", "true", "__proto__", "constructor", "../../package.json",
  "..\\..\\windows", "%00", "%ZZ", "' OR 1=1 --", "'; drop table organizations; --", "<script>alert(1)</script>",
  "${7*7}", "\u0000", "nul\u0000byte", "\u202eevil", "e\u0301", "👩‍👩‍👧‍👦", "日本語の名前", "\ud800", "\udfff", "\uffff",
  "\u2028\u2029", "a@b.c", "user@example.test", "8f0c2a4e-1111-4a4a-9a9a-000000000000", "x".repeat(201),
];
/** Values that break naive code: NUL (PostgreSQL text refuses it), lone surrogates, length limits, injections. */
const HOSTILE = ["\u0000", "nul\u0000byte", "\ud800", "x".repeat(201), "", " ", "' OR 1=1 --", "<script>", "👩‍👩‍👧‍👦", "\u202eevil", "%00", "__proto__"];
const FIELDS = ["organization_name", "email", "password", "name", "token", "newPassword", "currentPassword", "callbackURL", "image", "rememberMe", "provider", "id", "__proto__", "constructor"];
const GARBAGE = ["{", "}", "[1,", '{"a":}', "nul", "tru", "'x'", "\ufeff{}", "{}{}", "\u0000", '{"organization_name":"a\\u0000b"}', "[".repeat(50_000), '{"a":'.repeat(5_000), "1".repeat(10_000), "\\", "<xml/>", "a=1&b=%ZZ"];
const CONTENT_TYPES = [
  "application/json", "application/json; charset=utf-8", "application/json; charset=utf-16", "text/plain",
  "application/x-www-form-urlencoded", "multipart/form-data", "multipart/form-data; boundary=--x", "application/xml",
  "application/merge-patch+json", "*/*", "garbage", "",
];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "QUERY"];
const AUTH_PATHS = [
  "sign-in/email", "sign-up/email", "sign-out", "get-session", "list-sessions", "revoke-session", "revoke-sessions",
  "revoke-other-sessions", "update-user", "change-password", "change-email", "delete-user", "request-password-reset",
  "reset-password", "verify-email", "send-verification-email", "update-session", "sign-in/social", "callback/oidc", "ok", "error",
];

function randomString(rng: Rng): string {
  switch (rng.int(5)) {
    case 0:
      return rng.pick(SAMPLES);
    case 1: // control characters, ASCII and any UTF-16 code unit (lone surrogates included)
      return Array.from({ length: rng.int(40) }, () => String.fromCharCode(rng.int(rng.pick([0x20, 0x80, 0x10000])))).join("");
    case 2:
      return rng.pick(SAMPLES).repeat(1 + rng.int(20_000));
    case 3:
      return Array.from({ length: rng.int(60) }, () => String.fromCharCode(0x20 + rng.int(0x5f))).join("");
    default:
      return `${rng.pick(SAMPLES)}${rng.int(1e6)}`;
  }
}

function randomJson(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth >= 4 ? 4 : 7)) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, rng.int(1e9)]);
    case 3:
      return randomString(rng);
    case 4:
      return Array.from({ length: rng.int(6) }, () => randomJson(rng, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: rng.int(6) }, () => [rng.chance(0.7) ? rng.pick(FIELDS) : randomString(rng), randomJson(rng, depth + 1)]),
      );
  }
}

/** The fields a body schema names: an object's, or both sides' of an intersection. */
function schemaFields(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodIntersection) return [...schemaFields(schema.def.left), ...schemaFields(schema.def.right)];
  return [];
}

/** The fields a route's body contract names (the auth routes: Better Auth's usual ones). */
function bodyFields(route: RouteContract): string[] {
  const fields = schemaFields(route.body);
  return fields.length > 0 ? fields : FIELDS;
}

function randomBody(rng: Rng, fields: readonly string[]): string {
  const roll = rng.int(100);
  if (roll < 2) return JSON.stringify({ [rng.pick(fields)]: "x".repeat(MAX_JSON_BODY_BYTES) });
  if (roll < 4) return randomNestedJson(rng);
  if (roll < 20) return rng.chance(0.5) ? rng.pick(GARBAGE) : Array.from({ length: rng.int(200) }, () => String.fromCharCode(rng.int(256))).join("");
  if (roll < 60) {
    // The right shape with hostile values: these get past the first checks.
    const value = () => (rng.chance(0.5) ? rng.pick(HOSTILE) : rng.chance(0.5) ? randomString(rng) : randomJson(rng, 3));
    return JSON.stringify(Object.fromEntries(fields.map((field) => [field, value()])));
  }
  if (roll < 80) return JSON.stringify(Object.fromEntries(FIELDS.filter(() => rng.chance(0.3)).map((field) => [field, randomJson(rng, 3)])));
  return JSON.stringify(randomJson(rng)) ?? "";
}

/** A header value fetch accepts: printable Latin-1, no NUL/CR/LF. */
function randomHeaderValue(rng: Rng): string {
  const length = rng.chance(0.1) ? 10_000 : 1 + rng.int(60);
  return Array.from({ length }, () => String.fromCharCode(rng.chance(0.9) ? 0x21 + rng.int(0x5e) : 0xa0 + rng.int(0x60))).join("");
}

function encode(value: string): string {
  try {
    return encodeURIComponent(value).slice(0, 2_000);
  } catch {
    return "%ZZ"; // a lone surrogate cannot be encoded; send a broken escape instead
  }
}

function randomSegment(rng: Rng): string {
  const odd = ["..", "%2e%2e%2f%2e%2e%2fpackage.json", "%ZZ", "%00", "init.js", "a%2Fb", ".", "~", "__proto__", "constructor", "toString"];
  return rng.chance(0.5) ? encode(randomString(rng)) || "x" : rng.pick(odd);
}

function randomPath(rng: Rng, route: RouteContract): string {
  let path = route.path.replace(/:[A-Za-z0-9_]+/g, () => randomSegment(rng));
  if (path.endsWith("*")) path = path.slice(0, -1) + (rng.chance(0.7) ? rng.pick(AUTH_PATHS) : randomSegment(rng));
  if (rng.chance(0.4)) {
    const keys = ["org", "lastEventId", "token", "callbackURL", "x", "__proto__"];
    path += `?${Array.from({ length: 1 + rng.int(3) }, () => `${rng.pick(keys)}=${rng.chance(0.8) ? encode(randomString(rng)) : "%ZZ"}`).join("&")}`;
  }
  return path;
}

interface World {
  ownOrg: string;
  otherOrg: string;
  member: TestUser;
  authMember: TestUser;
  employee: TestUser;
}

interface FuzzRequest {
  method: string;
  path: string;
  caller: "anonymous" | "member" | "employee";
  headers: Record<string, string>;
  body?: string;
}

function randomRequest(rng: Rng, route: RouteContract, world: World): FuzzRequest {
  const isAuth = AUTH_ROUTE_IDS.has(route.id);
  const method = rng.chance(0.7) ? route.method.toUpperCase() : rng.pick(METHODS);
  let path = randomPath(rng, route);
  const caller = rng.pick(isAuth ? (["anonymous", "member"] as const) : (["anonymous", "member", "member", "employee"] as const));
  const user = caller === "anonymous" ? null : caller === "employee" ? world.employee : isAuth ? world.authMember : world.member;
  // The event stream is fuzzed only with requests that fail before it streams.
  if (route.id === "streamEvents" && user) path = `${route.path}?lastEventId=${encode(randomString(rng))}x`;

  const headers: Record<string, string> = {};
  const origin = rng.int(20);
  if (origin < 16) headers.origin = TEST_ORIGIN;
  else if (origin < 18) headers.origin = rng.pick(["http://evil.example", "null"]);
  if (rng.chance(0.1)) headers["sec-fetch-site"] = rng.pick(["cross-site", "same-origin", "none"]);
  headers["x-forwarded-for"] = rng.chance(0.9) ? (user?.ip ?? `172.16.${rng.int(256)}.${rng.int(256)}`) : randomHeaderValue(rng);
  if (user) headers.cookie = rng.chance(0.9) ? user.cookie : `${user.cookie}${randomHeaderValue(rng)}`;
  else if (rng.chance(0.1)) headers.cookie = `better-auth.session_token=${randomHeaderValue(rng).replace(/;/g, "")}`;
  if (rng.chance(0.5)) {
    headers[ORGANIZATION_HEADER] = rng.pick([world.ownOrg, world.otherOrg, "00000000-0000-0000-0000-000000000000", randomHeaderValue(rng)]);
  }
  if (rng.chance(0.05)) headers["last-event-id"] = randomHeaderValue(rng);
  const contentType = rng.chance(0.5) ? "application/json" : rng.pick(CONTENT_TYPES);
  if (contentType) headers["content-type"] = contentType;
  const body = method === "GET" || method === "HEAD" || rng.chance(0.05) ? undefined : randomBody(rng, bodyFields(route));
  return { method, path, caller, headers, body };
}

/** The first rounds give every route with a JSON body one nested 100,000 levels deep, as each of these. */
const NESTED_BODY_CALLERS = ["member", "employee"] as const;

/** A request well-formed but for its body: arrays from the member, objects from the employee. */
function nestedBodyRequest(route: RouteContract, world: World, caller: (typeof NESTED_BODY_CALLERS)[number]): FuzzRequest {
  const user = caller === "employee" ? world.employee : AUTH_ROUTE_IDS.has(route.id) ? world.authMember : world.member;
  const path = route.path.replace(/:[A-Za-z0-9_]+/g, "8f0c2a4e-1111-4a4a-9a9a-000000000000").replace(/\*$/, "sign-in/email");
  const headers = { origin: TEST_ORIGIN, "content-type": "application/json", "x-forwarded-for": user.ip, cookie: user.cookie, [ORGANIZATION_HEADER]: world.ownOrg };
  return { method: route.method.toUpperCase(), path, caller, headers, body: nestedJson(100_000, caller === "member" ? "array" : "object") };
}

const STACK_TRACE = /\bat (?:.*\()?(?:file:\/\/)?\/?[\w.-]+(?:\/[\w.@-]+)+\.(?:ts|js|mjs|cjs)\b/;
const SQL_TEXT =
  /\b(?:select\s+[\w"*.,\s]{1,200}?\s+from\s+"?\w+|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from|failed query)\b|duplicate key value|violates \w+ constraint/i;

function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? "" : ` body=${JSON.stringify(request.body.slice(0, 60))}${request.body.length > 60 ? `…(${request.body.length})` : ""}`;
  const org = request.headers[ORGANIZATION_HEADER] ? ` org=${request.headers[ORGANIZATION_HEADER].slice(0, 40)}` : "";
  return `${request.method} ${request.path.slice(0, 100)} as ${request.caller} ct=${request.headers["content-type"] ?? "-"}${org}${body}`;
}

/** Sends the requests and groups what went wrong by kind, with a few examples each. */
async function fuzz(routes: readonly RouteContract[], seed: number): Promise<Record<string, string[]>> {
  const rng = createRng(seed);
  const [own, other] = [await buildMemberOrganization(runtime), await buildOrganization(runtime)];
  const world: World = {
    ownOrg: own.organization.id,
    otherOrg: other.id,
    // An admin, so that the team routes get past the role check to the ids and bodies.
    member: await buildUser(runtime, { organizationId: own.organization.id, role: "member_admin" }),
    authMember: await buildUser(runtime, { organizationId: own.organization.id }),
    employee: await buildUser(runtime, { isEmployee: true }),
  };
  const problems: Record<string, string[]> = {};
  const note = (kind: string, request: FuzzRequest, status: number) => {
    const examples = (problems[kind] ??= []);
    if (examples.length < 5) examples.push(`${status} ${describeRequest(request)}`);
  };
  const rounds = Math.max(...routes.map(requestsFor));
  for (let round = 0; round < rounds; round += 1) {
    for (const route of routes.filter((candidate) => round < requestsFor(candidate))) {
      const nestedAs = route.body || route.id === "authPost" ? NESTED_BODY_CALLERS[round] : undefined;
      const request = nestedAs ? nestedBodyRequest(route, world, nestedAs) : randomRequest(rng, route, world);
      const errorsBefore = vi.mocked(console.error).mock.calls.length;
      const controller = new AbortController();
      const response = await runtime.app.request(request.path, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
      });
      sent += 1;
      let text = "";
      if ((response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
        controller.abort();
        await response.body?.cancel();
      } else {
        text = await response.text();
      }
      const where = `${route.id}`;
      if (response.status >= 500) note(`${where}: ${response.status} answer`, request, response.status);
      if (vi.mocked(console.error).mock.calls.length > errorsBefore) note(`${where}: console.error logged`, request, response.status);
      if (STACK_TRACE.test(text)) note(`${where}: stack trace in the body`, request, response.status);
      if (SQL_TEXT.test(text)) note(`${where}: SQL text in the body`, request, response.status);
      if (response.status >= 400 && response.status < 500 && request.method !== "HEAD" && !isErrorBody(text)) {
        note(`${where}: 4xx without the error body`, request, response.status);
      }
    }
  }
  return problems;
}

const shareWeight = (route: RouteContract) => (route.method === "get" ? 1 : BODY_ROUTE_FACTOR);
const REQUESTS_PER_SHARE = Math.max(
  MIN_REQUESTS_PER_ROUTE,
  Math.floor(TOTAL_REQUESTS / routeRegistry.reduce((total, route) => total + shareWeight(route), 0)),
);

function requestsFor(route: RouteContract): number {
  return REQUESTS_PER_SHARE * shareWeight(route);
}

function isErrorBody(text: string): boolean {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === "string" && typeof body.error.message === "string" && body.error.message.length > 0;
  } catch {
    return false;
  }
}

describe("fuzz", () => {
  it("sends bad requests to every application route: no 5xx, only error bodies", { timeout: 300_000 }, async () => {
    const routes = routeRegistry.filter((route) => !AUTH_ROUTE_IDS.has(route.id));
    expect(await fuzz(routes, SEED)).toEqual({});
  });

  it("sends bad requests to the authentication routes: no 5xx, no logged errors, only error bodies", { timeout: 300_000 }, async () => {
    const routes = routeRegistry.filter((route) => AUTH_ROUTE_IDS.has(route.id));
    expect(routes.length).toBeGreaterThan(0);
    expect(await fuzz(routes, SEED + 1)).toEqual({});
  });

  it("covers at least 10,000 requests over every registry route (the reliability bar)", () => {
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(sent).toBe(routeRegistry.reduce((total, route) => total + requestsFor(route), 0));
  });
});
