import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentList, ContentRemoval } from "#common/contracts/content";
import { content, entityAttachments } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { createFolderOk, uploadFileOk } from "#tests/content-test-kit";
import { type TestUser, buildMemberOrganization, call } from "#tests/factories";
import { isStored, lastEventId } from "#tests/onboarding-test-kit";
import { eventsAfter } from "#tests/realtime-test-kit";
import { readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { buildLibraryTree } from "./content-tree-test-kit.ts";

/** Deleting files and folders on the local driver: everything inside goes, stored objects and attachments too. */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

/** The storage keys of these files. */
async function keysOf(runtime: Runtime, ids: string[]): Promise<string[]> {
  const rows = await runtime.database.db.select({ filePath: content.filePath }).from(content).where(inArray(content.id, ids));
  return rows.flatMap((row) => (row.filePath ? [row.filePath] : []));
}

const deleteItem = (as: TestUser, id: string) => call(runtime, `/api/content/${id}`, { method: "DELETE", as });

async function attach(organizationId: string, contentId: string, entityId: string) {
  await runtime.database.db.insert(entityAttachments).values({ organizationId, entityType: "milestone", entityId, contentId });
}

describe("deleting", () => {
  it("removes a folder with everything in it: rows, stored objects and attachments, and says what went", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const tree = await buildLibraryTree(runtime, member);
    const insideKeys = await keysOf(runtime, [tree.report.id, tree.draft.id, tree.photo.id]);
    const [keptKey] = await keysOf(runtime, [tree.loose.id]);
    const [milestoneA, milestoneB] = [crypto.randomUUID(), crypto.randomUUID()];
    await attach(organization.id, tree.draft.id, milestoneA);
    await attach(organization.id, tree.photo.id, milestoneB);
    await attach(organization.id, tree.loose.id, milestoneB);

    const bytes = [tree.report, tree.draft, tree.photo].reduce((sum, item) => sum + (item.file_size ?? 0), 0);
    const expected: ContentRemoval = { files: 3, folders: 2, bytes };
    expect(await readJson<ContentRemoval>(runtime, `/api/content/${tree.projects.id}/removal`, member)).toEqual(expected);

    const before = await lastEventId(runtime, organization.id);
    const response = await deleteItem(member, tree.projects.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expected);

    const events = (await eventsAfter(runtime, organization.id, before)) as { type: string; entityId?: string }[];
    expect(events[0]).toEqual({ type: "contentChanged", organizationId: organization.id });
    expect(events.slice(1).map((event) => [event.type, event.entityId]).sort()).toEqual(
      [
        ["attachmentsChanged", milestoneA],
        ["attachmentsChanged", milestoneB],
      ].sort(),
    );

    const rows = await runtime.database.db.select({ id: content.id }).from(content).where(eq(content.organizationId, organization.id));
    expect(rows.map((row) => row.id)).toEqual([tree.loose.id]);
    const links = await runtime.database.db
      .select({ contentId: entityAttachments.contentId })
      .from(entityAttachments)
      .where(eq(entityAttachments.organizationId, organization.id));
    expect(links.map((link) => link.contentId)).toEqual([tree.loose.id]);
    for (const key of insideKeys) expect(await isStored(runtime, key)).toBe(false);
    expect(await isStored(runtime, keptKey ?? "")).toBe(true);
    const list = await readJson<ContentList>(runtime, "/api/content", member);
    expect(list.items.map((item) => item.id)).toEqual([tree.loose.id]);
    expect(list.usage.used_bytes).toBe(tree.loose.file_size);
  });

  it("removes a single file and its object", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const file = await uploadFileOk(runtime, member, "Single");
    const [key] = await keysOf(runtime, [file.id]);
    expect(await (await deleteItem(member, file.id)).json()).toEqual({ files: 1, folders: 0, bytes: file.file_size });
    expect(await isStored(runtime, key ?? "")).toBe(false);
    expect((await deleteItem(member, file.id)).status).toBe(404);
  });

  it("counts an empty folder as one folder and no bytes", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const folder = await createFolderOk(runtime, member, "Empty");
    expect(await (await deleteItem(member, folder.id)).json()).toEqual({ files: 0, folders: 1, bytes: 0 });
  });

  it("still deletes the rows when a stored object cannot be removed; the failure is logged, not answered", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const file = await uploadFileOk(runtime, member, "Stuck");
    const remove = runtime.storage.remove;
    runtime.storage.remove = () => Promise.reject(new Error("disk unavailable"));
    try {
      expect((await deleteItem(member, file.id)).status).toBe(200);
    } finally {
      runtime.storage.remove = remove;
    }
    expect(await runtime.database.db.select({ id: content.id }).from(content).where(eq(content.organizationId, organization.id))).toEqual([]);
  });
});
