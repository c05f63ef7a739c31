import type { CourseDetail, LessonOutline, TopicSummary } from "#common/contracts/launch-plan";

/** Where a lesson picks up: its first topic not complete, or its first topic once all are. */
export function firstUnfinishedTopic(lesson: Pick<LessonOutline, "topics">): TopicSummary | undefined {
  return lesson.topics.find((topic) => topic.status !== "complete") ?? lesson.topics[0];
}

/** The word on a lesson's way in: Start, Continue, or Review once it is complete. */
export function lessonActionLabel(lesson: Pick<LessonOutline, "is_complete" | "has_progress">): "Start" | "Continue" | "Review" {
  return lesson.is_complete ? "Review" : lesson.has_progress ? "Continue" : "Start";
}

export interface PlacedTopic {
  lessonId: string;
  lessonTitle: string;
  topic: TopicSummary;
}

/** Every topic of the course in reading order, lesson by lesson. */
export function courseTopicSequence(course: Pick<CourseDetail, "lessons">): PlacedTopic[] {
  return course.lessons.flatMap((lesson) => lesson.topics.map((topic) => ({ lessonId: lesson.id, lessonTitle: lesson.title, topic })));
}

/**
 * The topics before and after one in the course: found under its lesson, or (a lesson the course
 * does not hold) wherever it first appears.
 */
export function topicNeighbours(course: Pick<CourseDetail, "lessons">, lessonId: string | undefined, topicId: string) {
  const sequence = courseTopicSequence(course);
  let index = sequence.findIndex((entry) => entry.lessonId === lessonId && entry.topic.id === topicId);
  if (index < 0) index = sequence.findIndex((entry) => entry.topic.id === topicId);
  if (index < 0) return { previous: undefined, next: undefined };
  return { previous: sequence[index - 1], next: sequence[index + 1] };
}
