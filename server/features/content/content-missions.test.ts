import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentList, Mission } from "#common/contracts/content";
import { memberMissions } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { createFolderOk, uploadFile, uploadFileOk } from "#tests/content-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { eventTypesAfter, lastEventId } from "#tests/onboarding-test-kit";
import { errorOf, readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** Missions: the first file makes one, an employee starts the next, earlier ones stay readable only. */

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true, fullName: "Eva Employee" });
});
afterAll(async () => {
  await runtime.close();
});

const listOf = (as: TestUser, query = "") => readJson<ContentList>(runtime, `/api/content${query}`, as);
const startMission = (organizationId: string, as: TestUser = employee) => call(runtime, "/api/content/missions", { method: "POST", as, org: organizationId });

async function startMissionOk(organizationId: string): Promise<Mission> {
  const response = await startMission(organizationId);
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

async function missionCount(organizationId: string): Promise<number> {
  return (await runtime.database.db.select({ id: memberMissions.id }).from(memberMissions).where(eq(memberMissions.organizationId, organizationId))).length;
}

async function expectConflict(response: Response, message: string) {
  expect(response.status).toBe(409);
  expect(await errorOf(response)).toMatchObject({ code: "conflict", message });
}

describe("the current mission", () => {
  it("does not exist before the first file, and the first file or folder makes it, once", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    expect(await listOf(member)).toMatchObject({ mission: null, missions: [], writable: true, folder_path: [], items: [], truncated: false });
    await Promise.all([createFolderOk(runtime, member, "One"), createFolderOk(runtime, member, "Two"), uploadFileOk(runtime, member, "Three")]);
    expect(await missionCount(organization.id)).toBe(1);
    const list = await listOf(member);
    expect(list.items).toHaveLength(3);
    expect(list.missions).toEqual([{ ...list.mission, file_count: 1 }]);
  });
});

describe("starting a new mission", () => {
  it("is for employees only", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    expect((await startMission(organization.id, member)).status).toBe(403);
    expect(await missionCount(organization.id)).toBe(0);
  });

  it("begins one when there is none yet", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const mission = await startMissionOk(organization.id);
    expect(mission).toMatchObject({ end_date: null, file_count: 0 });
    await uploadFileOk(runtime, member, "First");
    expect((await listOf(member)).mission?.id).toBe(mission.id);
  });

  it("ends the current one: the library starts empty, the earlier mission stays readable and read-only", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const folder = await createFolderOk(runtime, member, "Designs");
    const file = await uploadFileOk(runtime, member, "Sketch", { parentId: folder.id });
    const loose = await uploadFileOk(runtime, member, "Loose");
    const earlier = (await listOf(member)).mission;
    const before = await lastEventId(runtime, organization.id);

    const mission = await startMissionOk(organization.id);
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual(["contentChanged"]);
    const current = await listOf(member);
    expect(current).toMatchObject({ mission, writable: true, items: [] });
    expect(current.missions.map((entry) => [entry.id, entry.file_count, entry.end_date === null])).toEqual([
      [mission.id, 0, true],
      [earlier?.id, 2, false],
    ]);
    expect(current.usage.used_bytes).toBe((file.file_size ?? 0) + (loose.file_size ?? 0));

    const old = await listOf(member, `?mission=${earlier?.id}`);
    expect(old).toMatchObject({ writable: false });
    expect(old.mission?.end_date).not.toBeNull();
    expect(old.items.map((item) => item.title)).toEqual(["Designs", "Loose"]);
    const oldFolder = await listOf(member, `?mission=${earlier?.id}&parent=${folder.id}`);
    expect(oldFolder.folder_path).toEqual([{ id: folder.id, title: "Designs" }]);
    expect(oldFolder.items.map((item) => item.id)).toEqual([file.id]);
    expect((await listOf(member, `?mission=${earlier?.id}&search=sket`)).items.map((item) => item.location)).toEqual([[{ id: folder.id, title: "Designs" }]]);
    // The current mission's listing does not reach into the earlier one's folders.
    expect((await call(runtime, `/api/content?parent=${folder.id}`, { as: member })).status).toBe(404);

    const earlierFile = "This file belongs to an earlier mission and is read-only";
    const earlierFolder = "This folder belongs to an earlier mission and is read-only";
    await expectConflict(await call(runtime, `/api/content/${file.id}`, { method: "PATCH", as: member, body: { title: "Renamed" } }), earlierFile);
    await expectConflict(await call(runtime, `/api/content/${file.id}/move`, { method: "POST", as: member, body: { parent_id: null } }), earlierFile);
    await expectConflict(await call(runtime, `/api/content/${folder.id}`, { method: "DELETE", as: member }), earlierFolder);
    await expectConflict(await uploadFile(runtime, member, "Late", { parentId: folder.id }), earlierFolder);
    await expectConflict(await call(runtime, "/api/content/folders", { method: "POST", as: member, body: { title: "Late", parent_id: folder.id } }), earlierFolder);
    const fresh = await uploadFileOk(runtime, member, "Sketch");
    await expectConflict(await call(runtime, `/api/content/${fresh.id}/move`, { method: "POST", as: member, body: { parent_id: folder.id } }), earlierFolder);

    // Still readable: its links and what deleting would remove.
    expect((await call(runtime, `/api/content/${file.id}/link`, { as: member })).status).toBe(200);
    expect(await readJson(runtime, `/api/content/${folder.id}/removal`, member)).toEqual({ files: 1, folders: 1, bytes: file.file_size });
    expect((await listOf(member)).items.map((item) => item.title)).toEqual(["Sketch"]);
  });

  it("answers 404 for an unknown mission or another organization's", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const other = await buildMemberOrganization(runtime);
    await uploadFileOk(runtime, other.member, "Theirs");
    const theirs = (await listOf(other.member)).mission?.id;
    for (const mission of [theirs, "00000000-0000-4000-8000-000000000000"]) {
      const response = await call(runtime, `/api/content?mission=${mission}`, { as: member });
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toMatchObject({ message: "Mission not found" });
    }
  });
});
