import { randomUUID } from "node:crypto";
import { type Page, test as base, expect } from "@playwright/test";

export interface MemberAccount {
  email: string;
  password: string;
  fullName: string;
}

export interface MemberOrganization {
  organization: { id: string; organization_name: string };
  members: MemberAccount[];
}

const fixturePort = Number(process.env.E2E_FIXTURE_PORT ?? 4174);

/** A fresh organization with `count` members, made through the harness's fixture endpoint. */
export async function createMemberOrganization(count = 1): Promise<MemberOrganization> {
  const suffix = randomUUID().slice(0, 8);
  const members = Array.from({ length: count }, (_, index) => ({
    email: `member-${index}-${suffix}@e2e.test`,
    password: "e2e-password-long-enough",
    fullName: `Member ${index} ${suffix}`,
  }));
  const response = await fetch(`http://127.0.0.1:${fixturePort}/`, {
    method: "POST",
    body: JSON.stringify({ organizationName: `E2E Org ${suffix}`, members }),
  });
  if (!response.ok) throw new Error(`fixture failed: ${await response.text()}`);
  const { organization } = (await response.json()) as Pick<MemberOrganization, "organization">;
  return { organization, members };
}

/** Fills and submits the sign-in form on the current /auth page. */
export async function signInThroughForm(page: Page, account: { email: string; password: string }) {
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Opens `path` signed out, is sent to /auth, signs in and waits to be back. */
export async function signInAt(page: Page, path: string, account: { email: string; password: string }) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth(\?redirectTo=|$)/);
  await signInThroughForm(page, account);
}

/**
 * Collects the page's console errors and uncaught exceptions. The browser's own line for a
 * refused request ("Failed to load resource: … 401") is left out: expected refusals are tested.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** Playwright's test, failing any test whose page logged an error to the console. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const errors = watchConsoleErrors(page);
    await use(page);
    expect(errors, "errors in the browser console").toEqual([]);
  },
});
export { expect };
