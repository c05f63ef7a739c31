import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#server/env";
import type { Runtime } from "#server/runtime";
import { createTestLogger, createTestRuntime } from "#tests/test-runtime";
import { type Storage, buildStorageSettings, createStorage } from "./storage.ts";
import { InvalidStorageKeyError, generateStorageKey } from "./storage-keys.ts";

/**
 * The S3 driver against a real S3-compatible server (s3rver, on a loopback port, files in a temp
 * folder), configured through the environment as an operator would.
 */
const BUCKET = "portal-files";
let s3rverDir: string;
let s3rver: S3rver;
let runtime: Runtime;
let endpoint: string;

beforeAll(async () => {
  s3rverDir = await mkdtemp(path.join(os.tmpdir(), "portal-s3rver-"));
  s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3rverDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = (await s3rver.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${port}`;
  runtime = await createTestRuntime({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    // s3rver's built-in account.
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  });
});
afterAll(async () => {
  await runtime?.close();
  await s3rver?.close();
  await rm(s3rverDir, { recursive: true, force: true });
});

const storage = () => runtime.storage;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("the S3 driver", () => {
  it("is chosen when S3_BUCKET is set", () => {
    expect(storage().driver).toBe("s3");
  });

  it("needs both keys with S3_BUCKET: the configuration is refused at start otherwise", () => {
    expect(() => parseEnv({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: "S3RVER" })).toThrow(
      "S3_ACCESS_KEY_ID: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    );
    expect(() => parseEnv({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b", S3_ENDPOINT: "not a url" })).toThrow("S3_ENDPOINT");
  });

  it("stores a buffer and reads it back with its size and content type", async () => {
    const key = generateStorageKey("s3-test");
    expect(await storage().put(key, Buffer.from("%PDF-1.7 in a bucket"), "application/pdf")).toEqual({ size: 20 });
    const object = await storage().get(key);
    expect(object).toMatchObject({ size: 20, contentType: "application/pdf" });
    expect((await readAll(object!.body)).toString()).toBe("%PDF-1.7 in a bucket");
    // A range streams only its bytes; the size stays the whole object's.
    const part = await storage().get(key, { start: 9, end: 10 });
    expect(part).toMatchObject({ size: 20, contentType: "application/pdf" });
    expect((await readAll(part!.body)).toString()).toBe("in");
  });

  it("streams a large body of unknown length through a multipart upload", async () => {
    const key = generateStorageKey("s3-test");
    const parts = Array.from({ length: 12 }, (_, index) => Buffer.alloc(1024 * 1024, index));
    expect(await storage().put(key, Readable.from(parts), "video/webm")).toEqual({ size: 12 * 1024 * 1024 });
    const object = await storage().get(key);
    expect(object).toMatchObject({ size: 12 * 1024 * 1024, contentType: "video/webm" });
    expect(sha256(await readAll(object!.body))).toBe(sha256(Buffer.concat(parts)));
  });

  it.each([
    ["a small body", 1],
    ["a body past the multipart threshold", 7],
  ])("stores nothing when %s fails midway, and rethrows the body's error", async (_label, megabytes) => {
    const key = generateStorageKey("s3-test");
    const failure = new Error("over the limit");
    async function* failing() {
      for (let index = 0; index < megabytes; index += 1) yield Buffer.alloc(1024 * 1024, 1);
      throw failure;
    }
    await expect(storage().put(key, Readable.from(failing()), "image/png")).rejects.toBe(failure);
    expect(await storage().get(key)).toBeNull();
  });

  it("removes an object; a missing one is no error and reads as null", async () => {
    const key = generateStorageKey("s3-test");
    await storage().put(key, Buffer.from("bye"), "text/plain");
    await storage().remove(key);
    expect(await storage().get(key)).toBeNull();
    await expect(storage().remove(key)).resolves.toBeUndefined();
  });

  it("refuses hostile keys before sending anything", async () => {
    for (const key of ["../outside", "/absolute", "a/../b", "a/b.txt"]) {
      await expect(storage().put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage().get(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage().remove(key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage().createSignedUrl(key)).rejects.toThrow(InvalidStorageKeyError);
    }
  });
});

describe("presigned URLs", () => {
  it("download the object from the bucket for 3,600 s, offering the download name", async () => {
    const key = generateStorageKey("s3-test");
    await storage().put(key, Buffer.from("signed content"), "text/plain");
    const url = new URL(await storage().createSignedUrl(key, { downloadName: "Résumé (1).txt" }));
    expect(url.origin).toBe(endpoint);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("3600");

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("signed content");
    expect(response.headers.get("content-type")).toBe("text/plain");
    expect(response.headers.get("content-disposition")).toBe("attachment; filename=\"Resume (1).txt\"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%281%29.txt");
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
  });

  it("are refused by the service once expired", async () => {
    const key = generateStorageKey("s3-test");
    await storage().put(key, Buffer.from("old"), "text/plain");
    const earlier: Storage = createStorage(
      { ...buildStorageSettings(runtime.config, "unused-by-the-s3-driver"), now: () => Date.now() - 2 * 3600_000 },
      createTestLogger(),
    );
    try {
      const response = await fetch(await earlier.createSignedUrl(key));
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("Request has expired");
    } finally {
      await earlier.close();
    }
  });

  it("never point at the portal, whose file route refuses every link", async () => {
    const key = generateStorageKey("s3-test");
    await storage().put(key, Buffer.from("x"), "text/plain");
    const response = await runtime.app.request(`/api/files/${key}?expires=9999999999&signature=anything`);
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe("This link is not valid");
  });
});
