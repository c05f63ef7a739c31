import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttachmentCandidates, AttachmentList } from "#common/contracts/attachments";
import { content, entityAttachments } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import {
  TINY_PNG,
  attachToMilestone,
  attachToMilestoneOk,
  buildOrganizationWithOpenPlan,
  createFolderOk,
  firstMilestoneIds,
  milestoneEntity,
  uploadFileOk,
} from "#tests/content-test-kit";
import { type TestUser, buildUser, call } from "#tests/factories";
import { errorOf, eventsAfter, readJson } from "#tests/pricing-test-kit";
import { lastEventId } from "#tests/onboarding-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** Attaching library files to a milestone: the link, its list, its refusals and its removal. */

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

const listOf = (as: TestUser, entityId = milestoneId, org?: string) =>
  readJson<AttachmentList>(runtime, `/api/attachments?${milestoneEntity(entityId)}`, as, org);
const candidatesOf = (as: TestUser, entityId = milestoneId) =>
  readJson<AttachmentCandidates>(runtime, `/api/attachments/candidates?${milestoneEntity(entityId)}`, as);
const removeAttachment = (as: TestUser, attachmentId: string, org?: string) => call(runtime, `/api/attachments/${attachmentId}`, { method: "DELETE", as, org });

describe("attaching", () => {
  it("links a file to the milestone, and lists the milestone's files oldest first with who attached them and when", async () => {
    const { organizationId, member } = await openOrganization();
    const first = await uploadFileOk(runtime, member, "Chart of accounts");
    const second = await uploadFileOk(runtime, member, "Logo", { fileName: "logo.png", bytes: TINY_PNG });
    const before = await lastEventId(runtime, organizationId);

    const attached = await attachToMilestoneOk(runtime, member, milestoneId, first.id);
    expect(attached).toMatchObject({
      entity_type: "milestone",
      entity_id: milestoneId,
      content: { id: first.id, title: "Chart of accounts", is_folder: false },
      attached_by: { id: member.id },
    });
    expect(attached.attached_by?.name).toBe(member.email);
    expect(Date.parse(attached.attached_at)).not.toBeNaN();
    expect(await eventsAfter(runtime, organizationId, before)).toEqual([
      { type: "attachmentsChanged", organizationId, entityType: "milestone", entityId: milestoneId },
    ]);

    await attachToMilestoneOk(runtime, employee, milestoneId, second.id, organizationId);
    const list = await listOf(member);
    expect(list.attachments.map((attachment) => attachment.content.id)).toEqual([first.id, second.id]);
    expect(list.attachments[0]).toEqual(attached);
    expect(list.attachments[1]?.attached_by?.id).toBe(employee.id);
    expect(list.attachments[1]?.content.thumbnail_url, "an image is shown by a signed thumbnail").toEqual(expect.any(String));
    // The same list for the employee, but for the signed links' expiry (signed a second apart, perhaps).
    const unsigned = (of: AttachmentList) => of.attachments.map((item) => ({ ...item, content: { ...item.content, thumbnail_url: item.content.thumbnail_url?.split("?")[0] } }));
    expect(unsigned(await listOf(employee, milestoneId, organizationId))).toEqual(unsigned(list));
    expect((await listOf(member, otherMilestoneId)).attachments, "another milestone has its own").toEqual([]);
  });

  it("attaches one file to several milestones, but to each only once (409)", async () => {
    const { member } = await openOrganization();
    const file = await uploadFileOk(runtime, member, "Vendor list");
    await attachToMilestoneOk(runtime, member, milestoneId, file.id);
    await attachToMilestoneOk(runtime, member, otherMilestoneId, file.id);

    const again = await attachToMilestone(runtime, member, milestoneId, file.id);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({ code: "conflict", message: "This file is already attached" });
    expect((await listOf(member)).attachments).toHaveLength(1);
  });

  it("keeps one link when two requests attach the same file at once", async () => {
    const { organizationId, member } = await openOrganization();
    const file = await uploadFileOk(runtime, member, "Price list");
    const responses = await Promise.all([
      attachToMilestone(runtime, member, milestoneId, file.id),
      attachToMilestone(runtime, employee, milestoneId, file.id, organizationId),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect((await listOf(member)).attachments.map((attachment) => attachment.content.id)).toEqual([file.id]);
  });

  it("refuses folders", async () => {
    const { member } = await openOrganization();
    const folder = await createFolderOk(runtime, member, "Contracts");
    const response = await attachToMilestone(runtime, member, milestoneId, folder.id);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("Folders cannot be attached");
    expect((await listOf(member)).attachments).toEqual([]);
  });

  it("answers 404 for a file of another organization, or none, and attaches nothing", async () => {
    const { organizationId, member } = await openOrganization();
    const other = await openOrganization();
    const theirs = await uploadFileOk(runtime, other.member, "Their payroll");
    for (const contentId of [theirs.id, "8f0c2a4e-1111-4a4a-9a9a-000000000000"]) {
      const response = await attachToMilestone(runtime, member, milestoneId, contentId);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual({ code: "not_found", message: "File not found" });
      expect((await attachToMilestone(runtime, employee, milestoneId, contentId, organizationId)).status).toBe(404);
    }
    expect((await listOf(member)).attachments).toEqual([]);
    const links = await runtime.database.db.select().from(entityAttachments).where(eq(entityAttachments.contentId, theirs.id));
    expect(links).toEqual([]);
  });
});

describe("removing", () => {
  it("removes the link only: the file stays in the library and is offered again", async () => {
    const { organizationId, member } = await openOrganization();
    const file = await uploadFileOk(runtime, member, "Opening balances");
    const attached = await attachToMilestoneOk(runtime, member, milestoneId, file.id);
    expect((await candidatesOf(member)).files.map((item) => item.id)).not.toContain(file.id);
    const before = await lastEventId(runtime, organizationId);

    const response = await removeAttachment(member, attached.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ removed: true });
    expect((await listOf(member)).attachments).toEqual([]);
    const stored = await runtime.database.db
      .select({ id: content.id })
      .from(content)
      .where(and(eq(content.organizationId, organizationId), eq(content.id, file.id)));
    expect(stored).toEqual([{ id: file.id }]);
    expect((await candidatesOf(member)).files.map((item) => item.id)).toContain(file.id);
    expect(await eventsAfter(runtime, organizationId, before)).toEqual([
      { type: "attachmentsChanged", organizationId, entityType: "milestone", entityId: milestoneId },
    ]);
    expect((await removeAttachment(member, attached.id)).status, "removed already").toBe(404);
  });

  it("answers 404 to another organization's member or employee naming it, and to ids that cannot exist", async () => {
    const { organizationId, member } = await openOrganization();
    const other = await openOrganization();
    const file = await uploadFileOk(runtime, member, "Bank statement");
    const attached = await attachToMilestoneOk(runtime, member, milestoneId, file.id);

    const byOutsider = await removeAttachment(other.member, attached.id);
    expect(byOutsider.status).toBe(404);
    expect(await errorOf(byOutsider)).toEqual({ code: "not_found", message: "Attachment not found" });
    expect((await removeAttachment(employee, attached.id, other.organizationId)).status).toBe(404);
    expect((await removeAttachment(member, "not-an-id")).status).toBe(404);
    expect((await listOf(other.member)).attachments, "B's list of the same milestone holds none of A's").toEqual([]);
    expect((await listOf(member)).attachments.map((item) => item.id)).toEqual([attached.id]);

    expect((await removeAttachment(employee, attached.id, organizationId)).status).toBe(200);
    expect((await listOf(member)).attachments).toEqual([]);
  });

  it("goes with the file when the file is deleted from the library", async () => {
    const { member } = await openOrganization();
    const file = await uploadFileOk(runtime, member, "Old logo");
    await attachToMilestoneOk(runtime, member, milestoneId, file.id);
    expect((await call(runtime, `/api/content/${file.id}`, { method: "DELETE", as: member })).status).toBe(200);
    expect((await listOf(member)).attachments).toEqual([]);
  });
});
