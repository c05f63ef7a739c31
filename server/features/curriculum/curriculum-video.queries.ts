import { count, isNotNull } from "drizzle-orm";
import type { Queryable, Transaction } from "#server/db/database";
import { curriculumVideoFiles, topics } from "#server/db/schema/index";

/**
 * Whether any topic names a video file. Only such topics have stored videos, so a curriculum
 * without any (the default one) skips the video table entirely.
 */
export async function anyTopicHasVideoFile(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(topics).where(isNotNull(topics.videoFile));
  return (row?.total ?? 0) > 0;
}

/** The hashes of the stored videos some topic shows. */
export async function selectReferencedVideoHashes(db: Queryable): Promise<Set<string>> {
  const rows = await db.selectDistinct({ sha256: curriculumVideoFiles.sha256 }).from(curriculumVideoFiles);
  return new Set(rows.map((row) => row.sha256));
}

export function selectTopicVideos(db: Queryable) {
  return db
    .select({ topicId: curriculumVideoFiles.topicId, sha256: curriculumVideoFiles.sha256, contentType: curriculumVideoFiles.contentType, sizeBytes: curriculumVideoFiles.sizeBytes })
    .from(curriculumVideoFiles);
}

/** 6 parameters a row: far below PostgreSQL's 65,535 per statement. */
const VIDEO_BATCH_ROWS = 5_000;

/** Replaces every topic's stored video with these (topics whose file is gone lose theirs). */
export async function replaceTopicVideos(tx: Transaction, rows: (typeof curriculumVideoFiles.$inferInsert)[]): Promise<void> {
  await tx.delete(curriculumVideoFiles);
  for (let start = 0; start < rows.length; start += VIDEO_BATCH_ROWS) {
    await tx.insert(curriculumVideoFiles).values(rows.slice(start, start + VIDEO_BATCH_ROWS));
  }
}
