import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION_HEADER, type RouteAccess, type RouteContract } from "#common/contracts/http";
import { routeRegistry } from "#common/contracts/registry";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization, buildUser, call, randomIp } from "#tests/factories";
import { MATRIX_ADMIN_EMAIL } from "#tests/tenant-matrix-access-rows";
import { CALLERS, type CallerKind, EXPECTED_BY_ACCESS, type Expected, type RouteCall, type World, MATRIX_METRICS_TOKEN, matrix, matrixRuntime, userOf } from "#tests/tenant-matrix-rows";
import { TEST_ORIGIN, createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

/**
 * The tenant-isolation matrix: every route the server answers, called by four callers. A route
 * the app registers without a registry entry, or a registry route without a row in
 * tests/tenant-matrix-rows.ts, fails.
 */

let runtime: Runtime;
beforeAll(async () => {
  // The menu-version rows act as the provider administrator (see tenant-matrix-access-rows.ts).
  runtime = await createTestRuntime({ PROVIDER_ADMIN_EMAIL: MATRIX_ADMIN_EMAIL, METRICS_TOKEN: MATRIX_METRICS_TOKEN });
  matrixRuntime.current = runtime;
});


let routesChecked = 0;
let leaks = 0;
afterAll(async () => {
  console.log(`tenant matrix: ${routesChecked} routes × ${CALLERS.length} callers, ${leaks} leaks`);
  await runtime.close();
});

/** The access levels on which the guard resolves the acting organization from the request. */
const ACTING_ACCESS: ReadonlySet<RouteAccess> = new Set(["organization", "employee-organization"]);

const routeLabel = (route: RouteContract) => `${route.method.toUpperCase()} ${route.path}`;
const OPERATIONS_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** `/api/items/:id` and `/api/auth/*` as a regular expression for the concrete paths in the table. */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/:[A-Za-z0-9_]+/g, "[^/]+").replace(/\*$/, ".+")}$`);
}

async function buildWorld(): Promise<World> {
  const a = await buildMemberOrganization(runtime);
  const b = await buildMemberOrganization(runtime);
  const employee = await buildUser(runtime, { isEmployee: true });
  return {
    orgA: a.organization,
    memberA: a.member,
    memberB: b.member,
    employee,
    secretsOfA: [a.organization.organization_name, a.member.email],
    tag: uniqueSuffix(),
    fixtures: {},
  };
}

/**
 * What a row may expect, given its route's access level: outsiders (anonymous, member B naming A)
 * exactly as the level says; insiders the route's own success status where the level grants
 * access, or 403 when a role inside the organization is not enough (member A is a member_user;
 * some actions, like signing the NDA, are the organization's members' alone, not employees').
 */
function allowedExpectation(route: RouteContract, byAccess: Expected, declared: Expected): Expected {
  const success = route.successStatus ?? 200;
  const insider = (caller: "memberA" | "employeeNamingA"): number => {
    if (byAccess[caller] !== 200) return byAccess[caller];
    return declared[caller] === 403 ? 403 : success;
  };
  // Member B naming A may also be refused by role where the level would let anyone in: only the
  // provider administrator manages menu versions. A refusal is never a leak.
  const memberB = byAccess.memberBNamingA === 200 && declared.memberBNamingA === 403 ? 403 : byAccess.memberBNamingA;
  return { ...byAccess, memberA: insider("memberA"), employeeNamingA: insider("employeeNamingA"), memberBNamingA: memberB };
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * Calls as the given caller; anonymous callers and member B name A too (neither may see it), unless
 * `named` says otherwise (null: no organization named). JSON
 * bodies go through `call`; raw bodies and event streams are sent with the same headers by hand.
 */
async function callAs(
  caller: CallerKind,
  world: World,
  request: RouteCall,
  named: string | null = caller === "memberA" ? null : world.orgA.id,
): Promise<Answer> {
  const as = userOf(caller, world);
  const org = named ?? undefined;
  if (!request.stream && !request.raw) {
    const response = await call(runtime, request.path, {
      method: request.method,
      as,
      org,
      body: request.body,
      headers: { ...request.headers, ...(as ? {} : { "x-forwarded-for": randomIp() }) },
    });
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", text: await response.text() };
  }
  const headers: Record<string, string> = { ...request.headers, origin: TEST_ORIGIN, "x-forwarded-for": as?.ip ?? randomIp() };
  if (as) headers.cookie = as.cookie;
  if (org) headers[ORGANIZATION_HEADER] = org;
  if (request.raw) {
    headers["content-type"] = request.raw.contentType;
    const body = "bytes" in request.raw ? new Uint8Array(request.raw.bytes) : request.raw.text;
    const response = await runtime.app.request(request.path, { method: request.method, headers, body });
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", text: await response.text() };
  }
  const controller = new AbortController();
  const response = await runtime.app.request(request.path, { method: request.method, headers, signal: controller.signal });
  const contentType = response.headers.get("content-type") ?? "";
  if (!contentType.startsWith("text/event-stream")) return { status: response.status, contentType, text: await response.text() };
  controller.abort();
  await response.body?.cancel();
  return { status: response.status, contentType, text: "" };
}

describe("route coverage", () => {
  it("serves exactly the routes of the registry", () => {
    const served = new Set(
      runtime.app.routes
        .filter((route) => route.method !== "ALL")
        .filter((route) => route.path.startsWith("/api") || OPERATIONS_PATHS.has(route.path))
        .map((route) => `${route.method} ${route.path}`),
    );
    const registered = new Set(routeRegistry.map(routeLabel));
    expect([...served].filter((route) => !registered.has(route)), "served but missing from routeRegistry").toEqual([]);
    expect([...registered].filter((route) => !served.has(route)), "in routeRegistry but not served").toEqual([]);
    expect(registered.size, "two registry entries share a method and path").toBe(routeRegistry.length);
  });

  it("has one matrix row per registry route, and no stale rows", () => {
    const ids = routeRegistry.map((route) => route.id);
    expect(new Set(ids).size, "route ids must be unique").toBe(ids.length);
    expect(ids.filter((id) => !(id in matrix)), "registry routes without a tenant-matrix row").toEqual([]);
    expect(Object.keys(matrix).filter((id) => !ids.includes(id)), "matrix rows naming no registry route").toEqual([]);
  });
});

describe("tenant matrix", () => {
  it.each(routeRegistry.map((route) => [`${routeLabel(route)} (${route.id})`, route] as const))(
    "%s",
    async (_label, route) => {
      const entry = matrix[route.id];
      if (!entry) throw new Error(`route ${route.id} (${routeLabel(route)}) has no row in the tenant matrix`);
      if (route.access === "public") {
        expect(Object.values(entry.expect), "public routes answer everyone without 401").not.toContain(401);
      } else {
        expect(entry.expect, `expectations must match the declared access "${route.access}"`).toEqual(
          allowedExpectation(route, EXPECTED_BY_ACCESS[route.access], entry.expect),
        );
      }

      const world = await buildWorld();
      await entry.setup?.(world);
      const observed: Partial<Expected> = {};
      const leaked: string[] = [];
      for (const caller of CALLERS) {
        const request = entry.call(caller, world);
        expect(request.method, "the row must call the route's own method").toBe(route.method.toUpperCase());
        expect(request.path.split("?")[0], "the row must call the route's own path").toMatch(pathPattern(route.path));
        const answer = await callAs(caller, world, request);
        observed[caller] = answer.status;
        if (caller === "anonymous" || caller === "memberBNamingA") {
          for (const secret of world.secretsOfA) {
            if (answer.text.includes(secret)) leaked.push(`${caller} saw "${secret}" (status ${answer.status})`);
          }
        }
        const succeeded = answer.status >= 200 && answer.status < 300;
        if (succeeded && request.stream) expect(answer.contentType).toMatch(/^text\/event-stream/);
        if (succeeded && entry.check && answer.contentType.startsWith("application/json")) {
          entry.check(caller, JSON.parse(answer.text), world);
        }
      }
      leaks += leaked.length;
      routesChecked += 1;
      expect(leaked, "A's data reached a caller outside A").toEqual([]);
      expect(observed).toEqual(entry.expect);
      if (ACTING_ACCESS.has(route.access)) {
        // The same resolver answers for every level that acts for an organization: an employee
        // must name one, and one that exists.
        const request = entry.call("employeeNamingA", world);
        expect((await callAs("employeeNamingA", world, request, null)).status, "employee naming no organization").toBe(400);
        expect((await callAs("employeeNamingA", world, request, randomUUID())).status, "employee naming an unknown organization").toBe(404);
      }
      await entry.verify?.(world);
    },
  );
});
