import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { type SupportOverview, getSupportOverviewRoute } from "#common/contracts/support";
import { DEFAULT_CURRICULUM_FOLDER } from "#server/features/curriculum/curriculum-seed";
import { importCurriculum } from "#server/features/curriculum/import-curriculum";
import { readCurriculumFolder } from "#server/features/curriculum/read-curriculum-folder";
import type { Runtime } from "#server/runtime";
import { type TestUser, callContract } from "#tests/factories";

/** Helpers of the /support tests (server/features/support, the tenant matrix). */

/**
 * Imports the shipped default curriculum, as an employee's import of it would: a database seeded
 * before the curriculum had its support FAQ gets it; one that has it already changes nothing.
 */
export async function importDefaultCurriculum(runtime: Runtime): Promise<void> {
  const read = await readCurriculumFolder(fileURLToPath(DEFAULT_CURRICULUM_FOLDER));
  if (!read.curriculum) throw new Error("the default curriculum does not read");
  await importCurriculum(runtime.database.db, read.curriculum, { storage: runtime.storage, logger: runtime.logger });
}

export async function supportOverviewOk(runtime: Runtime, as: TestUser, org?: string): Promise<SupportOverview> {
  const response = await callContract(runtime, getSupportOverviewRoute, { as, org });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}
