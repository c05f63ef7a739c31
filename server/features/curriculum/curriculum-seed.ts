import { fileURLToPath } from "node:url";
import type { Database } from "#server/db/database";
import { formatCurriculumProblem } from "./curriculum-manifest.ts";
import { writeCurriculum } from "./import-curriculum.ts";
import { countMilestones } from "./curriculum-write.queries.ts";
import { readCurriculumFolder } from "./read-curriculum-folder.ts";

/** The launch plan shipped with the portal (decision 036). */
export const DEFAULT_CURRICULUM_FOLDER = new URL("./default-curriculum/", import.meta.url);

/**
 * Loads the default curriculum into a database that has none; an imported curriculum is left
 * alone. Several processes starting at once take turns on the curriculum's lock. Answers whether
 * it loaded.
 */
export async function ensureDefaultCurriculum(db: Database): Promise<boolean> {
  if ((await countMilestones(db)) > 0) return false;
  const read = await readCurriculumFolder(fileURLToPath(DEFAULT_CURRICULUM_FOLDER));
  if (!read.curriculum) throw new Error(`the default curriculum is invalid:\n${read.problems.map(formatCurriculumProblem).join("\n")}`);
  const { curriculum } = read;
  return db.transaction(async (tx) => {
    if ((await countMilestones(tx)) > 0) return false;
    await writeCurriculum(tx, curriculum);
    return true;
  });
}
