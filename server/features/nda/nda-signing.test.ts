import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ndas } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { SIGNATURE, documentKeyOf, eventTypesAfter, isStored, lastEventId, signNda, signNdaOk } from "#tests/onboarding-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});
// Only this file's spies: the console.error guard keeps its own.
const spies: { mockRestore(): void }[] = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

const countersign = (ndaId: string, as: TestUser, org?: string, body: unknown = { full_name: "Ben Ode", title: "Account Executive" }) =>
  call(runtime, `/api/nda/${ndaId}/countersign`, { method: "POST", as, org, body });

async function expectError(response: Response, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  expect((await response.json()).error.message).toMatch(message);
}

describe("POST /api/nda/sign", () => {
  it("signs for the organization with the current template's text and completes the NDA page", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const before = await lastEventId(runtime, organization.id);
    const template = await (await call(runtime, "/api/nda/template", { as: member })).json();

    const response = await signNda(runtime, member, { full_name: "  Ana Lima ", title: "CFO", agreed: true });
    expect(response.status).toBe(201);
    const nda = await response.json();
    expect(nda).toMatchObject({
      organization_id: organization.id,
      status: "signed-by-prospect",
      member_signer_name: "Ana Lima",
      member_signer_title: "CFO",
      member_signer_email: member.email,
      provider_signer_name: null,
      provider_signed_at: null,
      has_document: true,
    });
    // The text signed is the template's of that version (another test file may save a newer one meanwhile).
    if (nda.template_version === template.version) expect(nda).toMatchObject({ title: template.title, body: template.body });
    expect(Date.parse(nda.member_signed_at)).not.toBeNaN();

    const overview = await (await call(runtime, "/api/nda", { as: member })).json();
    expect(overview.signed).toBe(true);
    expect(overview.organization_name, "employees read the page from the provider's side, naming the organization").toBe(organization.organization_name);
    const launchpad = await (await call(runtime, "/api/launchpad", { as: member })).json();
    expect(launchpad.pages.find((page: { id: string }) => page.id === "nda")).toMatchObject({ is_completed: true });
    expect(launchpad.flags.nda_signed).toBe(true);
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual(["ndaChanged", "launchpadChanged"]);
  });

  it("needs the agreement, a name and a job title", async () => {
    const { member } = await buildMemberOrganization(runtime);
    await expectError(await signNda(runtime, member, { full_name: "Ana", title: "CFO" }), 400, "You must agree to the NDA to sign it");
    await expectError(await signNda(runtime, member, { ...SIGNATURE, agreed: false }), 400, "You must agree to the NDA to sign it");
    await expectError(await signNda(runtime, member, { ...SIGNATURE, full_name: "   " }), 400, "full_name: Full name is required");
    await expectError(await signNda(runtime, member, { ...SIGNATURE, title: "x".repeat(201) }), 400, "title: Title must be at most 200 characters");
    expect((await (await call(runtime, "/api/nda", { as: member })).json()).ndas).toEqual([]);
  });

  it("is for members only: employees countersign instead", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await expectError(await signNda(runtime, employee, SIGNATURE, organization.id), 403, /Only members of the organization can sign/);
    expect((await (await call(runtime, "/api/nda", { as: member })).json()).ndas).toEqual([]);
  });

  it("answers 409 once the organization has signed, whoever signs again", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const colleague = await buildUser(runtime, { organizationId: organization.id });
    await signNdaOk(runtime, member);
    await expectError(await signNda(runtime, member), 409, "Your organization has already signed the NDA");
    await expectError(await signNda(runtime, colleague), 409, "Your organization has already signed the NDA");
    expect((await (await call(runtime, "/api/nda", { as: member })).json()).ndas).toHaveLength(1);
  });

  it("removes the stored PDF when the database write fails", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const put = vi.spyOn(runtime.storage, "put");
    const remove = vi.spyOn(runtime.storage, "remove");
    // A signature landing between the check and the insert: the unique index refuses the second.
    const transaction = vi
      .spyOn(runtime.database.db, "transaction")
      .mockRejectedValueOnce(Object.assign(new Error("duplicate key"), { code: "23505" }));
    spies.push(put, remove, transaction);

    await expectError(await signNda(runtime, member), 409, "Your organization has already signed the NDA");
    const key = put.mock.calls[0]?.[0];
    expect(key).toMatch(new RegExp(`^nda/${organization.id}/`));
    expect(remove).toHaveBeenCalledWith(key);
    expect(await isStored(runtime, key as string)).toBe(false);
    expect(await runtime.database.db.select().from(ndas).where(eq(ndas.organizationId, organization.id))).toEqual([]);
  });
});

describe("POST /api/nda/:ndaId/countersign", () => {
  it("lets an employee countersign a signed NDA, with a new PDF in place of the old one", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const nda = await signNdaOk(runtime, member);
    const firstKey = await documentKeyOf(runtime, nda.id);
    const before = await lastEventId(runtime, organization.id);

    const response = await countersign(nda.id, employee, organization.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: nda.id,
      status: "signed-by-all",
      provider_signer_name: "Ben Ode",
      provider_signer_title: "Account Executive",
      member_signer_name: SIGNATURE.full_name,
      has_document: true,
    });
    const secondKey = await documentKeyOf(runtime, nda.id);
    expect(secondKey).not.toBe(firstKey);
    expect(await isStored(runtime, secondKey as string)).toBe(true);
    expect(await isStored(runtime, firstKey as string)).toBe(false);
    expect(await eventTypesAfter(runtime, organization.id, before)).toEqual(["ndaChanged"]);
    expect((await (await call(runtime, "/api/nda", { as: member })).json()).signed).toBe(true);
  });

  it("refuses members, NDAs not awaiting countersignature and a second countersignature", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const nda = await signNdaOk(runtime, member);
    await expectError(await countersign(nda.id, member), 403, "Only provider employees can countersign the NDA");
    await expectError(await countersign(nda.id, employee, organization.id, { full_name: "", title: "AE" }), 400, "full_name: Full name is required");
    expect((await countersign(nda.id, employee, organization.id)).status).toBe(200);
    await expectError(await countersign(nda.id, employee, organization.id), 409, "This NDA is not awaiting countersignature");

    const [pending] = await runtime.database.db
      .insert(ndas)
      .values({
        organizationId: organization.id,
        status: "pending",
        templateVersion: 1,
        title: "Old",
        body: "Old text",
        memberSignerName: "Someone",
        memberSignerTitle: "Earlier",
        memberSignerEmail: member.email,
        memberSignedAt: new Date(),
      })
      .returning();
    await expectError(await countersign(pending?.id as string, employee, organization.id), 409, "This NDA is not awaiting countersignature");
  });

  it("answers 404 for unknown ids and for another organization's NDA", async () => {
    const a = await buildMemberOrganization(runtime);
    const b = await buildMemberOrganization(runtime);
    const nda = await signNdaOk(runtime, a.member);
    await expectError(await countersign("not-a-uuid", employee, a.organization.id), 404, "NDA not found");
    await expectError(await countersign("8f0c2a4e-1111-4a4a-9a9a-000000000000", employee, a.organization.id), 404, "NDA not found");
    // Acting for B, A's NDA does not exist.
    await expectError(await countersign(nda.id, employee, b.organization.id), 404, "NDA not found");
    // Member B naming A is refused before anything else.
    expect((await countersign(nda.id, b.member, a.organization.id)).status).toBe(404);
    expect((await (await call(runtime, "/api/nda", { as: a.member })).json()).ndas[0].status).toBe("signed-by-prospect");
  });
});
