import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { ORGANIZATION_HEADER, type RouteContract } from "#common/contracts/http";
import type { Organization } from "#common/contracts/organizations";
import type { Invitation } from "#common/contracts/team";
import type { MemberRole } from "#common/domain/member-roles";
import { mailOutbox } from "#server/db/schema/index";
import { createOrganization } from "#server/features/organizations/organizations.service";
import { createUser } from "#server/features/users/users.service";
import type { Runtime } from "#server/runtime";
import { buildApiPath } from "#web/lib/api-client.ts";
import { TEST_ORIGIN, uniqueSuffix } from "./test-runtime.ts";

export const TEST_PASSWORD = "correct-horse-battery";

export interface TestUser {
  id: string;
  email: string;
  password: string;
  organizationId: string | null;
  /** A client address of its own, so rate limits of one test never touch another. */
  ip: string;
  cookie: string;
}

export async function buildOrganization(runtime: Runtime, name = `Org ${uniqueSuffix()}`): Promise<Organization> {
  return createOrganization(runtime.database.db, name);
}

export function randomIp(): string {
  const bytes = randomUUID().replace(/-/g, "").slice(0, 6);
  return `10.${parseInt(bytes.slice(0, 2), 16)}.${parseInt(bytes.slice(2, 4), 16)}.${parseInt(bytes.slice(4, 6), 16)}`;
}

/** Signs in through the real endpoint and returns the session cookie. */
export async function signIn(runtime: Runtime, email: string, password: string, ip = randomIp()): Promise<Response> {
  return runtime.app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": ip },
    body: JSON.stringify({ email, password }),
  });
}

export function sessionCookie(response: Response): string {
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const session = cookies.find((cookie) => cookie?.includes("session_token"));
  if (!session) throw new Error(`no session cookie (status ${response.status})`);
  return session;
}

/** A signed-in user: a member of `organizationId` (a member_user unless `role` says otherwise), or an employee. */
export async function buildUser(
  runtime: Runtime,
  options: { organizationId?: string | null; isEmployee?: boolean; fullName?: string; role?: MemberRole; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${uniqueSuffix()}@example.test`;
  const organizationId = options.organizationId ?? null;
  const created = await createUser(runtime.auth, runtime.database.db, {
    email,
    password: TEST_PASSWORD,
    organizationId,
    isEmployee: options.isEmployee ?? false,
    fullName: options.fullName ?? null,
    companyRole: null,
    role: options.role,
  });
  const ip = randomIp();
  const cookie = sessionCookie(await signIn(runtime, email, TEST_PASSWORD, ip));
  return { id: created.id, email, password: TEST_PASSWORD, organizationId, ip, cookie };
}

/** An organization with one signed-in member. */
export async function buildMemberOrganization(runtime: Runtime) {
  const organization = await buildOrganization(runtime);
  const member = await buildUser(runtime, { organizationId: organization.id });
  return { organization, member };
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  as?: TestUser | null;
  /** Sent as the acting-organization header. */
  org?: string;
  headers?: Record<string, string>;
}

/** Calls the app in-process like a browser on the portal's origin would. */
export function call(runtime: Runtime, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...options.headers };
  if (options.as) {
    headers.cookie = options.as.cookie;
    headers["x-forwarded-for"] = options.as.ip;
  }
  if (options.org) headers[ORGANIZATION_HEADER] = options.org;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return Promise.resolve(
    runtime.app.request(path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
  );
}

/**
 * Calls a route through its contract, as the web client does: the method and path come from the
 * contract, its `:name` segments filled from `params`.
 */
export function callContract(runtime: Runtime, contract: RouteContract, options: Omit<CallOptions, "method"> & { params?: Record<string, string> } = {}): Promise<Response> {
  return call(runtime, buildApiPath(contract.path, options.params), { ...options, method: contract.method.toUpperCase() });
}

/** The token in an invitation email's link (`…/change-password?invitation=<token>`). */
export function invitationTokenIn(text: string): string {
  const token = /[?&]invitation=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error("no invitation link in the message");
  return token;
}

/** The token of the latest invitation mailed to `email`, read from the outbox (the test runtime's mailer). */
export async function readInvitationToken(runtime: Runtime, email: string): Promise<string> {
  const [mail] = await runtime.database.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, "invitation")))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no invitation mailed to ${email}`);
  return invitationTokenIn(mail.text);
}

/** Invites a fresh email to the organization through the API, as `as` (an admin or an employee). */
export async function buildInvitation(
  runtime: Runtime,
  as: TestUser,
  organizationId: string,
  role: MemberRole = "member_user",
): Promise<{ invitation: Invitation; email: string; token: string }> {
  const email = `invitee-${uniqueSuffix()}@example.test`;
  const response = await call(runtime, "/api/team/invitations", { method: "POST", as, org: organizationId, body: { email, role } });
  if (response.status !== 201) throw new Error(`invitation refused: ${response.status} ${await response.text()}`);
  return { invitation: (await response.json()) as Invitation, email, token: await readInvitationToken(runtime, email) };
}
