import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import type { Logger } from "pino";
import { CURRICULUM_ZIP_MAX_BYTES, type CurriculumImportResult, type CurriculumOverview } from "#common/contracts/curriculum";
import type { Database } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import { selectCourseOutlines, selectCurriculumCounts, selectMilestoneOutlines } from "./curriculum-overview.queries.ts";
import { packCurriculum, unpackCurriculumZip } from "./curriculum-zip.ts";
import { readStoredCurriculum } from "./export-curriculum.ts";
import { importCurriculum } from "./import-curriculum.ts";
import { readCurriculumFolder } from "./read-curriculum-folder.ts";

export async function getCurriculumOverview(db: Database): Promise<CurriculumOverview> {
  const [milestoneRows, courseRows, counts] = await Promise.all([selectMilestoneOutlines(db), selectCourseOutlines(db), selectCurriculumCounts(db)]);
  const titleOf = new Map(milestoneRows.map((row) => [row.id, row.title]));
  return {
    counts: {
      milestones: counts.milestones,
      courses: counts.courses,
      lessons: counts.lessons,
      topics: counts.topics,
      configuration_questions: counts.configurationQuestions,
    },
    updated_at: counts.updatedAt ? new Date(counts.updatedAt).toISOString() : null,
    milestones: milestoneRows.map((row) => ({
      key: row.key,
      title: row.title,
      time_estimate: row.timeEstimate,
      modules: row.modules,
      prerequisites: row.prerequisiteIds.map((id) => titleOf.get(id) ?? "Unknown milestone"),
      courses: courseRows
        .filter((course) => course.milestoneId === row.id)
        .map((course) => ({
          key: course.key,
          title: course.title,
          modules: course.modules,
          has_sidebar: course.hasSidebar,
          lessons: course.lessons,
          topics: course.topics,
          questions: course.questions,
        })),
    })),
  };
}

export async function exportCurriculumZip(db: Database): Promise<Uint8Array> {
  return packCurriculum(await readStoredCurriculum(db));
}

async function readWhole(body: Buffer | Readable): Promise<Uint8Array> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Imports an uploaded zip of the curriculum folder: every problem of the folder is answered with
 * its file and line (400 validation_failed, `details`), and nothing changes unless all is well.
 */
export async function importCurriculumZip(db: Database, body: Buffer | Readable, actorId: string, logger: Logger): Promise<CurriculumImportResult> {
  const bytes = await readWhole(body);
  if (bytes.length > CURRICULUM_ZIP_MAX_BYTES) throw new AppError("payload_too_large", "The zip is too large");
  const { root, folder } = await unpackCurriculumZip(bytes);
  try {
    const read = await readCurriculumFolder(folder);
    if (!read.curriculum) {
      const count = read.problems.length;
      throw new AppError(
        "validation_failed",
        `The curriculum has ${count} ${count === 1 ? "problem" : "problems"}; nothing was imported`,
        read.problems.map((problem) => ({ path: problem.line === null ? problem.file : `${problem.file}:${problem.line}`, message: problem.message })),
      );
    }
    const result = await importCurriculum(db, read.curriculum);
    logger.info({ actorId, ...result }, "imported the launch-plan curriculum");
    return result;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

