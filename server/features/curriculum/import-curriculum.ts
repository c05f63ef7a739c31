import type { Logger } from "pino";
import type { Database, Transaction } from "#server/db/database";
import { selectAllOrganizationIds } from "#server/queries/organizations.queries";
import { publishEvent } from "#server/realtime/publish-event";
import type { Storage } from "#server/storage/storage";
import type { Curriculum } from "./curriculum-manifest.ts";
import { anyTopicHasVideoFile, replaceTopicVideos, selectReferencedVideoHashes } from "./curriculum-video.queries.ts";
import { ensureVideosStored, removeUnreferencedVideos, storeNewVideos, videoStorageKey } from "./curriculum-videos.ts";
import { readStoredCurriculum } from "./export-curriculum.ts";
import {
  type CurriculumLinks,
  analyzeCurriculumTables,
  deleteEntriesNotIn,
  lockCurriculumForWrite,
  refreshLinkCounts,
  replaceCurriculumLinks,
  replaceSupportFaq,
  setMilestonePrerequisites,
  upsertConfigurationQuestions,
  upsertCourses,
  upsertLessons,
  upsertMilestones,
  upsertTopics,
} from "./curriculum-write.queries.ts";

export interface CurriculumImportResult {
  milestones: number;
  courses: number;
  lessons: number;
  topics: number;
  configuration_questions: number;
  /** Entries whose key the imported curriculum no longer has, removed with their progress. */
  removed: number;
  /** False when the curriculum equalled the stored one: nothing was written. */
  changed: boolean;
}

function idOf(ids: ReadonlyMap<string, string>, key: string): string {
  const id = ids.get(key);
  // readCurriculumFolder refuses unknown references, so this is a broken caller, not bad input.
  if (!id) throw new Error(`curriculum reference to unknown key "${key}"`);
  return id;
}

function linkRows<P extends string, C extends string>(
  entries: readonly { key: string }[],
  parentIds: ReadonlyMap<string, string>,
  childKeysOf: (entry: never) => readonly string[],
  childIds: ReadonlyMap<string, string>,
  parentField: P,
  childField: C,
): ({ position: number } & Record<P | C, string>)[] {
  return entries.flatMap((entry) =>
    childKeysOf(entry as never).map(
      (childKey, index) => ({ [parentField]: idOf(parentIds, entry.key), [childField]: idOf(childIds, childKey), position: index + 1 }) as { position: number } & Record<P | C, string>,
    ),
  );
}

/**
 * Replaces the curriculum with a checked one (readCurriculumFolder) inside the caller's
 * transaction. Entries are matched by key, so an entry that stays keeps its id and every
 * organization's progress on it; entries that are gone are removed; links are rewritten.
 */
export async function writeCurriculum(tx: Transaction, curriculum: Curriculum): Promise<CurriculumImportResult> {
  await lockCurriculumForWrite(tx);
  const milestoneIds = await upsertMilestones(
    tx,
    curriculum.milestones.map((entry, index) => ({
      key: entry.key,
      title: entry.title,
      description: entry.description ?? null,
      goals: entry.goals,
      position: index + 1,
      timeEstimate: entry.time_estimate ?? null,
      modules: entry.modules,
    })),
  );
  const courseIds = await upsertCourses(
    tx,
    curriculum.courses.map((entry, index) => ({ key: entry.key, position: index + 1, title: entry.title, description: entry.description ?? null, modules: entry.modules, hasSidebar: entry.sidebar })),
  );
  const lessonIds = await upsertLessons(tx, curriculum.lessons.map((entry, index) => ({ key: entry.key, position: index + 1, title: entry.title, description: entry.description ?? null })));
  // Asked before the topics change: a topic that loses its video file must lose its stored video too.
  const hadVideoFiles = await anyTopicHasVideoFile(tx);
  const topicIds = await upsertTopics(
    tx,
    curriculum.topics.map((entry, index) => ({
      key: entry.key,
      position: index + 1,
      title: entry.title,
      description: null,
      type: entry.type,
      bodyMarkdown: entry.body_markdown,
      videoUrl: entry.video_url ?? null,
      videoFile: entry.video_file ?? null,
      durationMinutes: entry.duration_minutes ?? null,
    })),
  );
  const videoRows = curriculum.topics.flatMap(({ key, video }) =>
    video ? [{ topicId: idOf(topicIds, key), storageKey: videoStorageKey(video.sha256), sha256: video.sha256, contentType: video.content_type, sizeBytes: video.size }] : [],
  );
  if (hadVideoFiles || videoRows.length > 0) await replaceTopicVideos(tx, videoRows);
  const questionIds = await upsertConfigurationQuestions(
    tx,
    curriculum.configuration_questions.map((entry, index) => ({
      key: entry.key,
      prompt: entry.prompt,
      help: entry.help ?? null,
      kind: entry.kind,
      options: entry.options,
      required: entry.required,
      module: entry.module,
      position: index + 1,
    })),
  );

  let removed = 0;
  removed += await deleteEntriesNotIn(tx, "milestones", [...milestoneIds.keys()]);
  removed += await deleteEntriesNotIn(tx, "courses", [...courseIds.keys()]);
  removed += await deleteEntriesNotIn(tx, "lessons", [...lessonIds.keys()]);
  removed += await deleteEntriesNotIn(tx, "topics", [...topicIds.keys()]);
  removed += await deleteEntriesNotIn(tx, "configurationQuestions", [...questionIds.keys()]);

  await setMilestonePrerequisites(
    tx,
    new Map(curriculum.milestones.map((entry) => [idOf(milestoneIds, entry.key), entry.prerequisites.map((key) => idOf(milestoneIds, key))])),
  );
  const links: CurriculumLinks = {
    milestoneCourses: linkRows(curriculum.milestones, milestoneIds, (entry: { courses: string[] }) => entry.courses, courseIds, "milestoneId", "courseId"),
    courseLessons: linkRows(curriculum.courses, courseIds, (entry: { lessons: string[] }) => entry.lessons, lessonIds, "courseId", "lessonId"),
    lessonTopics: linkRows(curriculum.lessons, lessonIds, (entry: { topics: string[] }) => entry.topics, topicIds, "lessonId", "topicId"),
    lessonQuestions: linkRows(curriculum.lessons, lessonIds, (entry: { questions: string[] }) => entry.questions, questionIds, "lessonId", "questionId"),
    topicQuestions: linkRows(curriculum.topics, topicIds, (entry: { questions: string[] }) => entry.questions, questionIds, "topicId", "questionId"),
  };
  await replaceCurriculumLinks(tx, links);
  await replaceSupportFaq(tx, curriculum.support_faq_markdown ?? null);
  await refreshLinkCounts(tx);
  await analyzeCurriculumTables(tx);
  return {
    milestones: milestoneIds.size,
    courses: courseIds.size,
    lessons: lessonIds.size,
    topics: topicIds.size,
    configuration_questions: questionIds.size,
    removed,
    changed: true,
  };
}

/**
 * Sorted keys, and no body paths or video files on disk (neither is stored; a video is compared
 * by its hash): equal text means an equal curriculum.
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (key, entry: unknown) => {
    if (key === "body" || key === "source_path") return undefined;
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) return entry;
    return Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

function unchangedResult(curriculum: Curriculum): CurriculumImportResult {
  return {
    milestones: curriculum.milestones.length,
    courses: curriculum.courses.length,
    lessons: curriculum.lessons.length,
    topics: curriculum.topics.length,
    configuration_questions: curriculum.configuration_questions.length,
    removed: 0,
    changed: false,
  };
}

/** Where an import keeps the curriculum's video files: the portal's storage. */
export interface CurriculumFileStore {
  storage: Storage;
  logger: Logger;
}

/**
 * Imports in one transaction and tells every organization's open tabs that their plan may have
 * changed. A curriculum equal to the stored one writes nothing and tells no one. Its video files
 * (a curriculum with any needs `files`) are stored first; what an import stored is removed again
 * when it fails, and the videos it replaced once it succeeded.
 */
export async function importCurriculum(db: Database, curriculum: Curriculum, files?: CurriculumFileStore): Promise<CurriculumImportResult> {
  const hasVideos = curriculum.topics.some((topic) => topic.video);
  if (hasVideos && !files) throw new Error("a curriculum with video files is imported with the portal's storage");
  const stored = new Set<string>();
  let replaced: string[] = [];
  try {
    if (files) await storeNewVideos(db, files.storage, curriculum, stored);
    return await db.transaction(async (tx) => {
      await lockCurriculumForWrite(tx);
      if (canonicalJson(await readStoredCurriculum(tx)) === canonicalJson(curriculum)) return unchangedResult(curriculum);
      const before = hasVideos || (await anyTopicHasVideoFile(tx)) ? await selectReferencedVideoHashes(tx) : new Set<string>();
      if (files) await ensureVideosStored(files.storage, curriculum, before, stored);
      const result = await writeCurriculum(tx, curriculum);
      const shown = new Set(curriculum.topics.flatMap((topic) => (topic.video ? [topic.video.sha256] : [])));
      replaced = [...before].filter((sha256) => !shown.has(sha256));
      for (const organizationId of await selectAllOrganizationIds(tx)) {
        await publishEvent(tx, organizationId, { type: "curriculumChanged", organizationId });
      }
      return result;
    });
  } finally {
    // Only objects no topic shows go: on success the replaced ones, on failure what this import stored.
    // A clean-up that fails leaves objects no topic shows; it never fails the import itself.
    if (files) await removeUnreferencedVideos(db, files.storage, [...stored, ...replaced]).catch((error: unknown) => files.logger.warn({ err: error }, "curriculum: removing unused videos failed"));
  }
}
