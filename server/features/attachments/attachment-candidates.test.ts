import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttachmentCandidates } from "#common/contracts/attachments";
import type { Runtime } from "#server/runtime";
import { attachToMilestoneOk, buildOrganizationWithOpenPlan, createFolderOk, firstMilestoneIds, milestoneEntity, uploadFileOk } from "#tests/content-test-kit";
import { type TestUser, buildUser, call } from "#tests/factories";
import { readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** Select Existing: which library files a milestone is offered. */

let runtime: Runtime;
let employee: TestUser;
let milestoneId: string;
let otherMilestoneId: string;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
  [milestoneId, otherMilestoneId] = await firstMilestoneIds(runtime);
});
afterAll(async () => {
  await runtime.close();
});

const openOrganization = () => buildOrganizationWithOpenPlan(runtime);

const candidateIds = async (as: TestUser, entityId = milestoneId, org?: string) =>
  (await readJson<AttachmentCandidates>(runtime, `/api/attachments/candidates?${milestoneEntity(entityId)}`, as, org)).files.map((file) => file.id);

describe("Select Existing", () => {
  it("offers nothing before the organization's first file", async () => {
    const { member } = await openOrganization();
    expect(await candidateIds(member)).toEqual([]);
  });

  it("offers the root-level files, newest first: no folders, nothing inside a folder, nothing attached already", async () => {
    const { organizationId, member } = await openOrganization();
    const older = await uploadFileOk(runtime, member, "Older");
    const folder = await createFolderOk(runtime, member, "Archive");
    await uploadFileOk(runtime, member, "Inside the folder", { parentId: folder.id });
    const attached = await uploadFileOk(runtime, member, "Attached already");
    const newer = await uploadFileOk(runtime, member, "Newer");
    await attachToMilestoneOk(runtime, member, milestoneId, attached.id);

    expect(await candidateIds(member)).toEqual([newer.id, older.id]);
    expect(await candidateIds(employee, milestoneId, organizationId)).toEqual([newer.id, older.id]);
    expect(await candidateIds(member, otherMilestoneId), "attached to one milestone, still offered to another").toEqual([newer.id, attached.id, older.id]);

    const response = await call(runtime, `/api/attachments/candidates?${milestoneEntity(milestoneId)}`, { as: member });
    const [first] = ((await response.json()) as AttachmentCandidates).files;
    expect(first).toMatchObject({ id: newer.id, title: "Newer", is_folder: false, parent_id: null, uploaded_by: { id: member.id } });
  });

  it("offers only the current mission's files: a new mission starts with none", async () => {
    const { organizationId, member } = await openOrganization();
    const earlier = await uploadFileOk(runtime, member, "From the first mission");
    expect(await candidateIds(member)).toEqual([earlier.id]);

    const started = await call(runtime, "/api/content/missions", { method: "POST", as: employee, org: organizationId });
    expect(started.status).toBe(201);
    expect(await candidateIds(member)).toEqual([]);
    const current = await uploadFileOk(runtime, member, "From the second mission");
    expect(await candidateIds(member)).toEqual([current.id]);
  });

  it("offers one organization's files only", async () => {
    const a = await openOrganization();
    const b = await openOrganization();
    const ofA = await uploadFileOk(runtime, a.member, "Shared title");
    const ofB = await uploadFileOk(runtime, b.member, "Shared title");
    expect(await candidateIds(a.member)).toEqual([ofA.id]);
    expect(await candidateIds(b.member)).toEqual([ofB.id]);
  });
});
