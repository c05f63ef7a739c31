import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations, organizations } from "#server/db/schema/index";
import type { Mailer } from "#server/mail/mailer";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildOrganization, buildUser, call, randomIp, readInvitationToken } from "#tests/factories";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

const createOrganization = (as: TestUser, body: unknown, target = runtime) =>
  call(target, "/api/employee/organizations", { method: "POST", as, body });
const organizationsNamed = (name: string, target = runtime) =>
  target.database.db.select().from(organizations).where(sql`lower(${organizations.organizationName}) = lower(${name})`);

describe("GET /api/employee/organizations", () => {
  it("lists every organization by name regardless of case", async () => {
    const prefix = `List ${uniqueSuffix()}`;
    const named = [`${prefix} b`, `${prefix} A`, `${prefix} c`];
    for (const name of named) await buildOrganization(runtime, name);
    const response = await call(runtime, "/api/employee/organizations", { as: employee });
    expect(response.status).toBe(200);
    const list: { id: string; organization_name: string }[] = await response.json();
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(["id", "organization_name"]);
    expect(list.filter((item) => item.organization_name.startsWith(prefix)).map((item) => item.organization_name)).toEqual([
      `${prefix} A`,
      `${prefix} b`,
      `${prefix} c`,
    ]);
  });

  it("is refused to members and to anonymous callers", async () => {
    const { member } = await buildMemberOrganization(runtime);
    expect((await call(runtime, "/api/employee/organizations", { as: member })).status).toBe(403);
    expect((await call(runtime, "/api/employee/organizations")).status).toBe(401);
  });
});

describe("POST /api/employee/organizations", () => {
  it("creates an organization without a first member", async () => {
    const name = `Created ${uniqueSuffix()}`;
    const response = await createOrganization(employee, { organization_name: `  ${name}  `, first_member: null });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toEqual({ organization: { id: expect.any(String), organization_name: name, display_name: name, time_zone: "UTC" }, invitation: null });
    const list = await (await call(runtime, "/api/employee/organizations", { as: employee })).json();
    expect(list).toContainEqual({ id: created.organization.id, organization_name: name });
  });

  it("invites the first member as the organization's admin by default, and the link works", async () => {
    const name = `Onboarded ${uniqueSuffix()}`;
    const email = `first-${uniqueSuffix()}@example.test`;
    const response = await createOrganization(employee, { organization_name: name, first_member: { email: email.toUpperCase() } });
    expect(response.status).toBe(201);
    const { organization, invitation } = await response.json();
    expect(invitation).toMatchObject({ email, role: "member_admin", expired: false });
    const token = await readInvitationToken(runtime, email);
    const lookup = await call(runtime, "/api/invitations/lookup", { method: "POST", body: { token } });
    expect(await lookup.json()).toEqual({ email, organization_name: name, blocked_by: null });

    const password = "quiet-meadow-compass-77";
    const accepted = await call(runtime, "/api/invitations/accept", {
      method: "POST",
      body: { token, full_name: "First Admin", newPassword: password, confirmPassword: password },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(accepted.status).toBe(200);
    const cookie = accepted.headers.getSetCookie().find((value) => value.includes("session_token"))?.split(";")[0] ?? "";
    const me = await call(runtime, "/api/me", { headers: { cookie } });
    expect(await me.json()).toMatchObject({ email, role: "member_admin", organization_id: organization.id });
  });

  it("takes the first member's role when given", async () => {
    const email = `first-${uniqueSuffix()}@example.test`;
    const response = await createOrganization(employee, {
      organization_name: `Role ${uniqueSuffix()}`,
      first_member: { email, role: "member_user" },
    });
    expect((await response.json()).invitation.role).toBe("member_user");
  });

  it("refuses a name taken in any case, with a field error, and creates nothing", async () => {
    const existing = await buildOrganization(runtime);
    const email = `first-${uniqueSuffix()}@example.test`;
    const response = await createOrganization(employee, {
      organization_name: existing.organization_name.toUpperCase(),
      first_member: { email },
    });
    expect(response.status).toBe(409);
    expect((await response.json()).error).toEqual({
      code: "conflict",
      message: "An organization with this name already exists",
      details: [{ path: "organization_name", message: "An organization with this name already exists" }],
    });
    expect(await runtime.database.db.select().from(invitations).where(eq(invitations.email, email))).toEqual([]);
  });

  it("refuses a first member who already has an account, and creates no organization", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const name = `Taken email ${uniqueSuffix()}`;
    const response = await createOrganization(employee, { organization_name: name, first_member: { email: member.email } });
    expect(response.status).toBe(409);
    expect((await response.json()).error.details).toEqual([{ path: "email", message: "This email already has an account" }]);
    expect(await organizationsNamed(name)).toEqual([]);
  });

  it.each([
    ["a blank name", { organization_name: "   " }, "organization_name"],
    ["a name over 200 characters", { organization_name: "x".repeat(201) }, "organization_name"],
    ["a first member without a valid email", { organization_name: "Fine", first_member: { email: "nope" } }, "first_member.email"],
    ["an unknown role", { organization_name: "Fine", first_member: { email: "a@example.test", role: "owner" } }, "first_member.role"],
  ])("refuses %s with a field error", async (_label, body, path) => {
    const response = await createOrganization(employee, body);
    expect(response.status).toBe(400);
    expect((await response.json()).error.details[0].path).toBe(path);
  });

  it("is refused to members", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const name = `By member ${uniqueSuffix()}`;
    expect((await createOrganization(member, { organization_name: name, first_member: null })).status).toBe(403);
    expect(await organizationsNamed(name)).toEqual([]);
  });

  it("answers 502 and creates nothing when the invitation email cannot be sent", async () => {
    const failing: Mailer = {
      driver: "smtp",
      send: async () => {
        throw new Error("mail server down");
      },
      close: async () => {},
    };
    const broken = await createTestRuntime({}, { mailer: failing });
    try {
      const brokenEmployee = await buildUser(broken, { isEmployee: true });
      const name = `Unmailed ${uniqueSuffix()}`;
      const response = await createOrganization(brokenEmployee, { organization_name: name, first_member: { email: `x-${uniqueSuffix()}@example.test` } }, broken);
      expect(response.status).toBe(502);
      expect((await response.json()).error.code).toBe("mail_failed");
      expect(await organizationsNamed(name, broken)).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
