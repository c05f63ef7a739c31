import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ORGANIZATION_HEADER, type RouteContract } from "#common/contracts/http";
import { routeRegistry } from "#common/contracts/registry";
import { buildUnsubscribeUrl } from "#server/features/notifications/notification-delivery.service";
import type { Runtime } from "#server/runtime";
import { insertNda } from "#tests/access-test-kit";
import { createEntryOk, createHelpRequest } from "#tests/action-log-test-kit";
import { attachToMilestoneOk, createFolderOk, firstMilestoneIds, uploadFileOk } from "#tests/content-test-kit";
import { type TestUser, buildMemberOrganization, buildUser } from "#tests/factories";
import { CONTENT_TYPES, METHODS, bodyFields, encode, randomBody, randomHeaderValue, randomPath, randomRawBody, randomString } from "#tests/fuzz-inputs";
import { completeLaunchpad } from "#tests/launch-plan-test-kit";
import { TEST_ORIGIN, createTestRuntime } from "#tests/test-runtime";
import { nestedJson } from "#tests/nested-json";
import { type Rng, createRng } from "#tests/seeded-random";

/**
 * Deterministic fuzz: thousands of malformed requests over every registry route, as anonymous
 * callers, members and an employee. None may answer 5xx, log an error, or leak internals, and
 * every 4xx carries the one error body.
 */

const SEED = 0x5eed_2026;
/**
 * Requests per route, from what the route takes: a GET route gets REQUESTS_PER_ROUTE, any other
 * REQUESTS_PER_BODY_ROUTE, and every body or query field REQUESTS_PER_FIELD more. A new route adds its own share (a second or so), not a share of a
 * fixed total.
 */
const REQUESTS_PER_ROUTE = 40;
const REQUESTS_PER_BODY_ROUTE = 100;
const REQUESTS_PER_FIELD = 16;
/** The reliability bar: the fuzz sends at least this many requests in all. */
const MIN_TOTAL_REQUESTS = 10_000;
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

interface World {
  ownOrg: string;
  otherOrg: string;
  member: TestUser;
  authMember: TestUser;
  employee: TestUser;
  /** Real ids of the world (a folder, files of both organizations, an attachment, a milestone, action log entries of both, a member) for paths and queries. */
  known: string[];
}

interface FuzzRequest {
  method: string;
  path: string;
  caller: "anonymous" | "member" | "employee";
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

function randomRequest(rng: Rng, route: RouteContract, world: World): FuzzRequest {
  const isAuth = AUTH_ROUTE_IDS.has(route.id);
  const method = rng.chance(0.7) ? route.method.toUpperCase() : rng.pick(METHODS);
  let path = randomPath(rng, route, world.known);
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
  const withBody = method !== "GET" && method !== "HEAD" && !rng.chance(0.05);
  if (route.rawBody && withBody && rng.chance(0.7)) {
    // Uploads and imports: bytes under a type of the route's (mostly), past the JSON body limit.
    const raw = randomRawBody(rng, route);
    if (raw.contentType) headers["content-type"] = raw.contentType;
    return { method, path, caller, headers, body: raw.body };
  }
  const contentType = rng.chance(0.5) ? "application/json" : rng.pick(CONTENT_TYPES);
  if (contentType) headers["content-type"] = contentType;
  return { method, path, caller, headers, body: withBody ? randomBody(rng, bodyFields(route)) : undefined };
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
  const shown = typeof request.body === "string" ? request.body : request.body && Buffer.from(request.body.subarray(0, 60)).toString("latin1");
  const body = request.body === undefined ? "" : ` body=${JSON.stringify(shown?.slice(0, 60))}${request.body.length > 60 ? `…(${request.body.length})` : ""}`;
  const org = request.headers[ORGANIZATION_HEADER] ? ` org=${request.headers[ORGANIZATION_HEADER].slice(0, 40)}` : "";
  return `${request.method} ${request.path.slice(0, 100)} as ${request.caller} ct=${request.headers["content-type"] ?? "-"}${org}${body}`;
}

/** A folder, a file and its attachment to a milestone in the own organization (its Launch Plan open), a file of the other's. */
async function libraryIds(own: { organization: { id: string }; member: TestUser }, otherMember: TestUser): Promise<string[]> {
  await completeLaunchpad(runtime, own.organization.id);
  const [milestoneId] = await firstMilestoneIds(runtime);
  const folder = await createFolderOk(runtime, own.member, "Fuzzed folder");
  const file = await uploadFileOk(runtime, own.member, "Fuzzed file");
  const attachment = await attachToMilestoneOk(runtime, own.member, milestoneId, file.id);
  const theirs = await uploadFileOk(runtime, otherMember, "Another organization's file");
  return [folder.id, file.id, attachment.id, milestoneId, theirs.id];
}

/** The own organization's NDA signed (its typed pages open) and entries of its action log, one of each organization. */
async function actionLogIds(own: { organization: { id: string }; member: TestUser }, otherMember: TestUser): Promise<string[]> {
  await insertNda(runtime, own.organization.id, "signed-by-prospect");
  const risk = await createEntryOk(runtime, own.member, { title: "Fuzzed risk", action_log_type: "Risk", likelihood: "Possible" });
  const task = await createEntryOk(runtime, own.member, { title: "Fuzzed task", assigned_to: own.member.id, due_date: "2030-01-31" });
  const theirs = await createHelpRequestOk(otherMember);
  return [risk.id, task.id, own.member.id, theirs];
}

/** A real unsubscribe link's token, so the unsubscribe routes get past the link check too. */
function unsubscribeToken(member: TestUser): string {
  const token = new URL(buildUnsubscribeUrl(runtime.notifications, member.id, ["assigned"])).searchParams.get("token");
  if (!token) throw new Error("no token in the unsubscribe link");
  return token;
}

async function createHelpRequestOk(as: TestUser): Promise<string> {
  const response = await createHelpRequest(runtime, as, { help_type: "issue", title: "Another organization's bug" });
  expect(response.status).toBe(201);
  return (await response.json()).entry.id;
}

/** Sends the requests and groups what went wrong by kind, with a few examples each. */
async function fuzz(routes: readonly RouteContract[], seed: number): Promise<Record<string, string[]>> {
  const rng = createRng(seed);
  const [own, other] = [await buildMemberOrganization(runtime), await buildMemberOrganization(runtime)];
  const world: World = {
    ownOrg: own.organization.id,
    otherOrg: other.organization.id,
    // An admin, so that the team routes get past the role check to the ids and bodies.
    member: await buildUser(runtime, { organizationId: own.organization.id, role: "member_admin" }),
    authMember: await buildUser(runtime, { organizationId: own.organization.id }),
    employee: await buildUser(runtime, { isEmployee: true }),
    known: [...(await libraryIds(own, other.member)), ...(await actionLogIds(own, other.member)), unsubscribeToken(own.member)],
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

function requestsFor(route: RouteContract): number {
  const queryFields = route.query instanceof z.ZodObject ? Object.keys(route.query.shape).length : 0;
  // Better Auth's routes have no contract body: the fields it reads (FIELDS) stand in.
  const bodyFieldCount = route.body || AUTH_ROUTE_IDS.has(route.id) ? bodyFields(route).length : 0;
  const perRoute = route.method === "get" ? REQUESTS_PER_ROUTE : REQUESTS_PER_BODY_ROUTE;
  return perRoute + REQUESTS_PER_FIELD * (bodyFieldCount + queryFields);
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
    expect(sent).toBeGreaterThanOrEqual(MIN_TOTAL_REQUESTS);
    expect(sent).toBe(routeRegistry.reduce((total, route) => total + requestsFor(route), 0));
  });
});
