import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION_HEADER, type RouteAccess, type RouteContract } from "#common/contracts/http";
import type { Organization } from "#common/contracts/organizations";
import { routeRegistry } from "#common/contracts/registry";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildInvitation, buildMemberOrganization, buildOrganization, buildUser, call, randomIp } from "#tests/factories";
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
  /** Text that must never reach anyone outside A: A's names (past and present), its members' emails. */
  secretsOfA: string[];
  /** Unique to this world, for names the row creates. */
  tag: string;
  /** Ids, emails and tokens a row's `setup` prepared. */
  fixtures: Record<string, string>;
}

interface RouteCall {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
  /** The answer is a Server-Sent Events stream: check its head, then hang up. */
  stream?: boolean;
}

interface MatrixEntry {
  /** Runs before the four callers, e.g. to create the invitation or member the route acts on. */
  setup?: (world: World) => Promise<void>;
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

/**
 * Routes that manage A's team: member A is a plain member_user (403 inside A), the employee
 * succeeds, and member B naming A learns nothing (404).
 */
const MANAGE_TEAM: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 404 };

const get = (path: string) => (): RouteCall => ({ method: "GET", path });
const fixture = (world: World, name: string): string => {
  const value = world.fixtures[name];
  if (value === undefined) throw new Error(`the row's setup prepared no ${name}`);
  return value;
};

/** Adds a member to A who is neither caller, for the routes that change or remove a member. */
async function addColleagueToA(world: World): Promise<void> {
  const colleague = await buildUser(runtime, { organizationId: world.orgA.id });
  world.fixtures.colleagueId = colleague.id;
  world.secretsOfA.push(colleague.email);
}

/** A pending invitation of A, sent by the employee; its email is A's data. */
async function inviteToA(world: World): Promise<void> {
  const { invitation, email } = await buildInvitation(runtime, world.employee, world.orgA.id);
  world.fixtures.invitationId = invitation.id;
  world.secretsOfA.push(email);
}

async function readTeamOfA(world: World): Promise<{ members: { id: string; role: string }[]; invitations: { id: string; email: string }[] }> {
  const response = await call(runtime, "/api/team", { as: world.memberA });
  expect(response.status).toBe(200);
  return response.json();
}

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
  getSignInOptions: {
    call: get("/api/sign-in-options"),
    expect: PUBLIC,
    check: (_caller, body) => expect(body).toHaveProperty("sso"),
  },
  updateProfile: {
    call: (caller) => ({ method: "PATCH", path: "/api/me/profile", body: { full_name: `Profile of ${caller}`, company_role: null } }),
    expect: AUTHENTICATED,
    check: (caller, body, world) => expect(body).toMatchObject({ id: userOf(caller, world)?.id, full_name: `Profile of ${caller}` }),
  },
  listEmployeeOrganizations: {
    call: get("/api/employee/organizations"),
    expect: EMPLOYEE,
    check: (_caller, body, world) => expect(body).toContainEqual({ id: world.orgA.id, organization_name: world.orgA.organization_name }),
  },
  createOrganization: {
    call: (caller, world) => ({
      method: "POST",
      path: "/api/employee/organizations",
      body: { organization_name: `Created by ${caller} ${world.tag}`, first_member: null },
    }),
    expect: { ...EMPLOYEE, employeeNamingA: 201 },
    check: (_caller, body, world) => expect(body).toMatchObject({ organization: { organization_name: `Created by employeeNamingA ${world.tag}` }, invitation: null }),
    verify: async (world) => {
      const list: { organization_name: string }[] = await (await call(runtime, "/api/employee/organizations", { as: world.employee })).json();
      expect(list.filter((item) => item.organization_name.endsWith(world.tag)).map((item) => item.organization_name)).toEqual([
        `Created by employeeNamingA ${world.tag}`,
      ]);
    },
  },
  getTeam: {
    call: get("/api/team"),
    expect: ORGANIZATION,
    check: (_caller, body, world) => {
      const ids = (body as { members: { id: string }[] }).members.map((member) => member.id);
      expect(ids).toContain(world.memberA.id);
      expect(ids).not.toContain(world.memberB.id);
    },
  },
  inviteMember: {
    call: (caller, world) => {
      const email = `invitee-${caller.toLowerCase()}-${world.tag}@example.test`;
      world.secretsOfA.push(email);
      return { method: "POST", path: "/api/team/invitations", body: { email, role: "member_user" } };
    },
    expect: { ...MANAGE_TEAM, employeeNamingA: 201 },
    check: (_caller, body, world) => expect(body).toMatchObject({ email: `invitee-employeenaminga-${world.tag}@example.test` }),
    verify: async (world) => {
      const team = await readTeamOfA(world);
      expect(team.invitations.map((invitation) => invitation.email)).toEqual([`invitee-employeenaminga-${world.tag}@example.test`]);
    },
  },
  resendInvitation: {
    setup: inviteToA,
    call: (_caller, world) => ({ method: "POST", path: `/api/team/invitations/${fixture(world, "invitationId")}/resend` }),
    expect: MANAGE_TEAM,
    check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "invitationId"), expired: false }),
  },
  revokeInvitation: {
    setup: inviteToA,
    call: (_caller, world) => ({ method: "DELETE", path: `/api/team/invitations/${fixture(world, "invitationId")}` }),
    expect: MANAGE_TEAM,
    verify: async (world) => expect((await readTeamOfA(world)).invitations).toEqual([]),
  },
  changeMemberRole: {
    setup: addColleagueToA,
    call: (_caller, world) => ({ method: "PATCH", path: `/api/team/members/${fixture(world, "colleagueId")}`, body: { role: "member_admin" } }),
    expect: MANAGE_TEAM,
    check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "colleagueId"), role: "member_admin" }),
  },
  removeMember: {
    setup: addColleagueToA,
    call: (_caller, world) => ({ method: "DELETE", path: `/api/team/members/${fixture(world, "colleagueId")}` }),
    expect: MANAGE_TEAM,
    verify: async (world) => {
      const ids = (await readTeamOfA(world)).members.map((member) => member.id);
      expect(ids).toEqual([world.memberA.id]);
    },
  },
  lookupInvitation: {
    // The token is the credential and the answer names its organization: an invitation to a
    // third organization, so that nothing of A can appear.
    setup: async (world) => {
      const other = await buildOrganization(runtime);
      const { email, token } = await buildInvitation(runtime, world.employee, other.id);
      Object.assign(world.fixtures, { lookupEmail: email, lookupToken: token });
    },
    call: (_caller, world) => ({ method: "POST", path: "/api/invitations/lookup", body: { token: fixture(world, "lookupToken") } }),
    expect: PUBLIC,
    check: (_caller, body, world) => expect(body).toMatchObject({ email: fixture(world, "lookupEmail") }),
  },
  acceptInvitation: {
    // One invitation to A per caller: whoever holds a link joins A through it, whatever session they have.
    setup: async (world) => {
      for (const caller of CALLERS) world.fixtures[`token:${caller}`] = (await buildInvitation(runtime, world.employee, world.orgA.id)).token;
    },
    call: (caller, world) => {
      const password = "amber-glacier-notebook-19";
      const body = { token: fixture(world, `token:${caller}`), full_name: `Joined as ${caller}`, newPassword: password, confirmPassword: password };
      return { method: "POST", path: "/api/invitations/accept", body };
    },
    expect: PUBLIC,
    verify: async (world) => {
      const team = await readTeamOfA(world);
      expect(team.members).toHaveLength(1 + CALLERS.length);
      expect(team.invitations).toEqual([]);
    },
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
    tag: uniqueSuffix(),
    fixtures: {},
  };
}

/**
 * What a row may expect, given its route's access level: outsiders (anonymous, member B naming A)
 * exactly as the level says; insiders the route's own success status where the level grants
 * access, or 403 when a role inside the organization is not enough (member A is a member_user).
 */
function allowedExpectation(route: RouteContract, byAccess: Expected, declared: Expected): Expected {
  const success = route.successStatus ?? 200;
  const insider = (caller: "memberA" | "employeeNamingA"): number => {
    if (byAccess[caller] !== 200) return byAccess[caller];
    return caller === "memberA" && declared.memberA === 403 ? 403 : success;
  };
  return { ...byAccess, memberA: insider("memberA"), employeeNamingA: insider("employeeNamingA") };
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
      await entry.verify?.(world);
    },
  );
});
