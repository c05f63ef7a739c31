import type { Queryable } from "#server/db/database";
import type { Curriculum, TopicVideo } from "./curriculum-manifest.ts";
import { selectSupportFaqMarkdown } from "#server/queries/support-faq.queries";
import { selectWholeCurriculum } from "./curriculum-read.queries.ts";
import { selectTopicVideos } from "./curriculum-video.queries.ts";

/** Keys of the children of each parent, in position order. */
function childKeysByParent<L extends { position: number }>(
  links: readonly L[],
  parentOf: (link: L) => string,
  childOf: (link: L) => string,
  childKeys: ReadonlyMap<string, string>,
): Map<string, string[]> {
  const byParent = new Map<string, string[]>();
  for (const link of links) {
    const key = childKeys.get(childOf(link));
    if (key === undefined) continue;
    byParent.set(parentOf(link), [...(byParent.get(parentOf(link)) ?? []), key]);
  }
  return byParent;
}

/**
 * The stored curriculum as the manifest describes it, so `curriculum:export` writes back what
 * `curriculum:import` read. Every list keeps the manifest's order (its position column); a topic's
 * stored video comes with its hash (its storage key, see videoStorageKey).
 */
export async function readStoredCurriculum(db: Queryable): Promise<Curriculum> {
  const [rows, supportFaqMarkdown] = await Promise.all([selectWholeCurriculum(db), selectSupportFaqMarkdown(db)]);
  const keyById = (list: readonly { id: string; key: string }[]) => new Map(list.map((row) => [row.id, row.key]));
  const milestoneKeys = keyById(rows.milestoneRows);
  const courseKeys = keyById(rows.courseRows);
  const lessonKeys = keyById(rows.lessonRows);
  const topicKeys = keyById(rows.topicRows);
  const questionKeys = keyById(rows.questionRows);
  const coursesOf = childKeysByParent(rows.milestoneCourseRows, (link) => link.milestoneId, (link) => link.courseId, courseKeys);
  const lessonsOf = childKeysByParent(rows.courseLessonRows, (link) => link.courseId, (link) => link.lessonId, lessonKeys);
  const topicsOf = childKeysByParent(rows.lessonTopicRows, (link) => link.lessonId, (link) => link.topicId, topicKeys);
  const lessonQuestionsOf = childKeysByParent(rows.lessonQuestionRows, (link) => link.lessonId, (link) => link.questionId, questionKeys);
  const topicQuestionsOf = childKeysByParent(rows.topicQuestionRows, (link) => link.topicId, (link) => link.questionId, questionKeys);
  const optional = (value: string | null) => value ?? undefined;
  // Only topics that name a video file have a stored one; a curriculum with none skips the table.
  const videoRows = rows.topicRows.some((row) => row.videoFile !== null) ? await selectTopicVideos(db) : [];
  const videoOf = new Map<string, TopicVideo>(
    videoRows.map((row) => [row.topicId, { sha256: row.sha256, size: row.sizeBytes, content_type: row.contentType, source_path: null }]),
  );

  return {
    milestones: rows.milestoneRows.map((row) => ({
      key: row.key,
      title: row.title,
      description: optional(row.description),
      goals: row.goals,
      time_estimate: optional(row.timeEstimate),
      prerequisites: row.prerequisiteMilestoneIds.flatMap((id) => milestoneKeys.get(id) ?? []),
      modules: row.modules,
      courses: coursesOf.get(row.id) ?? [],
    })),
    courses: rows.courseRows.map((row) => ({
      key: row.key,
      title: row.title,
      description: optional(row.description),
      modules: row.modules,
      sidebar: row.hasSidebar,
      lessons: lessonsOf.get(row.id) ?? [],
    })),
    lessons: rows.lessonRows.map((row) => ({
      key: row.key,
      title: row.title,
      description: optional(row.description),
      topics: topicsOf.get(row.id) ?? [],
      questions: lessonQuestionsOf.get(row.id) ?? [],
    })),
    topics: rows.topicRows.map((row) => ({
      key: row.key,
      title: row.title,
      type: row.type as Curriculum["topics"][number]["type"],
      body: row.bodyMarkdown === null ? undefined : `topics/${row.key}.md`,
      video_url: optional(row.videoUrl),
      video_file: optional(row.videoFile),
      duration_minutes: row.durationMinutes ?? undefined,
      questions: topicQuestionsOf.get(row.id) ?? [],
      body_markdown: row.bodyMarkdown,
      ...(videoOf.has(row.id) ? { video: videoOf.get(row.id) } : {}),
    })),
    configuration_questions: rows.questionRows.map((row) => ({
      key: row.key,
      prompt: row.prompt,
      help: optional(row.help),
      kind: row.kind as Curriculum["configuration_questions"][number]["kind"],
      options: row.options,
      required: row.required,
      module: row.module,
    })),
    ...(supportFaqMarkdown === null ? {} : { support_faq_markdown: supportFaqMarkdown }),
  };
}
