import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPgliteDatabase } from "#server/db/open-pglite";
import { createLogger } from "#server/lib/logger";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded DATA_DIR, copied by the CLI tests (tests/cli-runner.ts). */
    embeddedDataDirTemplate: string;
  }
}

/**
 * Migrating a new embedded database folder takes the CLI several seconds, in every file that
 * needs one; a copy of a folder migrated once here opens in half a second. The CLI's first run on
 * an empty folder keeps a test of its own (the piped-password process test).
 */
export default async function prepareEmbeddedTemplate(project: TestProject) {
  const parent = await mkdtemp(path.join(os.tmpdir(), "portal-embedded-template-"));
  const template = path.join(parent, "data");
  const database = await openPgliteDatabase(template, createLogger("silent"));
  await database.migrate();
  await database.close();
  project.provide("embeddedDataDirTemplate", template);
  return async () => {
    await rm(parent, { recursive: true, force: true });
  };
}
