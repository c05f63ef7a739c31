import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentItem, ContentList } from "#common/contracts/content";
import { CONTENT_LIST_LIMIT, duplicateTitleMessage } from "#common/domain/content";
import { content } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { createFolderOk, uploadFile, uploadFileOk } from "#tests/content-test-kit";
import { type TestUser, buildOrganization, buildUser, call } from "#tests/factories";
import { errorOf, readJson } from "#tests/pricing-test-kit";
import { eventTypesAfter, lastEventId } from "#tests/onboarding-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

/** The library's folders through the API: listing, paths, titles unique per folder, moves. */

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

async function buildLibraryMember(fullName = "Lena Library") {
  const organization = await buildOrganization(runtime);
  const member = await buildUser(runtime, { organizationId: organization.id, fullName });
  return { organizationId: organization.id, member };
}

const listOf = (member: TestUser, query = "") => readJson<ContentList>(runtime, `/api/content${query}`, member);
const titlesOf = (list: ContentList) => list.items.map((item) => item.title);

function patchItem(member: TestUser, id: string, body: unknown) {
  return call(runtime, `/api/content/${id}`, { method: "PATCH", as: member, body });
}
function moveItem(member: TestUser, id: string, parentId: string | null) {
  return call(runtime, `/api/content/${id}/move`, { method: "POST", as: member, body: { parent_id: parentId } });
}
async function expectConflict(response: Response, message: string) {
  expect(response.status).toBe(409);
  expect(await errorOf(response)).toMatchObject({ code: "conflict", message });
}

describe("folders and listing", () => {
  it("makes a folder, lists folders first then newest, with counts, uploader and paths", async () => {
    const { organizationId, member } = await buildLibraryMember("Lena Library");
    const before = await lastEventId(runtime, organizationId);
    const reports = await createFolderOk(runtime, member, "Reports");
    expect(reports).toMatchObject({ is_folder: true, parent_id: null, title: "Reports", child_count: 0, file_name: null, file_size: null, location: null });
    expect(reports.uploaded_by).toEqual({ id: member.id, name: "Lena Library" });
    expect(await eventTypesAfter(runtime, organizationId, before)).toEqual(["contentChanged"]);

    const first = await uploadFileOk(runtime, member, "First notes", { fileName: "first.txt", description: "Kick-off" });
    const second = await uploadFileOk(runtime, member, "Second notes");
    const archive = await createFolderOk(runtime, member, "Archive");
    expect(first).toMatchObject({ is_folder: false, content_type: "text/plain", file_name: "first.txt", description: "Kick-off", child_count: null });
    expect(first.file_size).toBe(Buffer.byteLength("The file First notes\n"));

    const top = await listOf(member);
    expect(titlesOf(top)).toEqual(["Archive", "Reports", "Second notes", "First notes"]);
    expect(top).toMatchObject({ writable: true, folder_path: [], truncated: false });
    expect(top.mission?.end_date).toBeNull();
    expect(top.missions).toEqual([top.mission]);
    expect(top.usage.used_bytes).toBe((first.file_size ?? 0) + (second.file_size ?? 0));

    const inner = await createFolderOk(runtime, member, "2024", { parentId: reports.id });
    await uploadFileOk(runtime, member, "Q1", { parentId: inner.id });
    const reportsNow = (await listOf(member)).items.find((item) => item.id === reports.id);
    expect(reportsNow?.child_count).toBe(1);
    const deep = await listOf(member, `?parent=${inner.id}`);
    expect(titlesOf(deep)).toEqual(["Q1"]);
    expect(deep.folder_path).toEqual([
      { id: reports.id, title: "Reports" },
      { id: inner.id, title: "2024" },
    ]);
    expect(archive.child_count).toBe(0);
  });

  it("answers 404 for a parent that is a file, unknown, or another organization's folder", async () => {
    const { member } = await buildLibraryMember();
    const other = await buildLibraryMember();
    const file = await uploadFileOk(runtime, member, "Plain");
    const foreign = await createFolderOk(runtime, other.member, "Theirs");
    for (const parent of [file.id, foreign.id, "00000000-0000-4000-8000-000000000000"]) {
      const response = await call(runtime, `/api/content?parent=${parent}`, { as: member });
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toMatchObject({ code: "not_found", message: "Folder not found" });
    }
    expect((await call(runtime, "/api/content/folders", { method: "POST", as: member, body: { title: "In theirs", parent_id: foreign.id } })).status).toBe(404);
    expect((await uploadFile(runtime, member, "In theirs", { parentId: foreign.id })).status).toBe(404);
    expect((await call(runtime, "/api/content?parent=not-an-id", { as: member })).status).toBe(400);
  });
});

describe("titles are unique per folder", () => {
  it("refuses a taken title on create, upload, rename and move with the §8 texts, whatever the case", async () => {
    const { member } = await buildLibraryMember();
    const folder = await createFolderOk(runtime, member, "Plans");
    await uploadFileOk(runtime, member, "Budget");
    const inside = await uploadFileOk(runtime, member, "budget", { parentId: folder.id });

    const createResponse = await call(runtime, "/api/content/folders", { method: "POST", as: member, body: { title: "PLANS" } });
    await expectConflict(createResponse, duplicateTitleMessage("folder", "PLANS"));
    await expectConflict(await uploadFile(runtime, member, "Budget"), duplicateTitleMessage("upload", "Budget"));
    const notes = await uploadFileOk(runtime, member, "Notes");
    await expectConflict(await patchItem(member, notes.id, { title: "BUDGET" }), duplicateTitleMessage("update", "BUDGET"));
    await expectConflict(await moveItem(member, inside.id, null), duplicateTitleMessage("move", "budget"));

    // The same title in another folder is fine, and so is renaming an item to itself.
    const renamed = await patchItem(member, notes.id, { title: "Notes", description: "  Same title  " });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ title: "Notes", description: "Same title" });
    expect((await patchItem(member, notes.id, { title: "Minutes", description: "" })).status).toBe(200);
    expect((await listOf(member)).items.find((item) => item.id === notes.id)).toMatchObject({ title: "Minutes", description: null });
  });

  it("lets only one of two uploads with the same title at once through", async () => {
    const { member } = await buildLibraryMember();
    const answers = await Promise.all([uploadFile(runtime, member, "Twin"), uploadFile(runtime, member, "twin")]);
    expect(answers.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(titlesOf(await listOf(member)).map((title) => title.toLowerCase())).toEqual(["twin"]);
  });
});

describe("moves", () => {
  it("moves a file into a folder and back to the top", async () => {
    const { organizationId, member } = await buildLibraryMember();
    const folder = await createFolderOk(runtime, member, "Inbox");
    const file = await uploadFileOk(runtime, member, "Letter");
    const before = await lastEventId(runtime, organizationId);
    const moved = await moveItem(member, file.id, folder.id);
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as ContentItem).parent_id).toBe(folder.id);
    expect(await eventTypesAfter(runtime, organizationId, before)).toEqual(["contentChanged"]);
    expect(titlesOf(await listOf(member, `?parent=${folder.id}`))).toEqual(["Letter"]);
    expect(((await (await moveItem(member, file.id, null)).json()) as ContentItem).parent_id).toBeNull();
  });

  it("refuses a folder into itself or any folder inside it, a file as destination, and a foreign folder", async () => {
    const { member } = await buildLibraryMember();
    const other = await buildLibraryMember();
    const outer = await createFolderOk(runtime, member, "Outer");
    const middle = await createFolderOk(runtime, member, "Middle", { parentId: outer.id });
    const inner = await createFolderOk(runtime, member, "Inner", { parentId: middle.id });
    const file = await uploadFileOk(runtime, member, "Paper");
    const cycle = "Failed to move content: a folder cannot be moved into itself or a folder inside it";
    for (const destination of [outer.id, middle.id, inner.id]) await expectConflict(await moveItem(member, outer.id, destination), cycle);
    const toFile = await moveItem(member, middle.id, file.id);
    expect(toFile.status).toBe(404);
    expect(await errorOf(toFile)).toMatchObject({ message: "Folder not found" });
    expect((await moveItem(member, file.id, (await createFolderOk(runtime, other.member, "Foreign")).id)).status).toBe(404);
    // Moving the inner folder up is no cycle.
    expect((await moveItem(member, inner.id, outer.id)).status).toBe(200);
  });

  it("never makes a cycle out of two opposite moves at once", async () => {
    const { member } = await buildLibraryMember();
    const left = await createFolderOk(runtime, member, "Left");
    const right = await createFolderOk(runtime, member, "Right");
    const answers = await Promise.all([moveItem(member, left.id, right.id), moveItem(member, right.id, left.id)]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
    const top = await listOf(member);
    expect(titlesOf(top)).toHaveLength(1);
  });
});

describe("search", () => {
  it("finds titles in every folder, any case, with where each sits; % and _ match themselves", async () => {
    const { member } = await buildLibraryMember();
    const clients = await createFolderOk(runtime, member, "Clients");
    const acme = await createFolderOk(runtime, member, "Acme", { parentId: clients.id });
    await uploadFileOk(runtime, member, "Acme contract", { parentId: acme.id });
    await uploadFileOk(runtime, member, "CONTRACT draft");
    await uploadFileOk(runtime, member, "100% done");
    await uploadFileOk(runtime, member, "1000 done");
    await uploadFileOk(runtime, member, "snake_case");
    await uploadFileOk(runtime, member, "snakeXcase");

    const found = await listOf(member, `?search=contract&parent=${clients.id}`);
    expect(found.folder_path).toEqual([]);
    expect(found.items.map((item) => [item.title, item.location])).toEqual([
      ["CONTRACT draft", []],
      ["Acme contract", [{ id: clients.id, title: "Clients" }, { id: acme.id, title: "Acme" }]],
    ]);
    expect(titlesOf(await listOf(member, `?search=${encodeURIComponent("0%")}`))).toEqual(["100% done"]);
    expect(titlesOf(await listOf(member, "?search=snake_")).sort()).toEqual(["snake_case"]);
    expect(titlesOf(await listOf(member, "?search=acme"))).toEqual(["Acme", "Acme contract"]);
  });
});

describe("long listings", () => {
  it("answers at most CONTENT_LIST_LIMIT items, folder or search, and says the rest was left out", async () => {
    const { organizationId, member } = await buildLibraryMember();
    const parent = await createFolderOk(runtime, member, "Crowded");
    const rows = Array.from({ length: CONTENT_LIST_LIMIT + 1 }, (_, index) => ({
      organizationId,
      missionId: parent.mission_id,
      parentId: parent.id,
      isFolder: true,
      title: `Entry ${String(index).padStart(4, "0")}`,
    }));
    await runtime.database.db.insert(content).values(rows);
    const folder = await listOf(member, `?parent=${parent.id}`);
    expect(folder.items).toHaveLength(CONTENT_LIST_LIMIT);
    expect(folder.truncated).toBe(true);
    const found = await listOf(member, "?search=entry");
    expect(found.items).toHaveLength(CONTENT_LIST_LIMIT);
    expect(found).toMatchObject({ truncated: true });
    expect(found.items[0]?.location).toEqual([{ id: parent.id, title: "Crowded" }]);
    expect((await listOf(member)).items.find((item) => item.id === parent.id)?.child_count).toBe(CONTENT_LIST_LIMIT + 1);
  });
});
