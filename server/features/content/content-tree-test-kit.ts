import type { ContentItem } from "#common/contracts/content";
import type { Runtime } from "#server/runtime";
import { TINY_PNG, createFolderOk, uploadFileOk } from "#tests/content-test-kit";
import type { TestUser } from "#tests/factories";

/** A small library for the delete tests of both storage drivers. */

export interface LibraryTree {
  /** Projects holds Report and Drafts; Drafts holds Draft and Photo. */
  projects: ContentItem;
  drafts: ContentItem;
  report: ContentItem;
  draft: ContentItem;
  photo: ContentItem;
  /** At the top, outside Projects. */
  loose: ContentItem;
}

export async function buildLibraryTree(runtime: Runtime, member: TestUser): Promise<LibraryTree> {
  const projects = await createFolderOk(runtime, member, "Projects");
  const drafts = await createFolderOk(runtime, member, "Drafts", { parentId: projects.id });
  return {
    projects,
    drafts,
    report: await uploadFileOk(runtime, member, "Report", { parentId: projects.id }),
    draft: await uploadFileOk(runtime, member, "Draft", { parentId: drafts.id }),
    photo: await uploadFileOk(runtime, member, "Photo", { parentId: drafts.id, fileName: "photo.png", bytes: TINY_PNG }),
    loose: await uploadFileOk(runtime, member, "Loose"),
  };
}
