import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewDatasetRoute } from "#common/contracts/data-migration";
import type { RouteContract } from "#common/contracts/http";
import { routeRegistry } from "#common/contracts/registry";
import { EMPLOYEE_ONLY_REASON, PROVIDER_STAFF_ADDRESS_MESSAGE } from "#common/domain/access";
import { hashInvitationToken } from "#server/auth/invitation-tokens";
import { invitations, mailOutbox, profiles } from "#server/db/schema/index";
import { insertUserWithProfile } from "#server/queries/users.queries";
import type { Runtime } from "#server/runtime";
import { TEST_PASSWORD, type TestUser, buildMemberOrganization, buildOrganization, buildUser, call, randomIp, sessionCookie, signIn } from "#tests/factories";
import { buildMigrationMember, uploadOk, validCsv } from "#tests/migration-test-kit";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

/**
 * Decision 030: addresses on the provider's e-mail domain are the provider's staff. They are never
 * invited into a customer organization, and one that is a member anyway (made before the rule)
 * opens no ETL route: the domain counts only together with an employee account.
 */

const PROVIDER_DOMAIN = "provider.example";
const ETL_TAG = "ETL administration";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime({ PROVIDER_EMAIL_DOMAIN: PROVIDER_DOMAIN });
});
afterAll(async () => {
  await runtime.close();
});

const staffAddress = () => `someone-${uniqueSuffix()}@${PROVIDER_DOMAIN.toUpperCase()}`;

async function buildAdmin() {
  const { organization, member: admin } = await buildMemberOrganization(runtime);
  await runtime.database.db.update(profiles).set({ role: "member_admin" }).where(eq(profiles.id, admin.id));
  return { organization, admin };
}

/** A customer member on the provider's domain written straight to the tables, as the portal allowed before the rule. */
async function insertProviderDomainMember(organizationId: string): Promise<TestUser> {
  const email = `staff-${uniqueSuffix()}@${PROVIDER_DOMAIN}`;
  const id = randomUUID();
  const passwordHash = await (await runtime.auth.$context).password.hash(TEST_PASSWORD);
  const record = { id, email, name: email, passwordHash, organizationId, isEmployee: false, fullName: null, companyRole: null, role: "member_admin" };
  await runtime.database.db.transaction((tx) => insertUserWithProfile(tx, record, randomUUID()));
  const ip = randomIp();
  return { id, email, password: TEST_PASSWORD, organizationId, ip, cookie: sessionCookie(await signIn(runtime, email, TEST_PASSWORD, ip)) };
}

/** Every ETL route the registry knows, by its gating item or its tag, so new ones are covered too. */
const etlRoutes: RouteContract[] = routeRegistry.filter((route) => route.item === "etl-admin" || route.tag === ETL_TAG);

interface StagedDataset {
  id: string;
  stagedAt: string;
}

/** A valid request to `route` about another organization's staged dataset. */
function requestTo(route: RouteContract, dataset: StagedDataset) {
  const path = route.path.replace(/:[A-Za-z]+/g, dataset.id);
  const body = route.id === reviewDatasetRoute.id ? { status: "loaded", comment: "", staged_at: dataset.stagedAt } : route.body ? {} : undefined;
  return { path, method: route.method.toUpperCase(), body };
}

describe("provider-domain addresses in customer organizations", () => {
  it("refuses to invite one, on the email field, and mails nothing", async () => {
    const { organization, admin } = await buildAdmin();
    const email = staffAddress();
    const response = await call(runtime, "/api/team/invitations", { method: "POST", as: admin, body: { email, role: "member_user" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "validation_failed", message: PROVIDER_STAFF_ADDRESS_MESSAGE, details: [{ path: "email", message: PROVIDER_STAFF_ADDRESS_MESSAGE }] },
    });
    expect(await runtime.database.db.select().from(invitations).where(eq(invitations.organizationId, organization.id))).toEqual([]);
    expect(await runtime.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email.toLowerCase()))).toEqual([]);
  });

  it("refuses one as the first member of an organization an employee creates", async () => {
    const employee = await buildUser(runtime, { isEmployee: true });
    const name = `Staff first ${uniqueSuffix()}`;
    const response = await call(runtime, "/api/employee/organizations", {
      method: "POST",
      as: employee,
      body: { organization_name: name, first_member: { email: staffAddress() } },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.details).toEqual([{ path: "email", message: PROVIDER_STAFF_ADDRESS_MESSAGE }]);
  });

  it("refuses to accept an invitation to one sent before the rule, and creates nobody", async () => {
    const { organization, admin } = await buildAdmin();
    const email = `early-${uniqueSuffix()}@${PROVIDER_DOMAIN}`;
    const token = randomUUID().replaceAll("-", "") + randomUUID().replaceAll("-", "");
    await runtime.database.db.insert(invitations).values({
      organizationId: organization.id,
      email,
      role: "member_user",
      tokenHash: hashInvitationToken(token),
      invitedBy: admin.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const lookup = await call(runtime, "/api/invitations/lookup", { method: "POST", body: { token } });
    expect(await lookup.json()).toEqual({ email, organization_name: organization.organization_name, blocked_by: "provider_staff_address" });
    const accepted = await call(runtime, "/api/invitations/accept", {
      method: "POST",
      body: { token, full_name: "Early Bird", newPassword: "violet-harbour-lantern-42", confirmPassword: "violet-harbour-lantern-42" },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(accepted.status).toBe(403);
    expect(await accepted.json()).toEqual({ error: { code: "forbidden", message: PROVIDER_STAFF_ADDRESS_MESSAGE } });
    expect(await runtime.database.db.select().from(profiles).where(eq(profiles.email, email))).toEqual([]);
  });

  it("opens no ETL route to one that is a member anyway; an employee on the domain gets every one", async () => {
    expect(etlRoutes.map((route) => route.id).sort()).toEqual(
      expect.arrayContaining(["exportMigrationDataset", "listEtlConnections", "listEtlDatasets", "reviewMigrationDataset"]),
    );
    const { member: customer } = await buildMigrationMember(runtime);
    const { dataset } = await uploadOk(runtime, customer, "customers", validCsv("customers", 1));
    const staged = { id: dataset.id, stagedAt: dataset.staged_at };

    const customerOrganization = await buildOrganization(runtime);
    const member = await insertProviderDomainMember(customerOrganization.id);
    for (const route of etlRoutes) {
      const response = await call(runtime, requestTo(route, staged).path, { ...requestTo(route, staged), as: member });
      expect(response.status, route.id).toBe(403);
      expect(await response.json(), route.id).toEqual({ error: { code: "forbidden", message: EMPLOYEE_ONLY_REASON } });
    }

    const employee = await buildUser(runtime, { isEmployee: true, email: `etl-${uniqueSuffix()}@${PROVIDER_DOMAIN}` });
    for (const route of etlRoutes) {
      const response = await call(runtime, requestTo(route, staged).path, { ...requestTo(route, staged), as: employee, org: customerOrganization.id });
      expect(response.status, route.id).toBe(200);
    }
  });
});
