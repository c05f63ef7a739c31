import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAUNCH_PLAN_LOCKED_REASON } from "#common/domain/access";
import { launchpadProgress } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { attachToMilestone, attachToMilestoneOk, firstMilestoneIds, milestoneEntity, uploadFileOk } from "#tests/content-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { completeLaunchpad } from "#tests/launch-plan-test-kit";
import { errorOf } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** Whose rules decide: the entity's navigation item (a milestone's: the Launch Plan), its existence, the request's shape. */

let runtime: Runtime;
let employee: TestUser;
let milestoneId: string;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
  [milestoneId] = await firstMilestoneIds(runtime);
});
afterAll(async () => {
  await runtime.close();
});

const UNKNOWN_ID = "8f0c2a4e-1111-4a4a-9a9a-000000000000";

/** The four routes for the entity, as `as`; the file and attachment ids may be unknown. */
function callEveryRoute(as: TestUser, query: string, ids: { contentId: string; attachmentId: string }, org?: string) {
  const params = Object.fromEntries(new URLSearchParams(query));
  return [
    call(runtime, `/api/attachments?${query}`, { as, org }),
    call(runtime, `/api/attachments/candidates?${query}`, { as, org }),
    call(runtime, "/api/attachments", { method: "POST", as, org, body: { ...params, content_id: ids.contentId } }),
    call(runtime, `/api/attachments/${ids.attachmentId}`, { method: "DELETE", as, org }),
  ] as const;
}

describe("the milestone's rules", () => {
  it("refuses every route with the Launch Plan's reason (403) while the launchpad is not complete", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await completeLaunchpad(runtime, organization.id);
    const file = await uploadFileOk(runtime, member, "Kick-off notes");
    const attachment = await attachToMilestoneOk(runtime, member, milestoneId, file.id);

    const locked = await buildMemberOrganization(runtime);
    const lockedFile = await uploadFileOk(runtime, locked.member, "Notes");
    const ids = { contentId: lockedFile.id, attachmentId: UNKNOWN_ID };
    // Removing names no entity: an unknown attachment is not found before any rule is read.
    const [list, candidates, create, removal] = await Promise.all(callEveryRoute(locked.member, milestoneEntity(milestoneId), ids));
    for (const response of [list, candidates, create]) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({ code: "forbidden", message: LAUNCH_PLAN_LOCKED_REASON });
    }
    expect(removal.status).toBe(404);
    // An attachment made while the plan was open is refused once the launchpad is no longer complete.
    await runtime.database.db.delete(launchpadProgress).where(eq(launchpadProgress.organizationId, organization.id));
    const refused = await call(runtime, `/api/attachments/${attachment.id}`, { method: "DELETE", as: member });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(LAUNCH_PLAN_LOCKED_REASON);
  });
});

describe("the entity", () => {
  it("answers 404 for a milestone that does not exist, on every route that names one", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await completeLaunchpad(runtime, organization.id);
    const file = await uploadFileOk(runtime, member, "Scope");
    const responses = await Promise.all(callEveryRoute(member, milestoneEntity(UNKNOWN_ID), { contentId: file.id, attachmentId: UNKNOWN_ID }));
    const messages = await Promise.all(responses.map(async (response) => [response.status, (await errorOf(response)).message]));
    expect(messages).toEqual([
      [404, "Milestone not found"],
      [404, "Milestone not found"],
      [404, "Milestone not found"],
      [404, "Attachment not found"],
    ]);
    const asEmployee = await call(runtime, `/api/attachments?${milestoneEntity(UNKNOWN_ID)}`, { as: employee, org: organization.id });
    expect(await errorOf(asEmployee)).toEqual({ code: "not_found", message: "Milestone not found" });
  });

  it("refuses an entity type it does not know, and an entity id that is not an id (400)", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await completeLaunchpad(runtime, organization.id);
    const file = await uploadFileOk(runtime, member, "Plan");
    const queries = [`entity_type=course&entity_id=${milestoneId}`, "entity_type=milestone&entity_id=first", `entity_id=${milestoneId}`];
    for (const query of queries) {
      const responses = await Promise.all(callEveryRoute(member, query, { contentId: file.id, attachmentId: UNKNOWN_ID }).slice(0, 3));
      for (const response of responses) {
        expect(response.status, query).toBe(400);
        expect((await errorOf(response)).code).toBe("validation_failed");
      }
    }
    const noFile = await attachToMilestone(runtime, member, milestoneId, "first");
    expect(noFile.status).toBe(400);
  });
});
