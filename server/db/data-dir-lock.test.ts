import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openPgliteDatabase } from "./open-pglite.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("the embedded database folder", () => {
  it("is created with its parents, and a second opener is refused with a clear message until the first closes", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "portal-lock-"));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const dataDir = path.join(root, "nested", "data");

    const first = await openPgliteDatabase(dataDir);
    await expect(openPgliteDatabase(dataDir)).rejects.toThrow(/in use by another portal process/);
    await first.close();

    const second = await openPgliteDatabase(dataDir);
    await second.ping();
    await second.close();
  });
});
