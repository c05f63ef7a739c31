import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION_HEADER, type RouteAccess, type RouteContract } from "#common/contracts/http";
import type { Organization } from "#common/contracts/organizations";
import { routeRegistry } from "#common/contracts/registry";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call, randomIp } from "#tests/factories";
import { TEST_ORIGIN, createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

/**
 * The tenant-isolation matrix: every route the server answers, called by four callers. A route
 * the app registers without a registry entry, or a registry route without a row here, fails.
 */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});

const CALLERS = ["anonymous", "memberA", "employeeNamingA", "memberBNamingA"] as const;
type CallerKind = (typeof CALLERS)[number];
type Expected = Record<CallerKind, number>;

/** One world per route: organization A with a member, organization B with a member, an employee. */
interface World {
  orgA: Organization;
  memberA: TestUser;
  memberB: TestUser;
  employee: TestUser;
  /** Text that must never reach anyone outside A: A's names (past and present), its member's email. */
  secretsOfA: string[];
}

interface RouteCall {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
  /** The answer is a Server-Sent Events stream: check its head, then hang up. */
  stream?: boolean;
}

interface MatrixEntry {
  call: (caller: CallerKind, world: World) => RouteCall;
  expect: Expected;
  /** Checks a successful answer's body (member A and the employee must see A, and only A). */
  check?: (caller: CallerKind, body: unknown, world: World) => void;
  /** Runs after all four callers. */
  verify?: (world: World) => Promise<void>;
}

const PUBLIC: Expected = { anonymous: 200, memberA: 200, employeeNamingA: 200, memberBNamingA: 200 };
const AUTHENTICATED: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 200 };
const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const EMPLOYEE: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 403 };
const EXPECTED_BY_ACCESS: Record<Exclude<RouteAccess, "public">, Expected> = {
  authenticated: AUTHENTICATED,
  organization: ORGANIZATION,
  employee: EMPLOYEE,
};

const get = (path: string) => (): RouteCall => ({ method: "GET", path });

/** Keyed by route id; every registry route needs a row. */
const matrix: Record<string, MatrixEntry> = {
  health: { call: get("/healthz"), expect: PUBLIC },
  readiness: { call: get("/readyz"), expect: PUBLIC },
  metrics: { call: get("/metrics"), expect: PUBLIC },
  openApiDocument: { call: get("/api/openapi.json"), expect: PUBLIC },
  apiDocs: { call: get("/api/docs"), expect: PUBLIC },
  apiDocsAsset: { call: get("/api/docs/assets/init.js"), expect: PUBLIC },
  authGet: { call: get("/api/auth/get-session"), expect: PUBLIC },
  authPost: { call: () => ({ method: "POST", path: "/api/auth/sign-out", body: {} }), expect: PUBLIC },
  getCurrentUser: {
    call: get("/api/me"),
    expect: AUTHENTICATED,
    check: (caller, body, world) => expect(body).toMatchObject({ id: userOf(caller, world)?.id, email: userOf(caller, world)?.email }),
  },
  getActingOrganization: {
    call: get("/api/organization"),
    expect: ORGANIZATION,
    check: (_caller, body, world) => expect(body).toMatchObject({ id: world.orgA.id }),
  },
  updateActingOrganization: {
    call: (caller, world) => {
      const name = `A renamed by ${caller} ${uniqueSuffix()}`;
      world.secretsOfA.push(name);
      return { method: "PATCH", path: "/api/organization", body: { organization_name: name } };
    },
    expect: ORGANIZATION,
    check: (caller, body, world) => expect(body).toMatchObject({ id: world.orgA.id, organization_name: expect.stringContaining(caller) }),
    verify: async (world) => {
      const reread = await call(runtime, "/api/organization", { as: world.memberA });
      expect((await reread.json()).organization_name).toMatch(/^A renamed by employeeNamingA /);
    },
  },
  streamEvents: {
    call: () => ({ method: "GET", path: "/api/events", stream: true }),
    expect: ORGANIZATION,
  },
};

let routesChecked = 0;
let leaks = 0;
afterAll(async () => {
  console.log(`tenant matrix: ${routesChecked} routes × ${CALLERS.length} callers, ${leaks} leaks`);
  await runtime.close();
});

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
  };
}

function userOf(caller: CallerKind, world: World): TestUser | null {
  return { anonymous: null, memberA: world.memberA, employeeNamingA: world.employee, memberBNamingA: world.memberB }[caller];
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** Calls as the given caller; anonymous callers and member B name A too (neither may see it). */
async function callAs(caller: CallerKind, world: World, request: RouteCall): Promise<Answer> {
  const as = userOf(caller, world);
  const org = caller === "memberA" ? undefined : world.orgA.id;
  if (!request.stream) {
    const response = await call(runtime, request.path, {
      method: request.method,
      as,
      org,
      body: request.body,
      headers: as ? {} : { "x-forwarded-for": randomIp() },
    });
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", text: await response.text() };
  }
  const headers: Record<string, string> = { origin: TEST_ORIGIN, "x-forwarded-for": as?.ip ?? randomIp() };
  if (as) headers.cookie = as.cookie;
  if (org) headers[ORGANIZATION_HEADER] = org;
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
        expect(entry.expect, `expectations must match the declared access "${route.access}"`).toEqual(EXPECTED_BY_ACCESS[route.access]);
      }

      const world = await buildWorld();
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
        if (answer.status === 200 && request.stream) expect(answer.contentType).toMatch(/^text\/event-stream/);
        if (answer.status === 200 && entry.check && answer.contentType.startsWith("application/json")) {
          entry.check(caller, JSON.parse(answer.text), world);
        }
      }
      leaks += leaked.length;
      routesChecked += 1;
      expect(leaked, "A's data reached a caller outside A").toEqual([]);
      expect(observed).toEqual(entry.expect);
      await entry.verify?.(world);
    },
  );
});
