import { expect } from "vitest";
import type { ActionLogDetail, ActionLogEntry, ActionLogList, AssigneeList, HelpInbox, TypeDefinition } from "#common/contracts/action-log";
import type { Runtime } from "#server/runtime";
import { insertNda } from "#tests/access-test-kit";
import { closeEntries, createEntryOk, entryPath } from "#tests/action-log-test-kit";
import { call } from "#tests/factories";
import { matrixAdministrator } from "#tests/tenant-matrix-access-rows";
import { type CallerKind, fixture } from "#tests/tenant-matrix-fixture";
import type { Expected, MatrixEntry, World } from "#tests/tenant-matrix-rows";

/**
 * Tenant-matrix rows of the action log, merged into the matrix by tests/tenant-matrix-rows.ts.
 * A's NDA is signed so that its typed pages are open; member A makes the world's entries through
 * the routes, their titles A's data. Writes that member A and the employee both make act on an
 * entry of their own, and outsiders aim at a third that must come through untouched.
 */

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const CREATED: Expected = { ...ORGANIZATION, memberA: 201, employeeNamingA: 201 };
const EMPLOYEE: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 200, memberBNamingA: 403 };

const ownerOf = (caller: CallerKind) => (caller === "memberA" || caller === "employeeNamingA" ? caller : "outsider");
const OWNERS = ["memberA", "employeeNamingA", "outsider"] as const;

export function actionLogMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  const titleOfA = (world: World, what: string) => {
    const title = `${what} ${world.tag}`;
    world.secretsOfA.push(title);
    return title;
  };

  const signNdaOfA = (world: World) => insertNda(runtime(), world.orgA.id, "signed-by-prospect");

  /** A's NDA signed and one entry of A's, as entryId. */
  async function entryOfA(world: World): Promise<void> {
    await signNdaOfA(world);
    world.fixtures.entryId = (await createEntryOk(runtime(), world.memberA, { title: titleOfA(world, "Entry"), action_log_type: "Risk" })).id;
  }

  /** One entry per owner, as entry_<owner>. */
  async function entriesOfA(world: World): Promise<void> {
    await signNdaOfA(world);
    for (const owner of OWNERS) world.fixtures[`entry_${owner}`] = (await createEntryOk(runtime(), world.memberA, { title: titleOfA(world, `Entry of ${owner}`) })).id;
  }

  async function listOfA(world: World): Promise<ActionLogList> {
    const response = await call(runtime(), "/api/action-logs", { as: world.memberA });
    expect(response.status).toBe(200);
    return response.json();
  }

  async function detailOfA(world: World): Promise<ActionLogDetail> {
    const response = await call(runtime(), entryPath(fixture(world, "entryId")), { as: world.memberA });
    expect(response.status).toBe(200);
    return response.json();
  }

  const get = (path: (world: World) => string) => (_caller: CallerKind, world: World) => ({ method: "GET" as const, path: path(world) });

  return {
    listActionLogs: {
      setup: entryOfA,
      call: get(() => "/api/action-logs"),
      expect: ORGANIZATION,
      check: (_caller, body, world) => {
        expect((body as ActionLogList).entries.map((entry) => entry.id)).toEqual([fixture(world, "entryId")]);
        expect((body as ActionLogList).total).toBe(1);
      },
    },
    exportActionLogs: {
      setup: entryOfA,
      call: get(() => "/api/action-logs/export?page=risks"),
      expect: ORGANIZATION,
      verify: async (world) => {
        const response = await call(runtime(), "/api/action-logs/export", { as: world.memberA });
        expect(await response.text()).toContain(`Entry ${world.tag}`);
      },
    },
    listActionLogAssignees: {
      setup: signNdaOfA,
      call: get(() => "/api/action-logs/assignees"),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect((body as AssigneeList).members.map((person) => person.id)).toEqual([world.memberA.id]),
    },
    getActionLog: {
      setup: entryOfA,
      call: get((world) => entryPath(fixture(world, "entryId"))),
      expect: ORGANIZATION,
      check: (_caller, body, world) => expect((body as ActionLogDetail).entry).toMatchObject({ id: fixture(world, "entryId"), title: `Entry ${world.tag}` }),
    },
    createActionLog: {
      setup: signNdaOfA,
      call: (caller, world) => ({ method: "POST", path: "/api/action-logs", body: { title: titleOfA(world, `Created by ${caller}`), action_log_type: "Decision" } }),
      expect: CREATED,
      check: (caller, body, world) => expect(body as ActionLogEntry).toMatchObject({ title: `Created by ${caller} ${world.tag}`, action_log_type: "Decision" }),
      verify: async (world) =>
        expect((await listOfA(world)).entries.map((entry) => entry.title)).toEqual([`Created by employeeNamingA ${world.tag}`, `Created by memberA ${world.tag}`]),
    },
    updateActionLog: {
      setup: entryOfA,
      call: (caller, world) => ({ method: "PATCH", path: entryPath(fixture(world, "entryId")), body: { title: titleOfA(world, `Renamed by ${caller}`), status: "In Progress" } }),
      expect: ORGANIZATION,
      check: (caller, body, world) => expect(body as ActionLogEntry).toMatchObject({ id: fixture(world, "entryId"), title: `Renamed by ${caller} ${world.tag}` }),
      verify: async (world) => expect((await detailOfA(world)).entry.title).toBe(`Renamed by employeeNamingA ${world.tag}`),
    },
    deleteActionLog: {
      setup: entriesOfA,
      call: (caller, world) => ({ method: "DELETE", path: entryPath(fixture(world, `entry_${ownerOf(caller)}`)) }),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(body).toEqual({ deleted: true }),
      verify: async (world) => expect((await listOfA(world)).entries.map((entry) => entry.id)).toEqual([fixture(world, "entry_outsider")]),
    },
    addActionLogComment: {
      setup: entryOfA,
      call: (caller, world) => ({ method: "POST", path: `${entryPath(fixture(world, "entryId"))}/comments`, body: { body: titleOfA(world, `Comment by ${caller}`) } }),
      expect: CREATED,
      check: (caller, body, world) => expect(body).toMatchObject({ body: `Comment by ${caller} ${world.tag}` }),
      verify: async (world) =>
        expect((await detailOfA(world)).comments.map((comment) => comment.body)).toEqual([`Comment by memberA ${world.tag}`, `Comment by employeeNamingA ${world.tag}`]),
    },
    listActionLogTypeDefinitions: {
      setup: signNdaOfA,
      call: get(() => "/api/action-log-types"),
      expect: ORGANIZATION,
      check: (_caller, body) => expect((body as { definitions: TypeDefinition[] }).definitions).toHaveLength(7),
    },
    updateActionLogTypeDefinition: {
      // The provider administrator's alone: the world's employee is the matrix's administrator,
      // who puts the shared definition back afterwards.
      setup: async (world) => {
        world.employee = await matrixAdministrator(runtime());
        // The definitions are read through the action log, which waits for the NDA.
        await signNdaOfA(world);
        const response = await call(runtime(), "/api/action-log-types", { as: world.memberA });
        const definition = (await response.json()).definitions.find((item: TypeDefinition) => item.action_log_type === "Open Request");
        world.fixtures.originalDefinition = JSON.stringify({ description: definition.description, fields: definition.fields });
      },
      call: (caller, world) => ({
        method: "PUT",
        path: "/api/action-log-types",
        body: { action_log_type: "Open Request", description: `Edited by ${caller} ${world.tag}`, fields: ["description"] },
      }),
      expect: EMPLOYEE,
      check: (_caller, body, world) => expect(body).toMatchObject({ description: `Edited by employeeNamingA ${world.tag}`, fields: ["description"] }),
      verify: async (world) => {
        const original = JSON.parse(fixture(world, "originalDefinition")) as { description: string; fields: string[] };
        const body = { action_log_type: "Open Request", ...original };
        expect((await call(runtime(), "/api/action-log-types", { method: "PUT", as: world.employee, body })).status).toBe(200);
      },
    },
    createHelpRequest: {
      // Open before the NDA: asking for help is never locked.
      call: (caller, world) => ({ method: "POST", path: "/api/help-requests", body: { help_type: "question", title: titleOfA(world, `Question from ${caller}`) } }),
      expect: CREATED,
      check: (caller, body, world) => {
        const answer = body as { entry: ActionLogEntry; message: string };
        expect(answer.entry).toMatchObject({ title: `Question from ${caller} ${world.tag}`, action_log_type: "Question / Request for Help" });
        expect(answer.message).toBe("Your question's been sent.");
        world.fixtures[`help_${caller}`] = answer.entry.id;
      },
      // Closed again, so the shared inbox does not fill with the matrix's questions.
      verify: (world) => closeEntries(runtime(), [fixture(world, "help_memberA"), fixture(world, "help_employeeNamingA")]),
    },
    getHelpInbox: {
      call: get(() => "/api/help-inbox"),
      expect: EMPLOYEE,
      check: (_caller, body) => expect(Array.isArray((body as HelpInbox).items)).toBe(true),
    },
  };
}
