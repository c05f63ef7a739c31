import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentItem, StorageUsage } from "#common/contracts/content";
import { duplicateTitleMessage } from "#common/domain/content";
import { content } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { uploadPath, uploadFile, uploadFileOk } from "#tests/content-test-kit";
import { type TestUser, buildMemberOrganization, call } from "#tests/factories";
import { errorOf, readJson } from "#tests/pricing-test-kit";
import { TEST_ORIGIN, createTestRuntime } from "#tests/test-runtime";

/** Uploads through the API: the file limit, the quota, sniffed types, names, and nothing left behind. */

const KIB = 1024;
let runtime: Runtime;
beforeAll(async () => {
  runtime = await createTestRuntime({ UPLOAD_MAX_BYTES: String(64 * KIB), ORGANIZATION_STORAGE_QUOTA_BYTES: String(100 * KIB) });
});
afterAll(async () => {
  await runtime.close();
});

const text = (bytes: number) => Buffer.alloc(bytes, "a");

/** The stored objects under the organization's library prefix, by key. */
async function storedKeys(organizationId: string): Promise<string[]> {
  const dir = path.join(runtime.config.env.STORAGE_DIR, "organizations", organizationId, "content");
  const names = await readdir(dir).catch(() => [] as string[]);
  return [...new Set(names.map((name) => `organizations/${organizationId}/content/${name.split(".")[0]}`))].sort();
}

async function recordedKeys(organizationId: string): Promise<string[]> {
  const rows = await runtime.database.db.select({ filePath: content.filePath }).from(content).where(eq(content.organizationId, organizationId));
  return rows.flatMap((row) => (row.filePath ? [row.filePath] : [])).sort();
}

/** Stored objects and rows agree: no object without a row, no row without an object. */
async function expectNoOrphans(organizationId: string, files: number) {
  const recorded = await recordedKeys(organizationId);
  expect(recorded).toHaveLength(files);
  expect(await storedKeys(organizationId)).toEqual(recorded);
}

/**
 * An upload whose body waits at the gate: `reading` resolves once the server reads the body (its
 * checks before the bytes are done), `open()` lets the bytes through.
 */
function gatedUpload(member: TestUser, title: string, bytes: Buffer) {
  let markReading = () => {};
  let open = () => {};
  const reading = new Promise<void>((resolve) => (markReading = resolve));
  const gate = new Promise<void>((resolve) => (open = resolve));
  let sent = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (sent) return controller.close();
        markReading();
        await gate;
        controller.enqueue(new Uint8Array(bytes));
        sent = true;
      },
    },
    { highWaterMark: 0 },
  );
  const headers = { origin: TEST_ORIGIN, cookie: member.cookie, "x-forwarded-for": member.ip, "content-type": "application/octet-stream" };
  const response = Promise.resolve(runtime.app.request(uploadPath(title), { method: "POST", headers, body, duplex: "half" } as RequestInit));
  return { reading, open, response };
}

async function expectRefusal(response: Response, status: number, code: string, message?: string) {
  expect(response.status).toBe(status);
  const error = await errorOf(response);
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toBe(message);
}

describe("the file limit", () => {
  it("refuses a body over UPLOAD_MAX_BYTES with 413, declared or streamed, and stores nothing", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await expectRefusal(await uploadFile(runtime, member, "Too big", { bytes: text(64 * KIB + 1) }), 413, "payload_too_large", "The file is larger than the limit of 64 KiB");
    const streamed = gatedUpload(member, "Streamed too big", text(64 * KIB + 1));
    streamed.open();
    await expectRefusal(await streamed.response, 413, "payload_too_large");
    await expectNoOrphans(organization.id, 0);
    // Exactly the limit is fine.
    await uploadFileOk(runtime, member, "Just fits", { bytes: text(64 * KIB) });
    await expectNoOrphans(organization.id, 1);
  });
});

describe("sniffed types", () => {
  it("refuses an executable and unknown binary with 415 whatever the name says, and stores nothing", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"), Buffer.alloc(512, 0)]);
    await expectRefusal(await uploadFile(runtime, member, "Setup", { fileName: "setup.pdf", bytes: exe }), 415, "unsupported_media_type");
    const binary = Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x01, 0x02, 0x9f]);
    await expectRefusal(await uploadFile(runtime, member, "Blob", { fileName: "blob.txt", bytes: binary }), 415, "unsupported_media_type");
    await expectNoOrphans(organization.id, 0);
  });

  it("keeps the sniffed type, not the client's", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const pdf = await uploadFileOk(runtime, member, "Brief", { fileName: "brief.png", bytes: Buffer.from("%PDF-1.7\n%\xe2\xe3\n1 0 obj\n", "latin1") });
    expect(pdf.content_type).toBe("application/pdf");
    const html = await uploadFileOk(runtime, member, "Page", { fileName: "page.html", bytes: Buffer.from("<script>alert(1)</script>") });
    expect(html.content_type).toBe("text/plain");
  });
});

describe("file names", () => {
  it("keeps a traversal name only as a harmless display name; the stored key is the server's", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const item = await uploadFileOk(runtime, member, "Passwords", { fileName: "../../etc/passwd" });
    expect(item.file_name).toBe(".._.._etc_passwd");
    const spoof = await uploadFileOk(runtime, member, "Invoice", { fileName: "invoice\u202Efdp.exe" });
    expect(spoof.file_name).toBe("invoicefdp.exe");
    const [key] = await recordedKeys(organization.id);
    expect(key).toMatch(new RegExp(`^organizations/${organization.id}/content/[0-9a-f-]{36}$`));
    await expectNoOrphans(organization.id, 2);
    const link = await readJson<{ url: string }>(runtime, `/api/content/${item.id}/link?download=1`, member);
    const download = await call(runtime, new URL(link.url, "http://portal.test").pathname + new URL(link.url, "http://portal.test").search);
    expect(download.headers.get("content-disposition")).toContain('filename=".._.._etc_passwd"');
  });
});

describe("uploads that race", () => {
  it("removes the stored object when the record fails: a title taken while the bytes streamed", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const slow = gatedUpload(member, "Minutes", text(2 * KIB));
    await slow.reading;
    await uploadFileOk(runtime, member, "minutes");
    slow.open();
    await expectRefusal(await slow.response, 409, "conflict", duplicateTitleMessage("upload", "Minutes"));
    await expectNoOrphans(organization.id, 1);
  });

  it("never overshoots the quota: the second of two uploads that each fit alone is refused after streaming, and its object removed", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    const slow = gatedUpload(member, "Slow", text(60 * KIB));
    await slow.reading;
    await uploadFileOk(runtime, member, "Fast", { bytes: text(60 * KIB) });
    slow.open();
    await expectRefusal(await slow.response, 413, "payload_too_large", "The file does not fit in the organization's storage: 60 KiB of 100 KiB used.");
    await expectNoOrphans(organization.id, 1);
  });
});

describe("the quota", () => {
  it("refuses what does not fit with the quota's message and reports the usage", async () => {
    const { organization, member } = await buildMemberOrganization(runtime);
    await uploadFileOk(runtime, member, "Big", { bytes: text(60 * KIB) });
    await expectRefusal(
      await uploadFile(runtime, member, "Too much", { bytes: text(50 * KIB) }),
      413,
      "payload_too_large",
      "The file does not fit in the organization's storage: 60 KiB of 100 KiB used.",
    );
    const last: ContentItem = await uploadFileOk(runtime, member, "Exactly the rest", { bytes: text(40 * KIB) });
    expect(last.file_size).toBe(40 * KIB);
    await expectRefusal(
      await uploadFile(runtime, member, "One more", { bytes: text(1) }),
      413,
      "payload_too_large",
      "The organization's storage is full: 100 KiB of 100 KiB used. Delete files to make room.",
    );
    expect(await readJson<StorageUsage>(runtime, "/api/content/usage", member)).toEqual({
      used_bytes: 100 * KIB,
      quota_bytes: 100 * KIB,
      max_file_bytes: 64 * KIB,
      capture_max_seconds: 300,
    });
    await expectNoOrphans(organization.id, 2);
  });
});
