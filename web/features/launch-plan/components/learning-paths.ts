import { useParams } from "react-router";
import type { CourseDetail } from "#common/contracts/launch-plan";
import type { Breadcrumb } from "#web/components/page-frame.tsx";

/** The ids a learning route names: /course/…, /lesson/…, /topic/… or nested under a milestone. */
export interface LearningParams {
  milestoneId?: string;
  courseId?: string;
  lessonId?: string;
  topicId?: string;
}

export function useLearningParams(): LearningParams {
  const { milestoneId, courseId, lessonId, topicId } = useParams();
  return { milestoneId, courseId, lessonId, topicId };
}

/** Where the learning pages link to each other. */
export interface LearningPaths {
  milestone(milestoneId: string): string;
  course(courseId: string): string;
  lesson(courseId: string, lessonId: string): string;
  topic(courseId: string, lessonId: string, topicId: string): string;
}

export const LAUNCH_PLAN_PATH = "/system-refinement";

const segment = (id: string) => encodeURIComponent(id);

/**
 * Links keep the form the page was reached through (spec §2): nested under the path's milestone
 * (/system-refinement/milestone/{m}/course/{c}/lesson/{l}/topic/{t}), otherwise the short forms
 * /course/{c}, /lesson/{l}/{c} and /topic/{c}/{l}/{t}. A milestone is always /milestone/{m}.
 */
export function learningPaths(milestoneId: string | undefined): LearningPaths {
  if (milestoneId === undefined) {
    return {
      milestone: (id) => `/milestone/${segment(id)}`,
      course: (courseId) => `/course/${segment(courseId)}`,
      lesson: (courseId, lessonId) => `/lesson/${segment(lessonId)}/${segment(courseId)}`,
      topic: (courseId, lessonId, topicId) => `/topic/${segment(courseId)}/${segment(lessonId)}/${segment(topicId)}`,
    };
  }
  const course = (courseId: string) => `${LAUNCH_PLAN_PATH}/milestone/${segment(milestoneId)}/course/${segment(courseId)}`;
  const lesson = (courseId: string, lessonId: string) => `${course(courseId)}/lesson/${segment(lessonId)}`;
  return {
    // The milestone's own page at its address in the navigation, which marks it there.
    milestone: (id) => `/milestone/${segment(id)}`,
    course,
    lesson,
    topic: (courseId, lessonId, topicId) => `${lesson(courseId, lessonId)}/topic/${segment(topicId)}`,
  };
}

/** The milestone a course page sits under: the path's when the course belongs to it, else the course's first. */
export function breadcrumbMilestone(course: Pick<CourseDetail, "milestones">, milestoneId: string | undefined) {
  return course.milestones.find((milestone) => milestone.id === milestoneId) ?? course.milestones[0];
}

/**
 * Launch Plan → milestone → course → lesson → topic (spec §2); the page itself is the last crumb,
 * without a link. A page without its course (a lesson or topic in no course) skips the middle.
 */
export function learningBreadcrumbs(input: {
  paths: LearningPaths;
  milestoneId: string | undefined;
  course: Pick<CourseDetail, "id" | "title" | "milestones"> | undefined;
  lesson?: { id: string; title: string };
  topic?: { title: string };
}): Breadcrumb[] {
  const { paths, course, lesson, topic } = input;
  const crumbs: Breadcrumb[] = [{ label: "Launch Plan", to: LAUNCH_PLAN_PATH }];
  if (course) {
    const milestone = breadcrumbMilestone(course, input.milestoneId);
    if (milestone) crumbs.push({ label: milestone.title, to: paths.milestone(milestone.id) });
    crumbs.push({ label: course.title, to: lesson || topic ? paths.course(course.id) : undefined });
  }
  if (lesson) crumbs.push({ label: lesson.title, to: topic ? (course ? paths.lesson(course.id, lesson.id) : `/lesson/${segment(lesson.id)}`) : undefined });
  if (topic) crumbs.push({ label: topic.title });
  return crumbs;
}
