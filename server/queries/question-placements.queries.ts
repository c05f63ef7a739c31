import { asc, eq } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type { Queryable } from "#server/db/database";
import { configurationQuestions, courseLessons, courses, lessonQuestions, lessonTopics, milestoneCourses, topicQuestions } from "#server/db/schema/index";

// Where the curriculum's configuration questions sit, read by the configuration questionnaire and
// by the readiness facts (which modules an organization's plan asks to configure).

export type QuestionRow = Pick<
  typeof configurationQuestions.$inferSelect,
  "key" | "prompt" | "help" | "kind" | "options" | "required" | "module" | "position"
>;

/** A question once per milestone and course that reach it (through a lesson, or a survey topic of one). */
export interface QuestionPlacementRow extends QuestionRow {
  milestoneId: string;
  courseId: string;
  courseModules: string[];
}

export const questionColumns = {
  key: configurationQuestions.key,
  prompt: configurationQuestions.prompt,
  help: configurationQuestions.help,
  kind: configurationQuestions.kind,
  options: configurationQuestions.options,
  required: configurationQuestions.required,
  module: configurationQuestions.module,
  position: configurationQuestions.position,
};

/** Every question with the milestones and courses it sits in, by position. */
export function selectQuestionPlacements(db: Queryable): Promise<QuestionPlacementRow[]> {
  const questionLessons = union(
    db.select({ lessonId: lessonQuestions.lessonId, questionId: lessonQuestions.questionId }).from(lessonQuestions),
    db
      .select({ lessonId: lessonTopics.lessonId, questionId: topicQuestions.questionId })
      .from(topicQuestions)
      .innerJoin(lessonTopics, eq(lessonTopics.topicId, topicQuestions.topicId)),
  ).as("question_lessons");
  return db
    .select({ ...questionColumns, milestoneId: milestoneCourses.milestoneId, courseId: courses.id, courseModules: courses.modules })
    .from(configurationQuestions)
    .innerJoin(questionLessons, eq(questionLessons.questionId, configurationQuestions.id))
    .innerJoin(courseLessons, eq(courseLessons.lessonId, questionLessons.lessonId))
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .innerJoin(milestoneCourses, eq(milestoneCourses.courseId, courses.id))
    .orderBy(asc(configurationQuestions.position), asc(configurationQuestions.key));
}

