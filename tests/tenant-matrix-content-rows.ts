import { expect } from "vitest";
import type { Attachment, AttachmentCandidates, AttachmentList } from "#common/contracts/attachments";
import type { ContentItem, ContentLink, ContentList, ContentRemoval, Mission, StorageUsage } from "#common/contracts/content";
import type { LaunchPlan } from "#common/contracts/launch-plan";
import type { Runtime } from "#server/runtime";
import { attachToMilestoneOk, createFolderOk, uploadFileOk, uploadPath } from "#tests/content-test-kit";
import { call } from "#tests/factories";
import { completeLaunchpad } from "#tests/launch-plan-test-kit";
import { type CallerKind, fixture } from "#tests/tenant-matrix-fixture";
import type { Expected, MatrixEntry, World } from "#tests/tenant-matrix-rows";

/**
 * Tenant-matrix rows of the file library and its attachments, merged into the matrix by
 * tests/tenant-matrix-rows.ts. Member A makes the world's folders, files and attachments through
 * the routes; their titles are A's data. Writes that member A and the employee both make act on
 * an item of their own, and outsiders aim at a third that must come through untouched.
 */

const ORGANIZATION: Expected = { anonymous: 401, memberA: 200, employeeNamingA: 200, memberBNamingA: 404 };
const CREATED: Expected = { ...ORGANIZATION, memberA: 201, employeeNamingA: 201 };
const EMPLOYEE_ORGANIZATION: Expected = { anonymous: 401, memberA: 403, employeeNamingA: 201, memberBNamingA: 403 };

/** Whose item a write acts on: A's member and the employee each have one; outsiders aim at a third. */
const ownerOf = (caller: CallerKind) => (caller === "memberA" || caller === "employeeNamingA" ? caller : "outsider");
const OWNERS = ["memberA", "employeeNamingA", "outsider"] as const;

export function contentMatrixRows(runtime: () => Runtime): Record<string, MatrixEntry> {
  /** A title of A's, kept secret from outsiders. */
  const titleOfA = (world: World, what: string) => {
    const title = `${what} ${world.tag}`;
    world.secretsOfA.push(title);
    return title;
  };

  async function listOfA(world: World): Promise<ContentList> {
    const response = await call(runtime(), "/api/content", { as: world.memberA });
    expect(response.status).toBe(200);
    return response.json();
  }

  /** A folder and a file at the top of A's library. */
  async function libraryOfA(world: World): Promise<void> {
    world.fixtures.folderId = (await createFolderOk(runtime(), world.memberA, titleOfA(world, "Folder"))).id;
    world.fixtures.fileId = (await uploadFileOk(runtime(), world.memberA, titleOfA(world, "File"))).id;
  }

  /** One file per owner, as file_<owner>. */
  async function filesOfA(world: World): Promise<void> {
    for (const owner of OWNERS) world.fixtures[`file_${owner}`] = (await uploadFileOk(runtime(), world.memberA, titleOfA(world, `File of ${owner}`))).id;
  }

  /** Opens A's Launch Plan and keeps its first milestone, then one file per owner. */
  async function planAndFilesOfA(world: World): Promise<void> {
    await completeLaunchpad(runtime(), world.orgA.id);
    const response = await call(runtime(), "/api/launch-plan", { as: world.memberA });
    expect(response.status).toBe(200);
    const first = ((await response.json()) as LaunchPlan).milestones[0];
    if (!first) throw new Error("the default plan has no milestone");
    world.fixtures.milestoneId = first.id;
    await filesOfA(world);
  }

  /** Each owner's file attached to A's first milestone, as attachment_<owner>. */
  async function attachmentsOfA(world: World): Promise<void> {
    await planAndFilesOfA(world);
    for (const owner of OWNERS) {
      const attached = await attachToMilestoneOk(runtime(), world.memberA, fixture(world, "milestoneId"), fixture(world, `file_${owner}`));
      world.fixtures[`attachment_${owner}`] = attached.id;
    }
  }

  const entityQuery = (world: World) => `entity_type=milestone&entity_id=${fixture(world, "milestoneId")}`;
  const attachmentIdsOfA = async (world: World) => {
    const response = await call(runtime(), `/api/attachments?${entityQuery(world)}`, { as: world.memberA });
    expect(response.status).toBe(200);
    return ((await response.json()) as AttachmentList).attachments;
  };
  const get = (path: (world: World) => string) => (_caller: CallerKind, world: World) => ({ method: "GET" as const, path: path(world) });

  return {
    listContent: {
      setup: libraryOfA,
      call: get(() => "/api/content"),
      expect: ORGANIZATION,
      check: (_caller, body, world) =>
        expect((body as ContentList).items.map((item) => item.id).sort()).toEqual([fixture(world, "folderId"), fixture(world, "fileId")].sort()),
    },
    getStorageUsage: {
      setup: libraryOfA,
      call: get(() => "/api/content/usage"),
      expect: ORGANIZATION,
      check: (_caller, body) => expect((body as StorageUsage).used_bytes).toBeGreaterThan(0),
    },
    createFolder: {
      call: (caller, world) => ({ method: "POST", path: "/api/content/folders", body: { title: titleOfA(world, `Folder by ${caller}`) } }),
      expect: CREATED,
      check: (caller, body, world) => expect(body).toMatchObject({ is_folder: true, title: `Folder by ${caller} ${world.tag}` }),
      verify: async (world) =>
        expect((await listOfA(world)).items.map((item) => item.title).sort()).toEqual([`Folder by employeeNamingA ${world.tag}`, `Folder by memberA ${world.tag}`]),
    },
    uploadContent: {
      call: (caller, world) => ({
        method: "POST",
        path: uploadPath(titleOfA(world, `Upload by ${caller}`), { fileName: `upload-${caller}.txt` }),
        raw: { contentType: "application/octet-stream", text: `Uploaded by ${caller}\n` },
      }),
      expect: CREATED,
      check: (caller, body, world) =>
        expect(body).toMatchObject({ is_folder: false, title: `Upload by ${caller} ${world.tag}`, file_name: `upload-${caller}.txt`, parent_id: null }),
      verify: async (world) =>
        expect((await listOfA(world)).items.map((item) => item.title).sort()).toEqual([`Upload by employeeNamingA ${world.tag}`, `Upload by memberA ${world.tag}`]),
    },
    updateContent: {
      setup: libraryOfA,
      call: (caller, world) => ({
        method: "PATCH",
        path: `/api/content/${fixture(world, "fileId")}`,
        body: { title: titleOfA(world, `Renamed by ${caller}`), description: `Described by ${caller}` },
      }),
      expect: ORGANIZATION,
      check: (caller, body, world) => expect(body).toMatchObject({ id: fixture(world, "fileId"), title: `Renamed by ${caller} ${world.tag}` }),
      verify: async (world) =>
        expect((await listOfA(world)).items.find((item) => item.id === fixture(world, "fileId"))?.title).toBe(`Renamed by employeeNamingA ${world.tag}`),
    },
    moveContent: {
      // Member A moves the file into the folder, the employee back to the top.
      setup: libraryOfA,
      call: (caller, world) => ({
        method: "POST",
        path: `/api/content/${fixture(world, "fileId")}/move`,
        body: { parent_id: caller === "memberA" ? fixture(world, "folderId") : null },
      }),
      expect: ORGANIZATION,
      check: (caller, body, world) =>
        expect((body as ContentItem).parent_id).toBe(caller === "memberA" ? fixture(world, "folderId") : null),
      verify: async (world) => expect((await listOfA(world)).items.map((item) => item.id)).toContain(fixture(world, "fileId")),
    },
    getContentRemoval: {
      setup: libraryOfA,
      call: get((world) => `/api/content/${fixture(world, "fileId")}/removal`),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(body as ContentRemoval).toMatchObject({ files: 1, folders: 0, bytes: expect.any(Number) }),
    },
    deleteContent: {
      setup: filesOfA,
      call: (caller, world) => ({ method: "DELETE", path: `/api/content/${fixture(world, `file_${ownerOf(caller)}`)}` }),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(body as ContentRemoval).toMatchObject({ files: 1, folders: 0 }),
      verify: async (world) => expect((await listOfA(world)).items.map((item) => item.id)).toEqual([fixture(world, "file_outsider")]),
    },
    getContentLink: {
      setup: libraryOfA,
      call: get((world) => `/api/content/${fixture(world, "fileId")}/link?download=1`),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(body as ContentLink).toMatchObject({ url: expect.any(String), expires_at: expect.any(String) }),
    },
    startMission: {
      setup: libraryOfA,
      call: () => ({ method: "POST", path: "/api/content/missions" }),
      expect: EMPLOYEE_ORGANIZATION,
      check: (_caller, body) => expect(body as Mission).toMatchObject({ end_date: null, file_count: 0 }),
      verify: async (world) => {
        const list = await listOfA(world);
        expect(list.missions).toHaveLength(2);
        expect(list.items).toEqual([]);
      },
    },
    listAttachments: {
      setup: attachmentsOfA,
      call: get((world) => `/api/attachments?${entityQuery(world)}`),
      expect: ORGANIZATION,
      check: (_caller, body, world) =>
        expect((body as AttachmentList).attachments.map((attachment) => attachment.id)).toEqual(OWNERS.map((owner) => fixture(world, `attachment_${owner}`))),
    },
    listAttachmentCandidates: {
      // Every file but member A's own is attached: that one alone is offered.
      setup: async (world) => {
        await planAndFilesOfA(world);
        for (const owner of ["employeeNamingA", "outsider"]) {
          await attachToMilestoneOk(runtime(), world.memberA, fixture(world, "milestoneId"), fixture(world, `file_${owner}`));
        }
      },
      call: get((world) => `/api/attachments/candidates?${entityQuery(world)}`),
      expect: ORGANIZATION,
      check: (_caller, body, world) =>
        expect((body as AttachmentCandidates).files.map((file) => file.id)).toEqual([fixture(world, "file_memberA")]),
    },
    createAttachment: {
      setup: planAndFilesOfA,
      call: (caller, world) => ({
        method: "POST",
        path: "/api/attachments",
        body: { entity_type: "milestone", entity_id: fixture(world, "milestoneId"), content_id: fixture(world, `file_${ownerOf(caller)}`) },
      }),
      expect: CREATED,
      check: (caller, body, world) =>
        expect(body as Attachment).toMatchObject({ entity_id: fixture(world, "milestoneId"), content: { id: fixture(world, `file_${ownerOf(caller)}`) } }),
      verify: async (world) =>
        expect((await attachmentIdsOfA(world)).map((attachment) => attachment.content.id)).toEqual([
          fixture(world, "file_memberA"),
          fixture(world, "file_employeeNamingA"),
        ]),
    },
    deleteAttachment: {
      setup: attachmentsOfA,
      call: (caller, world) => ({ method: "DELETE", path: `/api/attachments/${fixture(world, `attachment_${ownerOf(caller)}`)}` }),
      expect: ORGANIZATION,
      check: (_caller, body) => expect(body).toEqual({ removed: true }),
      verify: async (world) => {
        expect((await attachmentIdsOfA(world)).map((attachment) => attachment.id)).toEqual([fixture(world, "attachment_outsider")]);
        // The files stay in the library.
        expect((await listOfA(world)).items).toHaveLength(OWNERS.length);
      },
    },
  };
}
