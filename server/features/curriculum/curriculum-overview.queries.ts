import { asc, count, eq, max, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { configurationQuestions, courseLessons, courses, lessons, milestoneCourses, milestones, topics } from "#server/db/schema/index";

export function selectMilestoneOutlines(db: Queryable) {
  return db
    .select({ id: milestones.id, key: milestones.key, title: milestones.title, timeEstimate: milestones.timeEstimate, modules: milestones.modules, prerequisiteIds: milestones.prerequisiteMilestoneIds })
    .from(milestones)
    .orderBy(sql`coalesce(${milestones.position}, 999)`, asc(milestones.title));
}

/** Each milestone's courses with their lesson, topic and question counts, in position order. */
export function selectCourseOutlines(db: Queryable) {
  // Qualified by hand: inside a subquery Drizzle writes columns unqualified.
  const courseId = sql.raw(`"courses"."id"`);
  return db
    .select({
      milestoneId: milestoneCourses.milestoneId,
      key: courses.key,
      title: courses.title,
      modules: courses.modules,
      hasSidebar: courses.hasSidebar,
      lessons: sql<number>`(select count(*) from ${courseLessons} cl where cl.course_id = ${courseId})`.mapWith(Number),
      topics: sql<number>`(select count(*) from ${courseLessons} cl join lesson_topics lt on lt.lesson_id = cl.lesson_id where cl.course_id = ${courseId})`.mapWith(Number),
      questions: sql<number>`(select count(*) from ${courseLessons} cl join lesson_questions lq on lq.lesson_id = cl.lesson_id where cl.course_id = ${courseId})`.mapWith(Number),
    })
    .from(milestoneCourses)
    .innerJoin(courses, eq(courses.id, milestoneCourses.courseId))
    .orderBy(asc(milestoneCourses.position));
}

export async function selectCurriculumCounts(db: Queryable) {
  const [row] = await db
    .select({
      milestones: count(),
      courses: sql<number>`(select count(*) from ${courses})`.mapWith(Number),
      lessons: sql<number>`(select count(*) from ${lessons})`.mapWith(Number),
      topics: sql<number>`(select count(*) from ${topics})`.mapWith(Number),
      configurationQuestions: sql<number>`(select count(*) from ${configurationQuestions})`.mapWith(Number),
      updatedAt: max(milestones.updatedAt),
    })
    .from(milestones);
  return row!;
}
