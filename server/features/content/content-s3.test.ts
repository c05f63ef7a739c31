import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentLink } from "#common/contracts/content";
import { content } from "#server/db/schema/index";
import type { Runtime } from "#server/runtime";
import { uploadFile } from "#tests/content-test-kit";
import { buildMemberOrganization, call } from "#tests/factories";
import { isStored } from "#tests/onboarding-test-kit";
import { readJson } from "#tests/pricing-test-kit";
import { createTestRuntime } from "#tests/test-runtime";
import { buildLibraryTree } from "./content-tree-test-kit.ts";

/** The library on the S3 driver, against s3rver on a loopback port: uploads, links and recursive deletes. */

const BUCKET = "portal-content";
let s3rverDir: string;
let s3rver: S3rver;
let runtime: Runtime;

beforeAll(async () => {
  s3rverDir = await mkdtemp(path.join(os.tmpdir(), "portal-content-s3-"));
  s3rver = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3rverDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = (await s3rver.run()) as AddressInfo;
  runtime = await createTestRuntime({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    // s3rver's built-in account.
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    UPLOAD_MAX_BYTES: String(64 * 1024),
  });
});
afterAll(async () => {
  await runtime?.close();
  await s3rver?.close();
  await rm(s3rverDir, { recursive: true, force: true });
});

/** The storage keys of these files. */
async function keysOf(runtime: Runtime, ids: string[]): Promise<string[]> {
  const rows = await runtime.database.db.select({ filePath: content.filePath }).from(content).where(inArray(content.id, ids));
  return rows.flatMap((row) => (row.filePath ? [row.filePath] : []));
}

describe("the library on S3", () => {
  it("stores uploads in the bucket and links to them there", async () => {
    const { member } = await buildMemberOrganization(runtime);
    expect(runtime.storage.driver).toBe("s3");
    const tree = await buildLibraryTree(runtime, member);
    const [key] = await keysOf(runtime, [tree.report.id]);
    expect(await isStored(runtime, key ?? "")).toBe(true);
    const link = await readJson<ContentLink>(runtime, `/api/content/${tree.report.id}/link?download=1`, member);
    const fetched = await fetch(link.url);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe("The file Report\n");
    expect(fetched.headers.get("content-disposition")).toContain("Report.txt");
  });

  it("refuses a file over the limit with 413 and keeps no row", async () => {
    const { member } = await buildMemberOrganization(runtime);
    expect((await uploadFile(runtime, member, "Huge", { bytes: Buffer.alloc(64 * 1024 + 1, "a") })).status).toBe(413);
    expect((await readJson<{ items: unknown[] }>(runtime, "/api/content", member)).items).toEqual([]);
  });

  it("removes every stored object of a deleted folder from the bucket", async () => {
    const { member } = await buildMemberOrganization(runtime);
    const tree = await buildLibraryTree(runtime, member);
    const insideKeys = await keysOf(runtime, [tree.report.id, tree.draft.id, tree.photo.id]);
    const [keptKey] = await keysOf(runtime, [tree.loose.id]);
    expect(insideKeys).toHaveLength(3);
    for (const key of insideKeys) expect(await isStored(runtime, key)).toBe(true);

    const response = await call(runtime, `/api/content/${tree.projects.id}`, { method: "DELETE", as: member });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ files: 3, folders: 2 });
    for (const key of insideKeys) expect(await isStored(runtime, key)).toBe(false);
    expect(await isStored(runtime, keptKey ?? "")).toBe(true);
  });
});
