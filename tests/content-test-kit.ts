import { asc } from "drizzle-orm";
import type { Attachment } from "#common/contracts/attachments";
import type { ContentItem } from "#common/contracts/content";
import { ORGANIZATION_HEADER } from "#common/contracts/http";
import { milestones } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, call } from "./factories.ts";
import { completeLaunchpad } from "./launch-plan-test-kit.ts";
import { TEST_ORIGIN } from "./test-runtime.ts";

/** Library files and folders made through the API, for the tests of the library and its attachments. */

/** A 1×1 transparent PNG: the smallest image the upload sniffs as image/png. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

export interface UploadOptions {
  fileName?: string;
  parentId?: string;
  description?: string;
  /** The file's bytes; a line of text by default. */
  bytes?: Uint8Array;
  /** The organization an employee names. */
  org?: string;
}

/** The upload route's path and query for a file titled `title`. */
export function uploadPath(title: string, options: UploadOptions = {}): string {
  const query = new URLSearchParams({ title, file_name: options.fileName ?? `${title}.txt` });
  if (options.parentId) query.set("parent_id", options.parentId);
  if (options.description) query.set("description", options.description);
  return `/api/content/files?${query.toString()}`;
}

/** Uploads the bytes as `as` would from the browser; the raw answer. */
export function uploadFile(runtime: Runtime, as: TestUser, title: string, options: UploadOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    cookie: as.cookie,
    "x-forwarded-for": as.ip,
    "content-type": "application/octet-stream",
  };
  if (options.org) headers[ORGANIZATION_HEADER] = options.org;
  const body = new Uint8Array(options.bytes ?? Buffer.from(`The file ${title}\n`));
  return Promise.resolve(runtime.app.request(uploadPath(title, options), { method: "POST", headers, body }));
}

/** Uploads and expects it stored. */
export async function uploadFileOk(runtime: Runtime, as: TestUser, title: string, options: UploadOptions = {}): Promise<ContentItem> {
  const response = await uploadFile(runtime, as, title, options);
  if (response.status !== 201) throw new Error(`upload of ${title} refused: ${response.status} ${await response.text()}`);
  return (await response.json()) as ContentItem;
}

/** Creates a folder (at the top, or in `parentId`) and expects it made. */
export async function createFolderOk(runtime: Runtime, as: TestUser, title: string, options: { parentId?: string; org?: string } = {}): Promise<ContentItem> {
  const response = await call(runtime, "/api/content/folders", {
    method: "POST",
    as,
    org: options.org,
    body: { title, parent_id: options.parentId ?? null },
  });
  if (response.status !== 201) throw new Error(`folder ${title} refused: ${response.status} ${await response.text()}`);
  return (await response.json()) as ContentItem;
}

/** The ids of the curriculum's first two milestones, by position. */
export async function firstMilestoneIds(runtime: Runtime): Promise<[string, string]> {
  const rows = await runtime.database.db.select({ id: milestones.id }).from(milestones).orderBy(asc(milestones.position), asc(milestones.id)).limit(2);
  const [first, second] = rows;
  if (!first || !second) throw new Error("the default curriculum has fewer than two milestones");
  return [first.id, second.id];
}

/** The query naming a milestone as the attachments' entity. */
export const milestoneEntity = (milestoneId: string) => `entity_type=milestone&entity_id=${milestoneId}`;

/** Attaches a library file to a milestone; the raw answer. */
export function attachToMilestone(runtime: Runtime, as: TestUser, milestoneId: string, contentId: string, org?: string): Promise<Response> {
  return call(runtime, "/api/attachments", { method: "POST", as, org, body: { entity_type: "milestone", entity_id: milestoneId, content_id: contentId } });
}

/** Attaches and expects it made. */
export async function attachToMilestoneOk(runtime: Runtime, as: TestUser, milestoneId: string, contentId: string, org?: string): Promise<Attachment> {
  const response = await attachToMilestone(runtime, as, milestoneId, contentId, org);
  if (response.status !== 201) throw new Error(`attachment refused: ${response.status} ${await response.text()}`);
  return (await response.json()) as Attachment;
}

/** A new organization whose Launch Plan is open (its milestones take attachments), with one member. */
export async function buildOrganizationWithOpenPlan(runtime: Runtime): Promise<{ organizationId: string; member: TestUser }> {
  const { organization, member } = await buildMemberOrganization(runtime);
  await completeLaunchpad(runtime, organization.id);
  return { organizationId: organization.id, member };
}
