import type { APIRequestContext, Page } from "@playwright/test";
import { createMemberOrganization, expect, type MemberOrganization } from "./portal-fixtures.ts";

/** Steps the action log, Get Help and notification specs share. */

export const NDA_REQUIRED_REASON = "Complete the NDA step first to access this page";

/** Signs the organization's NDA through the API, as the member whose session `request` carries. */
export async function signNdaByApi(request: APIRequestContext): Promise<void> {
  const response = await request.post("/api/nda/sign", { data: { full_name: "Ana Lima", title: "Chief Financial Officer", agreed: true } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Creates an entry through the API; answers its id and reference. */
export async function createEntryByApi(request: APIRequestContext, body: Record<string, unknown>): Promise<{ id: string; reference: string }> {
  const response = await request.post("/api/action-logs", { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; reference: string };
}

/** An organization of `count` members (the first an administrator). */
export function organizationOf(count: number): Promise<MemberOrganization> {
  return createMemberOrganization(count, { role: "member_admin" });
}

export function entrySheet(page: Page, reference: string) {
  return page.getByRole("dialog", { name: new RegExp(`^${reference}`) });
}

export function bell(page: Page) {
  return page.getByRole("button", { name: /^Notifications(, \d+ unread)?$/ });
}
