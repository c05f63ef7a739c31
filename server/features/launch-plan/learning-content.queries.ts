import { and, asc, eq } from "drizzle-orm";
import type { TopicStatus } from "#common/domain/launch-plan";
import type { Queryable } from "#server/db/database";
import { courseLessons, courses, curriculumVideoFiles, lessons, lessonTopics, topics, userTopicProgress } from "#server/db/schema/index";

export function selectLesson(db: Queryable, lessonId: string) {
  return db
    .select({ id: lessons.id, title: lessons.title, description: lessons.description })
    .from(lessons)
    .where(eq(lessons.id, lessonId))
    .then((rows) => rows[0] ?? null);
}

export interface LessonTopicRow {
  id: string;
  title: string;
  type: string;
  durationMinutes: number | null;
  status: TopicStatus | null;
}

export function selectLessonTopics(db: Queryable, organizationId: string, profileId: string, lessonId: string): Promise<LessonTopicRow[]> {
  return db
    .select({ id: topics.id, title: topics.title, type: topics.type, durationMinutes: topics.durationMinutes, status: userTopicProgress.completionStatus })
    .from(lessonTopics)
    .innerJoin(topics, eq(topics.id, lessonTopics.topicId))
    .leftJoin(
      userTopicProgress,
      and(eq(userTopicProgress.topicId, topics.id), eq(userTopicProgress.organizationId, organizationId), eq(userTopicProgress.profileId, profileId)),
    )
    .where(eq(lessonTopics.lessonId, lessonId))
    .orderBy(asc(lessonTopics.position)) as Promise<LessonTopicRow[]>;
}

/** The courses holding a lesson, by title. */
export async function selectCourseIdsOfLesson(db: Queryable, lessonId: string): Promise<string[]> {
  const rows = await db
    .select({ courseId: courseLessons.courseId })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .where(eq(courseLessons.lessonId, lessonId))
    .orderBy(asc(courses.position), asc(courses.title));
  return rows.map((row) => row.courseId);
}

export function selectTopicWithStatus(db: Queryable, organizationId: string, profileId: string, topicId: string) {
  return db
    .select({
      id: topics.id,
      title: topics.title,
      description: topics.description,
      type: topics.type,
      bodyMarkdown: topics.bodyMarkdown,
      videoUrl: topics.videoUrl,
      videoFile: topics.videoFile,
      durationMinutes: topics.durationMinutes,
      status: userTopicProgress.completionStatus,
    })
    .from(topics)
    .leftJoin(
      userTopicProgress,
      and(eq(userTopicProgress.topicId, topics.id), eq(userTopicProgress.organizationId, organizationId), eq(userTopicProgress.profileId, profileId)),
    )
    .where(eq(topics.id, topicId))
    .then((rows) => rows[0] ?? null);
}

/** The storage key of the topic's video file, when the curriculum's import stored one. */
export function selectTopicVideoKey(db: Queryable, topicId: string): Promise<string | null> {
  return db
    .select({ storageKey: curriculumVideoFiles.storageKey })
    .from(curriculumVideoFiles)
    .where(eq(curriculumVideoFiles.topicId, topicId))
    .then((rows) => rows[0]?.storageKey ?? null);
}

/** Where a topic sits: each lesson holding it and each course holding that lesson. */
export function selectTopicPlacements(db: Queryable, topicId: string): Promise<{ lessonId: string; courseId: string }[]> {
  return db
    .select({ lessonId: lessonTopics.lessonId, courseId: courseLessons.courseId })
    .from(lessonTopics)
    .innerJoin(courseLessons, eq(courseLessons.lessonId, lessonTopics.lessonId))
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .where(eq(lessonTopics.topicId, topicId))
    .orderBy(asc(courses.position), asc(courseLessons.position));
}
