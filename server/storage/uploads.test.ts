import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/database";
import { invitations } from "#server/db/schema/index";
import { createOrganization } from "#server/features/organizations/organizations.service";
import type { AppEnv } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { handleError } from "#server/lib/error-handler";
import { createTestLogger, openTestDatabase, uniqueSuffix } from "#tests/test-runtime";
import { type Storage, createStorage } from "./storage.ts";
import { generateStorageKey } from "./storage-keys.ts";
import { type StoredFile, type UploadRules, readUpload, sniffContentType, storeThenRecord } from "./uploads.ts";

const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(200, 0)]);
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
const KIB = 1024;

let root: string;
let storage: Storage;
let database: DatabaseHandle;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "portal-uploads-"));
  storage = createStorage({ localDir: root, signingSecret: "u".repeat(40), s3: null }, createTestLogger());
  database = await openTestDatabase();
});
afterAll(async () => {
  await storage.close();
  await database.close();
  await rm(root, { recursive: true, force: true });
});

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** An upload route as later features build it: read, store under a fresh key, record. */
function buildUploadApp(rules: UploadRules) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.post("/upload", async (c) => {
    const upload = await readUpload(c, rules);
    const stored = await storeThenRecord(storage, generateStorageKey("uploads"), upload, async (file) => file);
    return c.json(stored, 201);
  });
  return app;
}

function post(app: Hono<AppEnv>, body: BodyInit, headers: Record<string, string> = {}) {
  return app.request("/upload", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

/** A body without Content-Length, arriving in chunks, as a browser's streamed upload would. */
function streamOf(...chunks: Buffer[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(new Uint8Array(next));
      else controller.close();
    },
  });
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.error.code).toBe(code);
  return body.error as { code: string; message: string; details?: unknown };
}

describe("readUpload", () => {
  const images = buildUploadApp({ maxBytes: 64 * KIB, accept: ["image/png", "image/jpeg"] });

  it("stores an accepted file under the sniffed type, whatever the client claims", async () => {
    const response = await post(images, PNG, { "content-type": "text/html" });
    expect(response.status).toBe(201);
    const stored = (await response.json()) as StoredFile;
    expect(stored).toMatchObject({ size: PNG.length, contentType: "image/png" });
    const object = await storage.get(stored.key);
    expect(object?.contentType).toBe("image/png");
    object?.body.destroy();
  });

  it("streams a large body through in one piece", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(60 * KIB, 9)]);
    const response = await post(images, streamOf(big.subarray(0, 1000), big.subarray(1000, 40_000), big.subarray(40_000)));
    expect(response.status).toBe(201);
    expect(((await response.json()) as StoredFile).size).toBe(big.length);
  });

  it("refuses a declared Content-Length over the limit with 413 before reading, and stores nothing", async () => {
    const before = await storedFiles();
    const unreadable = new ReadableStream<Uint8Array>({
      pull: () => Promise.reject(new Error("the body must not be read")),
    });
    const error = await expectError(await post(images, unreadable, { "content-length": String(64 * KIB + 1) }), 413, "payload_too_large");
    expect(error.message).toBe("The file is larger than the limit of 64 KiB");
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a streamed body that crosses the limit midway with 413, and leaves nothing behind", async () => {
    const before = await storedFiles();
    const response = await post(images, streamOf(PNG, Buffer.alloc(40 * KIB), Buffer.alloc(40 * KIB)));
    await expectError(response, 413, "payload_too_large");
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a type outside the allow-list with 415 unsupported_media_type, and stores nothing", async () => {
    const before = await storedFiles();
    const error = await expectError(await post(images, PDF, { "content-type": "image/png" }), 415, "unsupported_media_type");
    expect(error.details).toEqual({ detected: "application/pdf", accepted: ["image/png", "image/jpeg"] });
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses an empty body with 400", async () => {
    await expectError(await post(images, ""), 400, "bad_request");
  });

  it("takes text as text/plain (never HTML) and unknown bytes as application/octet-stream", async () => {
    const text = buildUploadApp({ maxBytes: KIB, accept: ["text/plain"] });
    const html = await post(text, "<html><script>alert(1)</script></html>", { "content-type": "text/html" });
    expect(((await html.json()) as StoredFile).contentType).toBe("text/plain");
    await expectError(await post(text, Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x13])), 415, "unsupported_media_type");

    const anything = buildUploadApp({ maxBytes: KIB, accept: "any" });
    const binary = await post(anything, Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x13]));
    expect(((await binary.json()) as StoredFile).contentType).toBe("application/octet-stream");
  });
});

describe("sniffContentType", () => {
  it.each([
    [PNG, "image/png"],
    [PDF, "application/pdf"],
    [Buffer.from("1a45dfa3a34286810142f7810142f2810442f381084282847765626d", "hex"), "video/webm"],
    [Buffer.from("name,amount\nAcme,12\nInitech,€3\n"), "text/plain"],
    [Buffer.from("GIF89a"), "image/gif"],
    [Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00]), "application/octet-stream"],
  ])("sniffs %#", async (bytes, expected) => {
    expect(await sniffContentType(bytes)).toBe(expected);
  });
});

/** The SQLSTATE along the cause chain (Drizzle wraps the driver's error). */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string") return code;
    current = cause;
  }
  return undefined;
}

describe("storeThenRecord", () => {
  /** A record pointing at the file; it fails (foreign key) when the organization does not exist. */
  const insertRecord = (organizationId: string) => async (stored: StoredFile) => {
    const [row] = await database.db
      .insert(invitations)
      .values({ organizationId, email: `${stored.key}@example.test`, role: "member_user", tokenHash: stored.key, expiresAt: new Date() })
      .returning({ id: invitations.id });
    return row;
  };

  it("keeps the file when the record is inserted", async () => {
    const organization = await createOrganization(database.db, `Uploads ${uniqueSuffix()}`);
    const key = generateStorageKey("records");
    const row = await storeThenRecord(storage, key, { body: PDF, contentType: "application/pdf" }, insertRecord(organization.id));
    expect(row?.id).toBeDefined();
    const object = await storage.get(key);
    expect(object?.size).toBe(PDF.length);
    object?.body.destroy();
  });

  it("removes the stored file when the database insert fails, and rethrows the database's error", async () => {
    const key = generateStorageKey("records");
    const failed = storeThenRecord(storage, key, { body: PDF, contentType: "application/pdf" }, insertRecord(randomUUID()));
    const error = await failed.then(() => null, (reason: unknown) => reason);
    expect(sqlState(error), "a foreign key violation").toBe("23503");
    expect(await storage.get(key)).toBeNull();
  });

  it("passes an expected failure of the insert on unchanged, after removing the file", async () => {
    const key = generateStorageKey("records");
    const conflict = new AppError("conflict", "A file with this title already exists");
    await expect(storeThenRecord(storage, key, { body: PDF, contentType: "application/pdf" }, () => Promise.reject(conflict))).rejects.toBe(conflict);
    expect(await storage.get(key)).toBeNull();
  });
});
