import { expect } from "vitest";
import type { RouteAccess } from "#common/contracts/http";
import type { Organization } from "#common/contracts/organizations";
import type { Runtime } from "#server/runtime";
import { generateStorageKey } from "#server/storage/storage-keys";
import { type TestUser, call } from "#tests/factories";
import { onboardingMatrixRows } from "#tests/tenant-matrix-onboarding-rows";
import { accessMatrixRows } from "#tests/tenant-matrix-access-rows";
import { pricingMatrixRows } from "#tests/tenant-matrix-pricing-rows";
import { connectionMatrixRows } from "#tests/tenant-matrix-connection-rows";
import { migrationMatrixRows } from "#tests/tenant-matrix-migration-rows";
import { teamMatrixRows } from "#tests/tenant-matrix-team-rows";
import { organizationMatrixRows } from "#tests/tenant-matrix-organization-rows";
import { launchPlanMatrixRows } from "#tests/tenant-matrix-launch-plan-rows";
import { configurationMatrixRows } from "#tests/tenant-matrix-configuration-rows";
import { contentMatrixRows } from "#tests/tenant-matrix-content-rows";
import { actionLogMatrixRows } from "#tests/tenant-matrix-action-log-rows";
import { notificationMatrixRows } from "#tests/tenant-matrix-notification-rows";
import { extensionMatrixRows } from "#tests/tenant-matrix-extension-rows";
import { extensionWorkspaceMatrixRows } from "#tests/tenant-matrix-extension-workspace-rows";
import { decisionMakerMatrixRows } from "#tests/tenant-matrix-decision-maker-rows";
import { supportMatrixRows } from "#tests/tenant-matrix-support-rows";
import { CALLERS, type CallerKind, fixture } from "#tests/tenant-matrix-fixture";
import { uniqueSuffix } from "#tests/test-runtime";

/**
 * The rows of the tenant-isolation matrix (tests/integration/tenant-matrix.test.ts): for every
 * registry route, how each of four callers calls it and what each must get.
 */

/** The matrix runtime's METRICS_TOKEN: /metrics answers whoever sends it, signed in or not. */
export const MATRIX_METRICS_TOKEN = `matrix-metrics-${uniqueSuffix()}-token`;

/** Set by the matrix test once its runtime is up; rows prepare and verify their data through it. */
export const matrixRuntime: { current?: Runtime } = {};

function currentRuntime(): Runtime {
  if (!matrixRuntime.current) throw new Error("the tenant matrix runtime is not started");
  return matrixRuntime.current;
}

export { CALLERS, type CallerKind } from "#tests/tenant-matrix-fixture";
export type Expected = Record<CallerKind, number>;

/** One world per route: organization A with a member, organization B with a member, an employee. */
export interface World {
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

export interface RouteCall {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
  /** A raw body (a file upload) sent as is with its content type, instead of `body` as JSON. */
  raw?: { contentType: string; text: string } | { contentType: string; bytes: Uint8Array };
  /** The answer is a Server-Sent Events stream: check its head, then hang up. */
  stream?: boolean;
  /** Headers every caller sends besides its own (a token that is not a session). */
  headers?: Record<string, string>;
}

export interface MatrixEntry {
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
/** Members are refused as employees-only before any organization is resolved: 403, not 404. */
const EMPLOYEE_ORGANIZATION: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 403 };
export const EXPECTED_BY_ACCESS: Record<Exclude<RouteAccess, "public">, Expected> = {
  authenticated: AUTHENTICATED,
  organization: ORGANIZATION,
  employee: EMPLOYEE,
  "employee-organization": EMPLOYEE_ORGANIZATION,
};

export function userOf(caller: CallerKind, world: World): TestUser | null {
  return { anonymous: null, memberA: world.memberA, employeeNamingA: world.employee, memberBNamingA: world.memberB }[caller];
}

const get = (path: string) => (): RouteCall => ({ method: "GET", path });

/** A file stored for the row, and the path and query of its signed link. */
async function storeFileWithLink(world: World): Promise<void> {
  const { storage } = currentRuntime();
  const key = generateStorageKey("tenant-matrix");
  await storage.put(key, Buffer.from(`matrix file ${world.tag}`), "text/plain");
  const url = new URL(await storage.createSignedUrl(key, { downloadName: `matrix-${world.tag}.txt` }), "http://portal.test");
  world.fixtures.fileLink = `${url.pathname}${url.search}`;
}

/** Keyed by route id; every registry route needs a row. */
export const matrix: Record<string, MatrixEntry> = {
  // NDA, launchpad, dashboard and trial status: tests/tenant-matrix-onboarding-rows.ts.
  ...onboardingMatrixRows(currentRuntime),
  // Access and menu-version administration: tests/tenant-matrix-access-rows.ts.
  ...accessMatrixRows(currentRuntime),
  // Pricing catalog and estimates: tests/tenant-matrix-pricing-rows.ts.
  ...pricingMatrixRows(currentRuntime),
  // Data connections: tests/tenant-matrix-connection-rows.ts.
  ...connectionMatrixRows(currentRuntime),
  // Migration workbench and ETL administration: tests/tenant-matrix-migration-rows.ts.
  ...migrationMatrixRows(currentRuntime),
  // Team, invitations and their acceptance: tests/tenant-matrix-team-rows.ts.
  ...teamMatrixRows(currentRuntime),
  // The organization profile (/organization) and its logo: tests/tenant-matrix-organization-rows.ts.
  ...organizationMatrixRows(currentRuntime),
  // Extensions: requests, activation, declines: tests/tenant-matrix-extension-rows.ts.
  ...extensionMatrixRows(currentRuntime),
  // Extension workspaces (AP Automation, Container Management): tests/tenant-matrix-extension-workspace-rows.ts.
  ...extensionWorkspaceMatrixRows(currentRuntime),
  // The Decision-maker Dashboard: tests/tenant-matrix-decision-maker-rows.ts.
  ...decisionMakerMatrixRows(currentRuntime),
  // /support: tests/tenant-matrix-support-rows.ts.
  ...supportMatrixRows(currentRuntime),
  ...launchPlanMatrixRows(currentRuntime),
  // The configuration questionnaire: tests/tenant-matrix-configuration-rows.ts.
  ...configurationMatrixRows(currentRuntime),
  // The file library and its attachments: tests/tenant-matrix-content-rows.ts.
  ...contentMatrixRows(currentRuntime),
  // The action log, Get Expert Help and the help inbox: tests/tenant-matrix-action-log-rows.ts.
  ...actionLogMatrixRows(currentRuntime),
  // The notification centre, its choices and the unsubscribe link: tests/tenant-matrix-notification-rows.ts.
  ...notificationMatrixRows(currentRuntime),
  health: { call: get("/healthz"), expect: PUBLIC },
  readiness: { call: get("/readyz"), expect: PUBLIC },
  metrics: { call: () => ({ method: "GET", path: "/metrics", headers: { authorization: `Bearer ${MATRIX_METRICS_TOKEN}` } }), expect: PUBLIC },
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
      const reread = await call(currentRuntime(), "/api/organization", { as: world.memberA });
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
      const list: { organization_name: string }[] = await (await call(currentRuntime(), "/api/employee/organizations", { as: world.employee })).json();
      expect(list.filter((item) => item.organization_name.endsWith(world.tag)).map((item) => item.organization_name)).toEqual([
        `Created by employeeNamingA ${world.tag}`,
      ]);
    },
  },
  downloadFile: {
    // The signature is the credential: whoever holds a valid link downloads the file, with or
    // without a session; the same link with its signature altered is refused for everyone.
    setup: storeFileWithLink,
    call: (_caller, world) => ({ method: "GET", path: fixture(world, "fileLink") }),
    expect: PUBLIC,
    verify: async (world) => {
      const link = fixture(world, "fileLink");
      expect(await (await call(currentRuntime(), link)).text()).toBe(`matrix file ${world.tag}`);
      const altered = link.replace(/signature=(.)/, (_match, first: string) => `signature=${first === "A" ? "B" : "A"}`);
      for (const caller of CALLERS) {
        const response = await call(currentRuntime(), altered, { as: userOf(caller, world) });
        expect(response.status, `${caller} with an altered link`).toBe(403);
        expect((await response.json()).error).toEqual({ code: "forbidden", message: "This link is not valid" });
      }
    },
  },
};
