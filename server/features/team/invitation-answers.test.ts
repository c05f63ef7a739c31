import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_STAFF_ADDRESS_MESSAGE } from "#common/domain/access";
import { profiles } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

/**
 * Decision 031: inviting tells an admin nothing about accounts outside their organization. An
 * address with an account elsewhere, a provider employee's address and a new one get the same
 * answer; only membership of the admin's own organization is named.
 */

const PROVIDER_DOMAIN = "provider.example";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime({ PROVIDER_EMAIL_DOMAIN: PROVIDER_DOMAIN });
});
afterAll(async () => {
  await runtime.close();
});

async function buildAdmin() {
  const { organization, member: admin } = await buildMemberOrganization(runtime);
  await runtime.database.db.update(profiles).set({ role: "member_admin" }).where(eq(profiles.id, admin.id));
  return { organization, admin };
}

interface Answer {
  status: number;
  contentType: string | null;
  body: Record<string, unknown>;
}

async function invite(admin: TestUser, email: string): Promise<Answer> {
  const response = await call(runtime, "/api/team/invitations", { method: "POST", as: admin, body: { email, role: "member_user" } });
  return { status: response.status, contentType: response.headers.get("content-type"), body: await response.json() };
}

/** The answer with the values that differ for any two invitations (their id, address and times) blanked. */
function comparable(answer: Answer) {
  const body: Record<string, unknown> = { ...answer.body };
  for (const field of ["id", "email", "sent_at", "expires_at"]) {
    expect(typeof body[field], field).toBe("string");
    body[field] = `<${field}>`;
  }
  return { ...answer, body };
}

describe("POST /api/team/invitations answers alike whoever owns the address", () => {
  it("answers a new address, one with an account in another organization and an employee's the same", async () => {
    const { admin } = await buildAdmin();
    const { member: elsewhere } = await buildMemberOrganization(runtime);
    const employee = await buildUser(runtime, { isEmployee: true, email: `eli-${uniqueSuffix()}@example.test` });
    const addresses = { new: `new-${uniqueSuffix()}@example.test`, elsewhere: elsewhere.email, employee: employee.email };

    const answers = {
      new: await invite(admin, addresses.new),
      elsewhere: await invite(admin, addresses.elsewhere.toUpperCase()),
      employee: await invite(admin, addresses.employee),
    };
    expect(answers.new.status).toBe(201);
    expect(comparable(answers.elsewhere)).toEqual(comparable(answers.new));
    expect(comparable(answers.employee)).toEqual(comparable(answers.new));
    expect(answers.elsewhere.body.email).toBe(addresses.elsewhere);

    // The team list shows all three as the same kind of pending invitation.
    const team = await (await call(runtime, "/api/team", { as: admin })).json();
    const pending = team.invitations.map((invitation: { email: string; expired: boolean }) => [invitation.email, invitation.expired]);
    expect(pending.sort()).toEqual(Object.values(addresses).map((email) => [email, false]).sort());
  });

  it("refuses every address on the provider's domain alike, an employee's or nobody's", async () => {
    const { admin } = await buildAdmin();
    const employee = await buildUser(runtime, { isEmployee: true, email: `sam-${uniqueSuffix()}@${PROVIDER_DOMAIN}` });
    const refusal = {
      status: 400,
      contentType: "application/json",
      body: { error: { code: "validation_failed", message: PROVIDER_STAFF_ADDRESS_MESSAGE, details: [{ path: "email", message: PROVIDER_STAFF_ADDRESS_MESSAGE }] } },
    };
    expect(await invite(admin, employee.email)).toEqual(refusal);
    expect(await invite(admin, `nobody-${uniqueSuffix()}@${PROVIDER_DOMAIN}`)).toEqual(refusal);
  });

  it("names a member of the admin's own organization on the email field", async () => {
    const { organization, admin } = await buildAdmin();
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    const message = "This email is already a member of your organization";
    expect(await invite(admin, colleague.email.toUpperCase())).toEqual({
      status: 409,
      contentType: "application/json",
      body: { error: { code: "conflict", message, details: [{ path: "email", message }] } },
    });
  });
});
