import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { DatabaseHandle } from "#server/db/database";
import { dumpMigratedPglite } from "#server/db/open-pglite";
import { ensureDefaultCurriculum } from "#server/features/curriculum/curriculum-seed";
import { ensureDefaultCatalog } from "#server/features/pricing-catalog/catalog-seed";
import { openPostgresDatabase } from "#server/db/open-postgres";
import { createLogger } from "#server/lib/logger";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    /** STORAGE_DIR of the test runtimes: removed with the snapshot after the run. */
    testStorageDir: string;
  }
}

/** The price list and curriculum the server loads at start, which tests read. */
async function loadDefaultContent(database: DatabaseHandle): Promise<void> {
  await ensureDefaultCatalog(database.db);
  await ensureDefaultCurriculum(database.db);
}

/**
 * Migrates once: on PGlite, a migrated data directory is dumped and each worker loads that
 * snapshot (seconds saved per worker); on PostgreSQL the test database is migrated in place.
 */
export default async function prepareTestDatabase(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "portal-test-"));
  project.provide("testStorageDir", path.join(dir, "files"));

  if (process.env.TEST_DB_ENGINE === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL");
    const postgres = openPostgresDatabase(url, 2, createLogger("silent"));
    await postgres.migrate();
    await loadDefaultContent(postgres);
    await postgres.close();
    project.provide("pgliteSnapshotPath", "");
  } else {
    const snapshotPath = path.join(dir, "migrated.tar.gz");
    const snapshot = await dumpMigratedPglite(loadDefaultContent);
    await writeFile(snapshotPath, Buffer.from(await snapshot.arrayBuffer()));
    project.provide("pgliteSnapshotPath", snapshotPath);
  }
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
