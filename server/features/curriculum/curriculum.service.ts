import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Logger } from "pino";
import type { CurriculumImportResult, CurriculumOverview } from "#common/contracts/curriculum";
import type { Database } from "#server/db/database";
import { AppError } from "#server/lib/app-error";
import type { Storage } from "#server/storage/storage";
import type { CurriculumProblem } from "./curriculum-manifest.ts";
import { selectCourseOutlines, selectCurriculumCounts, selectMilestoneOutlines } from "./curriculum-overview.queries.ts";
import { packCurriculum, unpackCurriculumZip } from "./curriculum-zip.ts";
import { videoStorageKey } from "./curriculum-videos.ts";
import { readStoredCurriculum } from "./export-curriculum.ts";
import { importCurriculum } from "./import-curriculum.ts";
import { readCurriculumFolder } from "./read-curriculum-folder.ts";

/** The curriculum's outline, and the largest zip the import takes (`maxZipBytes`, UPLOAD_MAX_BYTES). */
export async function getCurriculumOverview(db: Database, maxZipBytes: number): Promise<CurriculumOverview> {
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
    max_zip_bytes: maxZipBytes,
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

/** The curriculum folder as a zip, streamed, its videos read from storage as it goes. */
export async function exportCurriculumZip(db: Database, storage: Storage): Promise<Readable> {
  const curriculum = await readStoredCurriculum(db);
  return packCurriculum(curriculum, async (video) => (await storage.get(videoStorageKey(video.sha256)))?.body ?? null);
}

export interface CurriculumImportDeps {
  db: Database;
  storage: Storage;
  logger: Logger;
  /** UPLOAD_MAX_BYTES: the zip, as one upload, and each video file in it. */
  maxFileBytes: number;
}

/** A folder's problems as the answer's `details`: 400 validation_failed, nothing imported. */
export function curriculumProblemsError(problems: readonly CurriculumProblem[]): AppError {
  const count = problems.length;
  return new AppError(
    "validation_failed",
    `The curriculum has ${count} ${count === 1 ? "problem" : "problems"}; nothing was imported`,
    problems.map((problem) => ({ path: problem.line === null ? problem.file : `${problem.file}:${problem.line}`, message: problem.message })),
  );
}

/**
 * Imports an uploaded zip of the curriculum folder: it is written to a temporary file as it
 * arrives (a zip of videos is never held in memory), unpacked and checked; every problem is
 * answered with its file and line (400 validation_failed, `details`), and nothing changes
 * unless all is well.
 */
export async function importCurriculumZip(deps: CurriculumImportDeps, body: Buffer | Readable, actorId: string): Promise<CurriculumImportResult> {
  const temporary = await mkdtemp(path.join(tmpdir(), "portal-curriculum-upload-"));
  try {
    const zipFile = path.join(temporary, "upload.zip");
    await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(zipFile));
    const { root, folder } = await unpackCurriculumZip(zipFile, { maxFileBytes: deps.maxFileBytes });
    try {
      const read = await readCurriculumFolder(folder, { source: "zip", maxVideoBytes: deps.maxFileBytes });
      if (!read.curriculum) throw curriculumProblemsError(read.problems);
      const result = await importCurriculum(deps.db, read.curriculum, { storage: deps.storage, logger: deps.logger });
      deps.logger.info({ actorId, ...result }, "imported the launch-plan curriculum");
      return result;
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}
