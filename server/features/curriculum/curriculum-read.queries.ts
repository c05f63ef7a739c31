import { asc } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import {
  configurationQuestions,
  courseLessons,
  courses,
  lessonQuestions,
  lessons,
  lessonTopics,
  milestoneCourses,
  milestones,
  topicQuestions,
  topics,
} from "#server/db/schema/index";

/** The whole curriculum in 10 statements, entries and links in their display order (for export). */
export async function selectWholeCurriculum(db: Queryable) {
  const [milestoneRows, courseRows, lessonRows, topicRows, questionRows] = await Promise.all([
    db.select().from(milestones).orderBy(asc(milestones.position), asc(milestones.title)),
    db.select().from(courses).orderBy(asc(courses.position), asc(courses.key)),
    db.select().from(lessons).orderBy(asc(lessons.position), asc(lessons.key)),
    db.select().from(topics).orderBy(asc(topics.position), asc(topics.key)),
    db.select().from(configurationQuestions).orderBy(asc(configurationQuestions.position)),
  ]);
  const [milestoneCourseRows, courseLessonRows, lessonTopicRows, lessonQuestionRows, topicQuestionRows] = await Promise.all([
    db.select().from(milestoneCourses).orderBy(asc(milestoneCourses.position)),
    db.select().from(courseLessons).orderBy(asc(courseLessons.position)),
    db.select().from(lessonTopics).orderBy(asc(lessonTopics.position)),
    db.select().from(lessonQuestions).orderBy(asc(lessonQuestions.position)),
    db.select().from(topicQuestions).orderBy(asc(topicQuestions.position)),
  ]);
  return {
    milestoneRows,
    courseRows,
    lessonRows,
    topicRows,
    questionRows,
    milestoneCourseRows,
    courseLessonRows,
    lessonTopicRows,
    lessonQuestionRows,
    topicQuestionRows,
  };
}
