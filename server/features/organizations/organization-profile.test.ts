import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIME_ZONE_MESSAGE } from "#common/contracts/organizations";
import { PROFILE_READ_ONLY_REASON } from "#common/domain/organization-profile";
import { realtimeEvents } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization, buildOrganization, buildUser, call } from "#tests/factories";
import { savePage } from "#tests/onboarding-test-kit";
import { PROFILE_PATH, profileBody, putProfile, readProfile } from "#tests/organization-profile-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

/** An organization with a member admin (who may edit) and a member user (who may not). */
async function buildAdminOrganization() {
  const { organization, member } = await buildMemberOrganization(runtime);
  const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin" });
  return { organization, admin, member };
}

async function countEvents(organizationId: string): Promise<number> {
  const [row] = await runtime.database.db.select({ n: count() }).from(realtimeEvents).where(eq(realtimeEvents.organizationId, organizationId));
  return row?.n ?? 0;
}

const FINANCIAL_SETUP = { page_id: "financial-setup", label: "Financial Setup", route: "/financial-calendar" };

describe("GET /api/organization/profile", () => {
  it("answers an empty profile until someone saves one, read-only for a member user", async () => {
    const { organization, member } = await buildAdminOrganization();
    const response = await call(runtime, PROFILE_PATH, { as: member });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      organization_id: organization.id,
      display_name: organization.organization_name,
      legal_name: null,
      registered_address: null,
      billing_address: null,
      tax_ids: [],
      industry: null,
      company_size: null,
      time_zone: "UTC",
      base_currency: { code: null, name: null, answered_in: FINANCIAL_SETUP },
      logo: null,
      updated_at: null,
      can_edit: false,
    });
  });

  it("shows the base currency Financial Setup recorded, and a save here never changes it", async () => {
    const { admin } = await buildAdminOrganization();
    expect((await savePage(runtime, admin, "financial-setup", "draft", { base_currency: "EUR" })).status).toBe(200);
    expect((await readProfile(runtime, admin)).base_currency).toEqual({ code: "EUR", name: "Euro", answered_in: FINANCIAL_SETUP });

    const saved = await putProfile(runtime, admin, { ...profileBody(), base_currency: "USD" });
    expect(saved.status).toBe(200);
    expect((await saved.json()).base_currency).toMatchObject({ code: "EUR" });
  });

  it("answers 404 when a member names another organization, and never shows another's profile", async () => {
    const { organization, admin } = await buildAdminOrganization();
    expect((await putProfile(runtime, admin, profileBody({ legal_name: `Secret ${organization.id}` }))).status).toBe(200);
    const outsider = await buildMemberOrganization(runtime);

    const named = await call(runtime, PROFILE_PATH, { as: outsider.member, org: organization.id });
    expect(named.status).toBe(404);
    expect(await named.text()).not.toContain("Secret");
    const own = await readProfile(runtime, outsider.member);
    expect(own).toMatchObject({ organization_id: outsider.organization.id, legal_name: null });
  });
});

describe("PUT /api/organization/profile", () => {
  it("saves what a member admin sends, trimmed, with the time zone, and announces it", async () => {
    const { organization, admin } = await buildAdminOrganization();
    const body = profileBody({
      legal_name: "  Acme Holdings GmbH  ",
      billing_address: { street_line_1: "Postfach 12", street_line_2: null, city: " Hamburg ", region: null, postal_code: "20095", country: "de" },
      tax_ids: [{ kind: "vat", value: " DE123456789 " }, { kind: "other", value: "HRB 12345" }],
    });
    const response = await putProfile(runtime, admin, body);
    expect(response.status).toBe(200);
    const saved = await response.json();
    expect(saved).toMatchObject({
      legal_name: "Acme Holdings GmbH",
      registered_address: { street_line_1: "Hauptstraße 1", street_line_2: null, city: "Berlin", region: null, postal_code: "10115", country: "DE" },
      billing_address: { street_line_1: "Postfach 12", city: "Hamburg", country: "DE" },
      tax_ids: [{ kind: "vat", value: "DE123456789" }, { kind: "other", value: "HRB 12345" }],
      industry: "manufacturing",
      company_size: "51-200",
      time_zone: "Europe/Berlin",
      can_edit: true,
    });
    expect(saved.updated_at).toEqual(expect.any(String));
    expect(await readProfile(runtime, admin)).toEqual(saved);
    // One time zone: My Company and the reminder emails read the same one.
    expect((await (await call(runtime, "/api/organization", { as: admin })).json()).time_zone).toBe("Europe/Berlin");
    expect(await countEvents(organization.id)).toBe(1);
  });

  it("reads an address left wholly empty as none", async () => {
    const { admin } = await buildAdminOrganization();
    const empty = { street_line_1: " ", street_line_2: "", city: "", region: null, postal_code: "", country: "" };
    const response = await putProfile(runtime, admin, profileBody({ registered_address: empty, billing_address: empty }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ registered_address: null, billing_address: null });
  });

  it("writes nothing and announces nothing for input equal to what is stored", async () => {
    const { organization, admin } = await buildAdminOrganization();
    const first = await (await putProfile(runtime, admin, profileBody())).json();
    const events = await countEvents(organization.id);

    const again = await putProfile(runtime, admin, profileBody({ legal_name: " Acme Holdings GmbH ", tax_ids: [{ kind: "vat", value: "DE123456789 " }] }));
    expect(again.status).toBe(200);
    expect((await again.json()).updated_at).toBe(first.updated_at);
    expect(await countEvents(organization.id)).toBe(events);
  });

  it.each([
    ["a street without city or country", { registered_address: { street_line_1: "Main St 1", street_line_2: null, city: "", region: null, postal_code: null, country: "" } }, [
      { path: "registered_address.city", message: "City is required" },
      { path: "registered_address.country", message: "Country is required" },
    ]],
    ["a country not in ISO 3166-1", { billing_address: { street_line_1: "Main St 1", street_line_2: null, city: "Springfield", region: null, postal_code: null, country: "ZZ" } }, [
      { path: "billing_address.country", message: "Choose a country from the list" },
    ]],
    ["a blank tax identifier", { tax_ids: [{ kind: "vat", value: "  " }] }, [{ path: "tax_ids.0.value", message: "Tax identifier is required" }]],
    ["a tax identifier listed twice", { tax_ids: [{ kind: "ein", value: "12-3456789" }, { kind: "ein", value: "123456789" }] }, [
      { path: "tax_ids.1.value", message: "This tax identifier is already listed" },
    ]],
    ["a tax identifier of an unknown kind", { tax_ids: [{ kind: "ssn", value: "123456789" }] }, [{ path: "tax_ids.0.kind", message: "Choose the kind of tax identifier" }]],
    ["an industry not in the list", { industry: "mining" }, [{ path: "industry", message: "Choose an industry from the list" }]],
    ["a company size not in the list", { company_size: "12" }, [{ path: "company_size", message: "Choose a company size from the list" }]],
    ["an unknown time zone", { time_zone: "Mars/Olympus_Mons" }, [{ path: "time_zone", message: TIME_ZONE_MESSAGE }]],
    ["a legal name over 200 characters", { legal_name: "x".repeat(201) }, [{ path: "legal_name", message: "Legal name must be at most 200 characters" }]],
  ])("refuses %s with field errors, and changes nothing", async (_label, overrides, details) => {
    const { admin } = await buildAdminOrganization();
    const response = await putProfile(runtime, admin, profileBody(overrides as object));
    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json.error.code).toBe("validation_failed");
    expect(json.error.details).toEqual(details);
    expect((await readProfile(runtime, admin)).updated_at).toBeNull();
  });

  it("refuses a member user with 403 and the reason, and changes nothing", async () => {
    const { member } = await buildAdminOrganization();
    const response = await putProfile(runtime, member, profileBody());
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: "forbidden", message: PROFILE_READ_ONLY_REASON } });
    expect(await readProfile(runtime, member)).toMatchObject({ legal_name: null, time_zone: "UTC", can_edit: false });
  });

  it("lets an employee save the profile of the organization it names, and only that one", async () => {
    const { organization, member } = await buildAdminOrganization();
    const other = await buildOrganization(runtime);
    const employee = await buildUser(runtime, { isEmployee: true });
    const response = await putProfile(runtime, employee, profileBody({ legal_name: "Named by the employee" }), organization.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ organization_id: organization.id, can_edit: true });

    expect((await readProfile(runtime, member)).legal_name).toBe("Named by the employee");
    expect((await readProfile(runtime, employee, other.id)).legal_name).toBeNull();
  });
});
