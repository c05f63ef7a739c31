import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentLink, ContentList } from "#common/contracts/content";
import { SIGNED_LINK_SECONDS } from "#common/domain/content";
import { content } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { buildStorageSettings, createStorage } from "#server/storage/storage";
import { TINY_PNG, createFolderOk, uploadFileOk } from "#tests/content-test-kit";
import { type TestUser, buildMemberOrganization, buildUser, call } from "#tests/factories";
import { relativeUrl } from "#tests/onboarding-test-kit";
import { errorOf, readJson } from "#tests/pricing-test-kit";
import { createTestLogger, createTestRuntime } from "#tests/test-runtime";

/** Signed links to library files, thumbnails, and one organization's ids seen from another. */

const SECRET = "content-links-test-secret-of-at-least-32-characters";
let runtime: Runtime;
let employee: TestUser;
beforeAll(async () => {
  runtime = await createTestRuntime({ BETTER_AUTH_SECRET: SECRET });
  employee = await buildUser(runtime, { isEmployee: true });
});
afterAll(async () => {
  await runtime.close();
});

const linkOf = (as: TestUser, id: string, query = "") => readJson<ContentLink>(runtime, `/api/content/${id}/link${query}`, as);

async function storedKeyOf(contentId: string): Promise<string> {
  const [row] = await runtime.database.db.select({ filePath: content.filePath }).from(content).where(eq(content.id, contentId));
  if (!row?.filePath) throw new Error("no stored file");
  return row.filePath;
}

describe("links", () => {
  it("shows a file in place, or offers it as a download under its file name, for an hour", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const file = await uploadFileOk(runtime, member, "Agenda", { fileName: "agenda notes.txt" });
    const inline = await linkOf(member, file.id);
    const expiresIn = (Date.parse(inline.expires_at) - Date.now()) / 1000;
    expect(expiresIn).toBeGreaterThan(SIGNED_LINK_SECONDS - 60);
    expect(expiresIn).toBeLessThanOrEqual(SIGNED_LINK_SECONDS);
    const shown = await call(runtime, relativeUrl(inline.url));
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-disposition")).toBeNull();
    expect(await shown.text()).toBe("The file Agenda\n");

    const downloaded = await call(runtime, relativeUrl((await linkOf(member, file.id, "?download=1")).url));
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-disposition")).toContain('attachment; filename="agenda notes.txt"');
  });

  it("refuses a link once it has expired", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const file = await uploadFileOk(runtime, member, "Old news");
    const earlier = createStorage({ ...buildStorageSettings(runtime.config, SECRET), now: () => Date.now() - 2 * 3600_000 }, createTestLogger());
    const expired = await call(runtime, relativeUrl(await earlier.createSignedUrl(await storedKeyOf(file.id), { expiresInSeconds: SIGNED_LINK_SECONDS })));
    expect(expired.status).toBe(403);
    expect((await errorOf(expired)).message).toBe("This link has expired");
    // The same file's fresh link still works.
    expect((await call(runtime, relativeUrl((await linkOf(member, file.id)).url))).status).toBe(200);
    await earlier.close();
  });

  it("has none for a folder", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const folder = await createFolderOk(runtime, member, "Box");
    const response = await call(runtime, `/api/content/${folder.id}/link`, { as: member });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("A folder has no file to show or download; open it instead");
  });

  it("gives images a signed thumbnail, and nothing else one", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const image = await uploadFileOk(runtime, member, "Logo", { fileName: "logo.png", bytes: TINY_PNG });
    expect(image.content_type).toBe("image/png");
    expect(image.thumbnail_url).not.toBeNull();
    const thumbnail = await call(runtime, relativeUrl(image.thumbnail_url ?? ""));
    expect(thumbnail.status).toBe(200);
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    const list = await readJson<ContentList>(runtime, "/api/content", member);
    const listed = list.items.find((item) => item.id === image.id)?.thumbnail_url;
    expect(listed).toMatch(/^\/api\/files\//);
    // Fetched again, the list names the same link, so the browser shows its cached image.
    const again = await readJson<ContentList>(runtime, "/api/content", member);
    expect(again.items.find((item) => item.id === image.id)?.thumbnail_url).toBe(listed);
    expect((await uploadFileOk(runtime, member, "Words")).thumbnail_url).toBeNull();
  });
});

describe("tenancy", () => {
  it("answers 404 for another organization's items on every route that names one, and for malformed ids", async () => {
    const a = await buildMemberOrganization(runtime);
    const b = await buildMemberOrganization(runtime);
    const folder = await createFolderOk(runtime, a.member, "Private");
    const file = await uploadFileOk(runtime, a.member, "Secret", { parentId: folder.id });
    for (const id of [folder.id, file.id, "not-an-id"]) {
      const answers = [
        await call(runtime, `/api/content/${id}`, { method: "PATCH", as: b.member, body: { title: "Mine now" } }),
        await call(runtime, `/api/content/${id}/move`, { method: "POST", as: b.member, body: { parent_id: null } }),
        await call(runtime, `/api/content/${id}/removal`, { as: b.member }),
        await call(runtime, `/api/content/${id}/link`, { as: b.member }),
        await call(runtime, `/api/content/${id}`, { method: "DELETE", as: b.member }),
      ];
      for (const response of answers) {
        expect(response.status).toBe(404);
        expect((await errorOf(response)).message).toBe("File or folder not found");
      }
    }
    const list = await readJson<ContentList>(runtime, "/api/content", b.member);
    expect(list.items).toEqual([]);
    expect(list.usage.used_bytes).toBe(0);
    // An employee naming the organization reads it.
    const seen = await readJson<ContentList>(runtime, `/api/content?parent=${folder.id}`, employee, a.organization.id);
    expect(seen.items.map((item) => item.id)).toEqual([file.id]);
  });
});
