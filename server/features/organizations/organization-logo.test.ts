import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGO_MAX_BYTES, PROFILE_READ_ONLY_REASON } from "#common/domain/organization-profile";
import type { Runtime } from "#server/runtime";
import { buildMemberOrganization, buildUser, call } from "#tests/factories";
import { LOGO_PATH, TINY_PNG, TINY_WEBP, readProfile, storedLogoKey, uploadLogo } from "#tests/organization-profile-test-kit";
import { createTestRuntime } from "#tests/test-runtime";

let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

async function buildAdminOrganization() {
  const { organization, member } = await buildMemberOrganization(runtime);
  const admin = await buildUser(runtime, { organizationId: organization.id, role: "member_admin" });
  return { organization, admin, member };
}

const LOGO_TYPE_MESSAGE = "The logo must be a PNG, JPEG or WebP image (SVG and other formats are not accepted)";

describe("the organization's logo", () => {
  it("stores a PNG and serves it with its type, nosniff and an entity tag; 304 while unchanged", async () => {
    const { admin, member } = await buildAdminOrganization();
    const response = await uploadLogo(runtime, admin, TINY_PNG);
    expect(response.status).toBe(200);
    const { logo } = await response.json();
    expect(logo).toEqual({ version: expect.any(String), content_type: "image/png", size: TINY_PNG.length });

    // A member user reads it too.
    const served = await call(runtime, `${LOGO_PATH}?v=${logo.version}`, { as: member });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("private, no-cache");
    expect(served.headers.get("etag")).toBe(`"${logo.version}"`);
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);

    const revalidated = await call(runtime, LOGO_PATH, { as: member, headers: { "if-none-match": `"${logo.version}"` } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("replaces the logo under a new version and removes the old file", async () => {
    const { organization, admin } = await buildAdminOrganization();
    const first = (await (await uploadLogo(runtime, admin, TINY_PNG)).json()).logo;
    const firstKey = await storedLogoKey(runtime, organization.id);

    const replaced = await uploadLogo(runtime, admin, TINY_WEBP, { contentType: "image/webp" });
    expect(replaced.status).toBe(200);
    const second = (await replaced.json()).logo;
    expect(second).toMatchObject({ content_type: "image/webp", size: TINY_WEBP.length });
    expect(second.version).not.toBe(first.version);
    expect(await runtime.storage.get(firstKey ?? "")).toBeNull();

    const stale = await call(runtime, LOGO_PATH, { as: admin, headers: { "if-none-match": `"${first.version}"` } });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("content-type")).toBe("image/webp");
  });

  it("removes the logo: the profile has none, its address answers 404 and the file is gone", async () => {
    const { organization, admin } = await buildAdminOrganization();
    await uploadLogo(runtime, admin, TINY_PNG);
    const key = await storedLogoKey(runtime, organization.id);

    const removed = await call(runtime, LOGO_PATH, { method: "DELETE", as: admin });
    expect(removed.status).toBe(200);
    expect((await removed.json()).logo).toBeNull();
    const served = await call(runtime, LOGO_PATH, { as: admin });
    expect(served.status).toBe(404);
    expect((await served.json()).error.message).toBe("This organization has no logo");
    expect(await runtime.storage.get(key ?? "")).toBeNull();
    // Removing none is no error.
    expect((await call(runtime, LOGO_PATH, { method: "DELETE", as: admin })).status).toBe(200);
  });

  it.each([
    ["an SVG (it can carry script)", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "image/svg+xml"],
    ["text declared as a PNG", Buffer.from("I am not an image, whatever my type says\n"), "image/png"],
    ["a PDF", Buffer.from("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n", "latin1"), "image/png"],
  ])("refuses %s by its bytes with 415, and stores nothing", async (_label, bytes, declared) => {
    const { organization, admin } = await buildAdminOrganization();
    const response = await uploadLogo(runtime, admin, bytes, { contentType: declared });
    expect(response.status).toBe(415);
    expect((await response.json()).error).toMatchObject({ code: "unsupported_media_type", message: LOGO_TYPE_MESSAGE });
    expect(await storedLogoKey(runtime, organization.id)).toBeNull();
  });

  it("refuses a logo over 1 MiB with 413 and says the limit", async () => {
    const { organization, admin } = await buildAdminOrganization();
    const tooBig = Buffer.concat([TINY_PNG, Buffer.alloc(LOGO_MAX_BYTES + 1 - TINY_PNG.length)]);
    const response = await uploadLogo(runtime, admin, tooBig);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toEqual({ code: "payload_too_large", message: "The file is larger than the limit of 1 MiB" });
    expect(await storedLogoKey(runtime, organization.id)).toBeNull();
  });

  it("refuses a member user's upload and removal with 403", async () => {
    const { organization, admin, member } = await buildAdminOrganization();
    const upload = await uploadLogo(runtime, member, TINY_PNG);
    expect(upload.status).toBe(403);
    expect((await upload.json()).error.message).toBe(PROFILE_READ_ONLY_REASON);
    await uploadLogo(runtime, admin, TINY_PNG);
    expect((await call(runtime, LOGO_PATH, { method: "DELETE", as: member })).status).toBe(403);
    expect(await storedLogoKey(runtime, organization.id)).not.toBeNull();
  });

  it("lets an employee replace the logo of the organization it names, and read it by ?org= as an image would", async () => {
    const { organization, member } = await buildAdminOrganization();
    const employee = await buildUser(runtime, { isEmployee: true });
    expect((await uploadLogo(runtime, employee, TINY_PNG, { org: organization.id })).status).toBe(200);
    expect((await readProfile(runtime, member)).logo).toMatchObject({ content_type: "image/png" });

    const served = await call(runtime, `${LOGO_PATH}?org=${organization.id}`, { as: employee });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const outsider = await buildMemberOrganization(runtime);
    expect((await call(runtime, `${LOGO_PATH}?org=${organization.id}`, { as: outsider.member })).status).toBe(404);
  });
});
