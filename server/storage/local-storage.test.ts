import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestLogger } from "#tests/test-runtime";
import { createFileLinkSigner } from "./file-links.ts";
import { MAX_SIGNED_URL_TTL_SECONDS } from "./link-lifetime.ts";
import { type Storage, createStorage } from "./storage.ts";
import { InvalidStorageKeyError, generateStorageKey, isValidStorageKey } from "./storage-keys.ts";

const SECRET = "local-storage-test-secret-of-at-least-32-characters";
let root: string;
let filesDir: string;
let storage: Storage;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "portal-local-storage-"));
  filesDir = path.join(root, "nested", "files");
  storage = createStorage({ localDir: filesDir, signingSecret: SECRET, s3: null }, createTestLogger());
});
afterAll(async () => {
  await storage.close();
  await rm(root, { recursive: true, force: true });
});

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every file under the storage folder, temp files included. */
async function listFiles(): Promise<string[]> {
  const entries = await readdir(filesDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(filesDir, path.join(entry.parentPath, entry.name)));
}

describe("the local driver", () => {
  it("is chosen without S3 settings and creates its folder, parents included, on the first write", async () => {
    expect(storage.driver).toBe("local");
    const key = generateStorageKey("first");
    expect(await storage.put(key, Buffer.from("hello"), "text/plain")).toEqual({ size: 5 });
    expect(await listFiles()).toEqual(expect.arrayContaining([`${key}.data`, `${key}.meta.json`]));
  });

  it("stores a buffer and a stream, and reads each back with its size and content type", async () => {
    const fromBuffer = generateStorageKey("roundtrip");
    await storage.put(fromBuffer, Buffer.from("%PDF-1.7 buffer"), "application/pdf");
    const fromStream = generateStorageKey("roundtrip");
    const parts = [Buffer.alloc(70_000, 1), Buffer.alloc(70_000, 2), Buffer.from("end")];
    expect(await storage.put(fromStream, Readable.from(parts), "video/webm")).toEqual({ size: 140_003 });

    const first = await storage.get(fromBuffer);
    expect(first).toMatchObject({ size: 15, contentType: "application/pdf" });
    expect((await readAll(first!.body)).toString()).toBe("%PDF-1.7 buffer");
    const second = await storage.get(fromStream);
    expect(second).toMatchObject({ size: 140_003, contentType: "video/webm" });
    expect((await readAll(second!.body)).equals(Buffer.concat(parts))).toBe(true);
    // A range streams only its bytes; the size stays the whole object's.
    const part = await storage.get(fromStream, { start: 69_999, end: 70_001 });
    expect(part).toMatchObject({ size: 140_003, contentType: "video/webm" });
    expect((await readAll(part!.body)).equals(Buffer.from([1, 2, 2]))).toBe(true);
  });

  it("stores nothing, and leaves no temp file, when the body fails midway", async () => {
    const key = generateStorageKey("broken");
    const before = await listFiles();
    async function* failing() {
      yield Buffer.alloc(100_000, 7);
      throw new Error("the client went away");
    }
    await expect(storage.put(key, Readable.from(failing()), "image/png")).rejects.toThrow("the client went away");
    expect(await storage.get(key)).toBeNull();
    expect(await listFiles()).toEqual(before);
  });

  it("removes an object; a missing one is no error and reads as null", async () => {
    const key = generateStorageKey("removed");
    await storage.put(key, Buffer.from("bye"), "text/plain");
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
    expect((await listFiles()).filter((file) => file.startsWith(key))).toEqual([]);
  });
});

describe("storage keys", () => {
  const hostile = [
    "../outside", "a/../../outside", "/etc/passwd", "a/./b", ".hidden", "a/.meta", "a\\..\\b", "C:\\windows", "a//b",
    "a/", "", "a b", "ä", "a/b.data", "%2e%2e/x", "a\u0000b", `x/${"y".repeat(129)}`, Array(10).fill("a").join("/"),
  ];

  it("are generated as prefix/uuid and pass validation", () => {
    const key = generateStorageKey("organizations/8f0c2a4e-1111-4a4a-9a9a-000000000000/attachments");
    expect(key).toMatch(/^organizations\/[0-9a-f-]{36}\/attachments\/[0-9a-f-]{36}$/);
    expect(isValidStorageKey(key)).toBe(true);
    expect(() => generateStorageKey("../escape")).toThrow(InvalidStorageKeyError);
  });

  it.each(hostile)("refuses %j before touching the disk", async (key) => {
    expect(isValidStorageKey(key)).toBe(false);
    const before = await listFiles();
    await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.remove(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.createSignedUrl(key)).rejects.toThrow(InvalidStorageKeyError);
    expect(storage.checkSignedUrl(key, { expires: "9999999999", signature: "x" })).toEqual({ status: "invalid" });
    expect(await listFiles()).toEqual(before);
  });
});

describe("signed links", () => {
  it("point at the portal's file route by path alone (read from any of its addresses), valid 3,600 s unless asked otherwise", async () => {
    const key = generateStorageKey("links");
    const before = Math.floor(Date.now() / 1000);
    const link = await storage.createSignedUrl(key, { downloadName: "Q1 report.pdf" });
    expect(link.startsWith(`/api/files/${key}?`)).toBe(true);
    const url = new URL(link, "http://portal.test");
    const expires = Number(url.searchParams.get("expires"));
    expect(expires - before).toBeGreaterThanOrEqual(3600);
    expect(expires - before).toBeLessThanOrEqual(3601);
    expect(url.searchParams.get("name")).toBe("Q1 report.pdf");
    const params = { expires: String(expires), signature: url.searchParams.get("signature") ?? "", name: "Q1 report.pdf" };
    expect(storage.checkSignedUrl(key, params)).toMatchObject({ status: "valid", downloadName: "Q1 report.pdf" });

    const short = new URL(await storage.createSignedUrl(key, { expiresInSeconds: 60 }), "http://portal.test");
    expect(Number(short.searchParams.get("expires")) - before).toBeLessThanOrEqual(61);
    expect(short.searchParams.has("name")).toBe(false);
    await expect(storage.createSignedUrl(key, { expiresInSeconds: 0 })).rejects.toThrow(RangeError);
    await expect(storage.createSignedUrl(key, { expiresInSeconds: MAX_SIGNED_URL_TTL_SECONDS + 1 })).rejects.toThrow(RangeError);
  });

  it("are refused once expired, or when the key, expiry, name or signature was altered", () => {
    const signer = createFileLinkSigner(SECRET);
    const now = Date.UTC(2030, 0, 1);
    const expires = now / 1000 + 600;
    const key = "links/a";
    const valid = { expires: String(expires), signature: signer.sign(key, expires, "a.pdf"), name: "a.pdf" };
    expect(signer.check(key, valid, now)).toEqual({ status: "valid", remainingSeconds: 600, downloadName: "a.pdf" });
    expect(signer.check(key, valid, now + 600_000)).toEqual({ status: "expired" });
    const last = valid.signature.at(-1) === "A" ? "B" : "A";
    const altered = [
      ["links/b", valid],
      [key, { ...valid, expires: String(expires + 3600) }],
      [key, { ...valid, name: "b.pdf" }],
      [key, { ...valid, name: undefined }],
      [key, { ...valid, signature: `${valid.signature.slice(0, -1)}${last}` }],
      [key, { ...valid, signature: `${valid.signature}A` }],
      [key, { ...valid, expires: "soon" }],
    ] as const;
    for (const [otherKey, params] of altered) expect(signer.check(otherKey, params, now)).toEqual({ status: "invalid" });
    expect(createFileLinkSigner(`${SECRET}!`).check(key, valid, now)).toEqual({ status: "invalid" });
  });
});
