import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { completeLaunchpad, createMemberOrganization, expect, signInTo } from "./portal-fixtures.ts";
export { expectNoAxeViolations } from "./axe.ts";

/** Steps of the attachment and screen-capture specs: a milestone page to attach to, and the stored files read back. */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const BASE_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
/** Chromium's switches that answer the screen-share prompt: this tab for a screenshot, a fake screen for a recording. */
export const ACCEPT_CAPTURE = ["--auto-accept-this-tab-capture", "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"];
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/** Uploads a library file through the API (the page's own session); answers its id. */
export async function uploadFile(request: APIRequestContext, title: string, body: string, parentId?: string): Promise<string> {
  const query = new URLSearchParams({ title, file_name: `${title}.txt`, ...(parentId ? { parent_id: parentId } : {}) });
  const response = await request.post(`/api/content/files?${query}`, { data: Buffer.from(body), headers: { "content-type": "application/octet-stream" } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A member of a new organization whose Launch Plan is open, on its first milestone's page. */
export async function openFirstMilestone(page: Page): Promise<{ milestoneId: string }> {
  const { organization, members } = await createMemberOrganization(1, { role: "member_admin" });
  await completeLaunchpad(organization.id);
  await signInTo(page, "/dashboard", members[0]!);
  const plan = (await (await page.request.get("/api/launch-plan")).json()) as { milestones: { id: string }[] };
  const milestoneId = plan.milestones[0]!.id;
  await page.goto(`/milestone/${milestoneId}`);
  await expect(page.getByRole("heading", { name: "Documents", level: 2 })).toBeVisible();
  return { milestoneId };
}

interface StoredAttachment {
  content: { id: string; title: string; content_type: string | null; file_name: string | null };
}

/** The entity's attachments as the API lists them, and the first bytes of the one of `type`. */
export async function storedFileOfType(page: Page, milestoneId: string, type: RegExp): Promise<{ attachment: StoredAttachment; bytes: Buffer; url: string }> {
  const listed = (await (await page.request.get(`/api/attachments?entity_type=milestone&entity_id=${milestoneId}`)).json()) as { attachments: StoredAttachment[] };
  const attachment = listed.attachments.find((entry) => type.test(entry.content.content_type ?? ""));
  if (!attachment) throw new Error(`no attachment of type ${type}`);
  const link = (await (await page.request.get(`/api/content/${attachment.content.id}/link`)).json()) as { url: string };
  const bytes = Buffer.from(await (await page.request.get(link.url)).body());
  return { attachment, bytes, url: link.url };
}

export function addDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: "Add attachment" });
}

export function attachmentList(page: Page): Locator {
  return page.getByRole("list", { name: "Attachments" });
}
