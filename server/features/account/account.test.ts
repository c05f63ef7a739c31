import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, users } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, call } from "#tests/factories";
import { createTestRuntime, uniqueSuffix } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const updateProfile = (as: TestUser | null, body: unknown) => call(runtime, "/api/me/profile", { method: "PATCH", as, body });

describe("PATCH /api/me/profile", () => {
  it("saves the full name and company role, and /api/me shows them at once", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const name = `Renamed ${uniqueSuffix()}`;
    const response = await updateProfile(member, { full_name: `  ${name}  `, company_role: "HR" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: member.id, full_name: name, company_role: "HR", role: "member_user" });
    expect(await (await call(runtime, "/api/me", { as: member })).json()).toMatchObject({ full_name: name, company_role: "HR" });
    const [account] = await runtime.database.db.select({ name: users.name }).from(users).where(eq(users.id, member.id));
    expect(account?.name).toBe(name);
  });

  it("clears the company role with null", async () => {
    const { member } = await buildMemberOrganization(runtime);
    await updateProfile(member, { full_name: "Someone", company_role: "Marketing" });
    const response = await updateProfile(member, { full_name: "Someone", company_role: null });
    expect(await response.json()).toMatchObject({ company_role: null });
  });

  it.each([
    [{ full_name: "   ", company_role: null }, "full_name", "Full name is required"],
    [{ full_name: "x".repeat(201), company_role: null }, "full_name", "Full name must be at most 200 characters"],
    [{ full_name: "Tab\there", company_role: null }, "full_name", "Full name cannot contain control characters"],
    [{ full_name: "Someone", company_role: "Astronaut" }, "company_role", "Choose a company role from the list"],
    [{ company_role: null }, "full_name", "Full name is required"],
  ])("refuses %j field by field, changing nothing", async (body, path, message) => {
    const { member } = await buildMemberOrganization(runtime);
    const response = await updateProfile(member, body);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("validation_failed");
    expect(error.details).toContainEqual({ path, message });
    const [profile] = await runtime.database.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile?.fullName).toBeNull();
  });

  it("is refused without a session, and the email and role cannot be changed through it", async () => {
    expect((await updateProfile(null, { full_name: "Anyone", company_role: null })).status).toBe(401);
    const { member } = await buildMemberOrganization(runtime);
    const response = await updateProfile(member, { full_name: "Me", company_role: null, email: "new@example.test", role: "member_admin" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: member.email, role: "member_user" });
  });
});

describe("GET /api/sign-in-options", () => {
  it("offers no single sign-on when none is configured", async () => {
    const response = await call(runtime, "/api/sign-in-options");
    expect(await response.json()).toEqual({ sso: null });
  });

  it("offers single sign-on with its label when OIDC is configured", async () => {
    const configured = await createTestRuntime({
      OIDC_ISSUER: "http://127.0.0.1:9/issuer",
      OIDC_CLIENT_ID: "portal",
      OIDC_CLIENT_SECRET: "secret",
      OIDC_BUTTON_LABEL: "Sign in with Acme ID",
    });
    try {
      const response = await call(configured, "/api/sign-in-options");
      expect(await response.json()).toEqual({ sso: { providerId: "oidc", label: "Sign in with Acme ID" } });
    } finally {
      await configured.close();
    }
  });
});
