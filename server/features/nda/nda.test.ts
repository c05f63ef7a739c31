import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { NdaTemplate } from "#common/contracts/nda";
import { ndas } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { type TestUser, buildMemberOrganization, buildOrganization, buildUser, call } from "#tests/factories";
import { documentKeyOf, relativeUrl, signNdaOk } from "#tests/onboarding-test-kit";
import { createTestRuntime, testEngine, uniqueSuffix } from "#tests/test-runtime";
import { DEFAULT_NDA_TEMPLATE } from "./default-nda-template.ts";

let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime();
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

const getTemplate = async (as: TestUser, org?: string): Promise<NdaTemplate> => (await call(runtime, "/api/nda/template", { as, org })).json();
const saveTemplate = (as: TestUser, body: unknown) => call(runtime, "/api/nda/template", { method: "PUT", as, body });

/** An NDA row written straight to the database, for statuses the API never leaves behind. */
async function insertNda(organizationId: string, status: string, createdAt: Date) {
  const [row] = await runtime.database.db
    .insert(ndas)
    .values({
      organizationId,
      status,
      templateVersion: 1,
      title: "Earlier draft",
      body: "Earlier text",
      memberSignerName: "Nobody yet",
      memberSignerTitle: "-",
      memberSignerEmail: "nobody@example.test",
      memberSignedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!row) throw new Error("not inserted");
  return row;
}

describe("NDA template", () => {
  // The test database is shared by the test files, and other files save templates: on PGlite this
  // test gets a database of its own (PostgreSQL has one test database).
  it.skipIf(testEngine() === "postgres")("is the built-in mutual NDA, version 1, until an employee saves one", async () => {
    const own = await createTestRuntime({}, { freshDatabase: true });
    onTestFinished(() => own.close());
    const { member } = await buildMemberOrganization(own);
    expect(await (await call(own, "/api/nda/template", { as: member })).json()).toEqual({
      version: 1,
      title: DEFAULT_NDA_TEMPLATE.title,
      body: DEFAULT_NDA_TEMPLATE.body,
      is_default: true,
      updated_at: null,
    });
  });

  it("the built-in text is a complete mutual agreement", () => {
    for (const part of ["Confidential Information", "Exclusions", "Obligations", "Compelled Disclosure", "Return and Destruction", "Term", "Remedies"]) {
      expect(DEFAULT_NDA_TEMPLATE.body).toContain(part);
    }
  });

  it("saves each change as a new version, and signed NDAs keep the text they were signed with", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const tag = uniqueSuffix();
    const first = await saveTemplate(employee, { title: ` Mutual NDA ${tag} `, body: `First text ${tag}.` });
    expect(first.status).toBe(200);
    const saved = await first.json();
    expect(saved).toMatchObject({ title: `Mutual NDA ${tag}`, body: `First text ${tag}.`, is_default: false });
    expect(saved.version).toBeGreaterThanOrEqual(2);
    expect(Date.parse(saved.updated_at)).not.toBeNaN();

    const nda = await signNdaOk(runtime, member);
    const second = await (await saveTemplate(employee, { title: `Mutual NDA ${tag} v2`, body: `Second text ${tag}.` })).json();
    expect(second.version).toBeGreaterThan(saved.version);

    const overview = await (await call(runtime, "/api/nda", { as: member })).json();
    const signed = overview.ndas.find((row: { id: string }) => row.id === nda.id);
    expect(signed.template_version).toBeGreaterThanOrEqual(saved.version);
    expect(signed.template_version).toBeLessThan(second.version);
    expect(signed.body).not.toBe(`Second text ${tag}.`);
  });

  it("is changed by employees only, with a title and a text", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const refused = await saveTemplate(member, { title: "Mine", body: "My text" });
    expect(refused.status).toBe(403);
    const invalid = await saveTemplate(employee, { title: "", body: " " });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.details).toEqual([
      { path: "title", message: "Title is required" },
      { path: "body", message: "The NDA text is required" },
    ]);
    expect((await saveTemplate(employee, { title: "T", body: "x".repeat(100_001) })).status).toBe(400);
  });

  it("is readable by employees acting for an organization", async () => {
    const organization = await buildOrganization(runtime);
    const template = await getTemplate(employee, organization.id);
    expect(template.version).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /api/nda", () => {
  it("lists the organization's NDAs newest first, with the template and whether the newest is signed", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const empty = await (await call(runtime, "/api/nda", { as: member })).json();
    expect(empty).toMatchObject({ ndas: [], signed: false, template: { version: expect.any(Number) } });

    const older = await insertNda(organization.id, "pending", new Date(Date.now() - 86_400_000));
    const signed = await signNdaOk(runtime, member);
    const overview = await (await call(runtime, "/api/nda", { as: member })).json();
    expect(overview.ndas.map((nda: { id: string }) => nda.id)).toEqual([signed.id, older.id]);
    expect(overview.signed).toBe(true);
    expect(overview.ndas[1]).toMatchObject({ status: "pending", has_document: false });
  });

  it("shows nothing of another organization", async () => {
    const a = await buildMemberOrganization(runtime);
    const b = await buildMemberOrganization(runtime);
    await signNdaOk(runtime, a.member);
    expect((await (await call(runtime, "/api/nda", { as: b.member })).json()).ndas).toEqual([]);
    expect((await call(runtime, "/api/nda", { as: b.member, org: a.organization.id })).status).toBe(404);
  });
});

describe("GET /api/nda/:ndaId/document", () => {
  it("links to the PDF for an hour, named after the organization, downloadable through the app", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const nda = await signNdaOk(runtime, member);
    const response = await call(runtime, `/api/nda/${nda.id}/document`, { as: member });
    expect(response.status).toBe(200);
    const link = await response.json();
    expect(link.expires_in_seconds).toBe(3600);
    const key = await documentKeyOf(runtime, nda.id);
    expect(key).toMatch(new RegExp(`^nda/${organization.id}/${nda.id}/`));

    const download = await runtime.app.request(relativeUrl(link.url));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toContain(encodeURIComponent(`Mutual NDA - ${organization.organization_name}.pdf`));
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");

    const asEmployee = await call(runtime, `/api/nda/${nda.id}/document`, { as: employee, org: organization.id });
    expect(asEmployee.status).toBe(200);
  });

  it("answers 404 without a document, for unknown ids and for another organization's NDA", async () => {
    const a = await buildMemberOrganization(runtime);
    const b = await buildMemberOrganization(runtime);
    const draft = await insertNda(a.organization.id, "draft", new Date());
    const signed = await signNdaOk(runtime, a.member);
    const expect404 = async (path: string, as: TestUser, message: string) => {
      const response = await call(runtime, path, { as });
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe(message);
    };
    await expect404(`/api/nda/${draft.id}/document`, a.member, "This NDA has no document yet");
    await expect404("/api/nda/8f0c2a4e-1111-4a4a-9a9a-000000000000/document", a.member, "NDA not found");
    await expect404("/api/nda/%ZZ/document", a.member, "NDA not found");
    await expect404(`/api/nda/${signed.id}/document`, b.member, "NDA not found");
  });
});
