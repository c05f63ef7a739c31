import { expect } from "vitest";
import type { Runtime } from "#server/runtime";
import { call } from "#tests/factories";
import type { Expected, MatrixEntry, RouteCall, World } from "#tests/tenant-matrix-rows";
import { fixture } from "#tests/tenant-matrix-fixture";

/**
 * Tenant-matrix rows of the NDA, launchpad, dashboard and trial-status routes, merged into the
 * matrix by tests/tenant-matrix-rows.ts. Types only come from there, so neither module needs the
 * other at load time.
 */

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const EMPLOYEE: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 403 };
/** Employees' actions inside A: member A (a member) is refused, member B naming A learns nothing. */
const EMPLOYEE_IN_A: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 404 };

const get = (path: string) => (): RouteCall => ({ method: "GET", path });

export function onboardingMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  /** Member A signs A's NDA; the signer's name is A's data. */
  async function signNdaForA(world: World): Promise<void> {
    const fullName = `Signer ${world.tag}`;
    const response = await call(runtime(), "/api/nda/sign", {
      method: "POST",
      as: world.memberA,
      body: { full_name: fullName, title: "Chief Executive", agreed: true },
    });
    expect(response.status).toBe(201);
    world.fixtures.ndaId = (await response.json()).id;
    world.secretsOfA.push(fullName);
  }

  async function ndasOfA(world: World): Promise<{ ndas: { id: string; status: string }[]; signed: boolean }> {
    const response = await call(runtime(), "/api/nda", { as: world.memberA });
    expect(response.status).toBe(200);
    return response.json();
  }

  return {
    getNdaTemplate: {
      call: get("/api/nda/template"),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(body).toMatchObject({ version: expect.any(Number), title: expect.any(String) }),
    },
    updateNdaTemplate: {
      call: (caller, world) => ({
        method: "PUT",
        path: "/api/nda/template",
        body: { title: `Mutual NDA ${world.tag}`, body: `Template saved by ${caller} ${world.tag}.` },
      }),
      expect: EMPLOYEE,
      check: (_caller, body, world) => expect(body).toMatchObject({ title: `Mutual NDA ${world.tag}`, is_default: false }),
    },
    listNdas: {
      setup: signNdaForA,
      call: get("/api/nda"),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect(body).toMatchObject({ signed: true, ndas: [{ id: fixture(world, "ndaId"), organization_id: world.orgA.id }] }),
    },
    signNda: {
      call: (caller, world) => {
        const fullName = `Signed as ${caller} ${world.tag}`;
        world.secretsOfA.push(fullName);
        return { method: "POST", path: "/api/nda/sign", body: { full_name: fullName, title: "Director", agreed: true } };
      },
      // Only members sign: the employee is refused even inside A.
      expect: { anonymous: 401, memberA: 201, employeeNamingA: 403, memberBNamingA: 404 },
      check: (_caller, body, world) => expect(body).toMatchObject({ organization_id: world.orgA.id, status: "signed-by-prospect" }),
      verify: async (world) => {
        const overview = await ndasOfA(world);
        expect(overview.ndas.map((nda) => nda.status)).toEqual(["signed-by-prospect"]);
      },
    },
    countersignNda: {
      setup: signNdaForA,
      call: (caller, world) => ({
        method: "POST",
        path: `/api/nda/${fixture(world, "ndaId")}/countersign`,
        body: { full_name: `Countersigned by ${caller}`, title: "Account Executive" },
      }),
      expect: EMPLOYEE_IN_A,
      check: (_caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "ndaId"), status: "signed-by-all" }),
      verify: async (world) => expect((await ndasOfA(world)).ndas.map((nda) => nda.status)).toEqual(["signed-by-all"]),
    },
    getNdaDocument: {
      setup: signNdaForA,
      call: (_caller, world) => ({ method: "GET", path: `/api/nda/${fixture(world, "ndaId")}/document` }),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(body).toMatchObject({ url: expect.stringContaining("/api/files/nda/"), expires_in_seconds: 3600 }),
    },
    getLaunchpad: {
      call: get("/api/launchpad"),
      expect: ORGANIZATION,
      check: (_caller, body) => expect((body as { pages: unknown[] }).pages).toHaveLength(10),
    },
    saveLaunchpadPage: {
      call: (caller, world) => {
        const industry = `Industry of ${caller} ${world.tag}`;
        world.secretsOfA.push(industry);
        return { method: "PUT", path: "/api/launchpad/pages/business-setup", body: { mode: "draft", answers: { industry } } };
      },
      expect: ORGANIZATION,
      check: (caller, body, world) =>
        expect(body).toMatchObject({ page: { id: "business-setup", is_completed: false, data_snapshot: { industry: `Industry of ${caller} ${world.tag}` } } }),
      verify: async (world) => {
        const launchpad = await (await call(runtime(), "/api/launchpad", { as: world.memberA })).json();
        expect(launchpad.pages[0].data_snapshot).toEqual({ industry: `Industry of employeeNamingA ${world.tag}` });
      },
    },
    markLaunchpadPageNotApplicable: {
      call: (caller, world) => {
        const reason = `Reason of ${caller} ${world.tag}`;
        world.secretsOfA.push(reason);
        return { method: "POST", path: "/api/launchpad/pages/distribution/not-applicable", body: { reason } };
      },
      expect: ORGANIZATION,
      check: (caller, body, world) =>
        expect(body).toMatchObject({ page: { id: "distribution", status: "not_applicable", not_applicable_reason: `Reason of ${caller} ${world.tag}` } }),
    },
    clearLaunchpadPageNotApplicable: {
      call: () => ({ method: "DELETE", path: "/api/launchpad/pages/manufacturing/not-applicable" }),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(body).toMatchObject({ page: { id: "manufacturing", status: "incomplete", not_applicable_reason: null } }),
    },
    recalculateLaunchpad: {
      call: () => ({ method: "POST", path: "/api/launchpad/recalculate", body: { force: true } }),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(body).toMatchObject({ recalculated: true, summary: { page_percent: 0, flag_percent: 0 } }),
    },
    getDashboard: {
      call: get("/api/dashboard"),
      expect: ORGANIZATION,
      check: (_caller, body, world) =>
        expect(body).toMatchObject({ organization_name: world.orgA.organization_name, next_step: { id: "business-setup" } }),
    },
    getTrialStatus: {
      call: get("/api/trial-status"),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(body).toMatchObject({ enabled: false }),
    },
    // The readiness score: A's factors, however far A has come.
    getReadiness: {
      call: get("/api/readiness"),
      expect: ORGANIZATION,
      check: (_caller, body) => expect((body as { factors: unknown[] }).factors).toHaveLength(10),
    },
    // The employees' portfolio: every organization, A among them; members are refused.
    getPortfolio: {
      call: get("/api/employee/portfolio"),
      expect: EMPLOYEE,
      check: (_caller, body, world) => expect((body as { organizations: { id: string }[] }).organizations.map((row) => row.id)).toContain(world.orgA.id),
    },
    // Every organization's events, live, for the portfolio: employees only.
    streamEmployeeEvents: {
      call: () => ({ method: "GET", path: "/api/employee/events", stream: true }),
      expect: EMPLOYEE,
    },
    // The Tools page's overview: A's tools, its library counted (the fixture's NDA decides the rest).
    getToolsOverview: {
      call: get("/api/tools"),
      expect: ORGANIZATION,
      check: (_caller, body) => expect((body as { tools: { id: string }[] }).tools.map((tool) => tool.id)).toContain("content"),
    },
  };
}
