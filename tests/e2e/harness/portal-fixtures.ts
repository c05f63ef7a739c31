import { randomUUID } from "node:crypto";
import { type Page, test as base, expect } from "@playwright/test";
import type { MemberRole } from "../../../common/domain/member-roles.ts";
import type { ReceivedMail } from "../../smtp-test-server.ts";

export { extractCode, extractLink, type ReceivedMail } from "../../smtp-test-server.ts";

/** The project options playwright.config.ts sets besides Playwright's own. */
export interface PortalOptions {
  /** The loopback fixture endpoint of this project's harness (one harness per database engine). */
  fixturePort: number;
}

export interface Account {
  email: string;
  password: string;
  fullName: string;
}
export type MemberAccount = Account;

export interface MemberOrganization {
  organization: { id: string; organization_name: string };
  members: MemberAccount[];
}

export const E2E_PASSWORD = "e2e-password-long-enough";

const uniqueSuffix = () => randomUUID().slice(0, 8);

/** Calls the fixture endpoint of the harness serving the running test's project. */
async function callFixture<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const { fixturePort } = base.info().project.use as Partial<PortalOptions>;
  const response = await fetch(`http://127.0.0.1:${fixturePort ?? 4174}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fixture ${method} ${path} failed: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A fresh organization with `count` members, each with a password (all of `role`, Member User by
 * default; `roles` gives each member's by position).
 */
export async function createMemberOrganization(
  count = 1,
  options: { role?: MemberRole; roles?: readonly MemberRole[] } = {},
): Promise<MemberOrganization> {
  const suffix = uniqueSuffix();
  const members = Array.from({ length: count }, (_, index) => ({
    email: `member-${index}-${suffix}@e2e.test`,
    password: E2E_PASSWORD,
    fullName: `Member ${index} ${suffix}`,
  }));
  const { organization } = await callFixture<Pick<MemberOrganization, "organization">>("POST", "/organizations", {
    organizationName: `E2E Org ${suffix}`,
    members: members.map((member, index) => ({ ...member, role: options.roles?.[index] ?? options.role ?? "member_user" })),
  });
  return { organization, members };
}

/** A provider employee: no organization of their own, acts for the one they select. */
/** Completes the organization's launchpad (or the pages named), which opens its Launch Plan. */
export async function completeLaunchpad(organizationId: string, pageIds?: readonly string[]): Promise<void> {
  await callFixture("POST", "/launchpad-complete", { organizationId, pageIds });
}

/** Opens the organization's Extensions section to its members (a menu version with always_visible). */
export async function showExtensionsToMembers(organizationId: string): Promise<void> {
  await callFixture("POST", "/extensions-visible", { organizationId });
}

/** The milestone with a video topic (and a title over 60 characters) the harness adds to the curriculum. */
export const E2E_VIDEO_MILESTONE_KEY = "e2e-video-walkthrough";

/** Puts a curriculum milestone into the organization's plan (an employee's override); answers its id. */
export async function includeMilestone(organizationId: string, milestoneKey: string): Promise<string> {
  const { milestoneId } = await callFixture<{ milestoneId: string }>("POST", "/plan-include", { organizationId, milestoneKey });
  return milestoneId;
}

export async function createEmployee(): Promise<Account> {
  const suffix = uniqueSuffix();
  const employee = { email: `employee-${suffix}@provider.e2e.test`, password: E2E_PASSWORD, fullName: `Employee ${suffix}` };
  await callFixture("POST", "/employees", employee);
  return employee;
}

/**
 * The provider administrator (the harness's PROVIDER_ADMIN_EMAIL), an employee: the same account
 * for every test of a harness, created on first use.
 */
export async function providerAdministrator(): Promise<Account> {
  return callFixture("POST", "/provider-admin");
}

/** Registers an account at the test OpenID Connect provider; signing in there takes its email. */
export async function registerSsoAccount(email: string, options: { emailVerified?: boolean } = {}): Promise<{ sub: string }> {
  return callFixture("POST", "/oidc-accounts", { email, email_verified: options.emailVerified ?? true });
}

/**
 * The newest mail to `to` whose subject contains `subject`, waiting for it. `after`: how many such
 * messages were already read (waits for a newer one).
 */
export async function readMail(
  to: string,
  options: { subject?: string; after?: number; timeoutMs?: number } = {},
): Promise<ReceivedMail & { count: number }> {
  const query = new URLSearchParams({
    to,
    subject: options.subject ?? "",
    after: String(options.after ?? 0),
    timeoutMs: String(options.timeoutMs ?? 10_000),
  });
  const { mail, count } = await callFixture<{ mail: ReceivedMail; count: number }>("GET", `/mail?${query}`);
  return { ...mail, count };
}

/** A made-up address, for people who have no account yet. */
export function newEmail(prefix: string): string {
  return `${prefix}-${uniqueSuffix()}@e2e.test`;
}

/** Fills and submits the sign-in form on the current /auth page. */
export async function signInThroughForm(page: Page, account: { email: string; password: string }) {
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Signs the page's browser context in through the API, as the sign-in form does but without
 * loading and filling it (the form has tests of its own), then opens `path` signed in.
 */
export async function signInTo(page: Page, path: string, account: { email: string; password: string }) {
  const baseURL = base.info().project.use.baseURL;
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
    headers: baseURL ? { origin: baseURL } : {},
  });
  expect(response.status(), `sign-in of ${account.email}`).toBe(200);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`));
}

/** Opens `path` signed out, is sent to /auth, signs in through the form and waits to be back. */
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
