import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { LAUNCH_PLAN_MESSAGES, type CourseDetail, type LessonDetail } from "#common/contracts/launch-plan";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { courseQuery, lessonQuery } from "#web/features/launch-plan/api/launch-plan-api.ts";
import { firstUnfinishedTopic, lessonActionLabel } from "#web/features/launch-plan/components/course-topics.ts";
import { LearningAnswersForm } from "#web/features/launch-plan/components/learning-answers-form.tsx";
import { countAnswered } from "#web/features/launch-plan/components/learning-answers.ts";
import { LearningLayout } from "#web/features/launch-plan/components/learning-layout.tsx";
import { CourseNotices } from "#web/features/launch-plan/components/learning-notices.tsx";
import { courseOutline } from "#web/features/launch-plan/components/learning-outline.tsx";
import { LearningLoadError, LearningNotFound, isNotFound, retryUnlessNotFound } from "#web/features/launch-plan/components/learning-page-states.tsx";
import { type LearningParams, learningBreadcrumbs, learningPaths, useLearningParams } from "#web/features/launch-plan/components/learning-paths.ts";
import { LessonTopicList } from "#web/features/launch-plan/components/lesson-topic-list.tsx";

/**
 * /lesson/{lessonId}/{courseId}, the nested form, and /lesson/{lessonId}, which opens the lesson
 * in its first course (course_ids[0]). Two reads at most: the lesson and its course.
 */
export default function LessonPage() {
  const params = useLearningParams();
  const lesson = useQuery({ ...lessonQuery(params.lessonId ?? ""), retry: retryUnlessNotFound });
  const courseId = params.courseId ?? lesson.data?.course_ids[0];
  const course = useQuery({ ...courseQuery(courseId ?? ""), enabled: courseId !== undefined, retry: retryUnlessNotFound });

  if (!lesson.data) {
    if (!lesson.isError) return <LoadingSkeleton label="Loading lesson..." shape="page" />;
    return isNotFound(lesson.error) ? (
      <LearningNotFound message={LAUNCH_PLAN_MESSAGES.lessonNotFound} />
    ) : (
      <LearningLoadError title="Lesson" error={lesson.error} onRetry={() => void lesson.refetch()} />
    );
  }
  // The address named a course that does not exist: say so rather than show the lesson out of place.
  if (params.courseId !== undefined && !course.data && course.isError && isNotFound(course.error)) {
    return <LearningNotFound message={LAUNCH_PLAN_MESSAGES.courseNotFound} />;
  }
  if (courseId !== undefined && course.isPending) return <LoadingSkeleton label="Loading lesson..." shape="page" />;
  return <LessonView lesson={lesson.data} course={courseId === undefined ? null : course} params={params} />;
}

function LessonView({ lesson, course, params }: { lesson: LessonDetail; course: UseQueryResult<CourseDetail> | null; params: LearningParams }) {
  const paths = learningPaths(params.milestoneId);
  const courseData = course?.data;
  const topicPath = (topicId: string) => (courseData ? paths.topic(courseData.id, lesson.id, topicId) : `/topic/${encodeURIComponent(topicId)}`);
  const next = firstUnfinishedTopic(lesson);
  const answered = countAnswered(lesson.questions);
  const action = lessonActionLabel({
    is_complete: lesson.topics.every((topic) => topic.status === "complete"),
    has_progress: lesson.topics.some((topic) => topic.status !== null) || answered > 0,
  });
  return (
    <PageFrame
      title={lesson.title}
      breadcrumbs={learningBreadcrumbs({ paths, milestoneId: params.milestoneId, course: courseData, lesson })}
      description={lesson.description}
      actions={
        next ? (
          <Button asChild>
            <Link to={topicPath(next.id)}>
              {action}
              <span className="sr-only">: {next.title}</span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null
      }
    >
      <LearningLayout outline={courseOutline(course, paths, { lessonId: lesson.id })}>
        {courseData ? <CourseNotices course={courseData} milestoneId={params.milestoneId} compact /> : null}
        {lesson.topics.length > 0 ? (
          <section aria-labelledby="lesson-topics-title" className="space-y-3">
            <h2 id="lesson-topics-title" className="text-lg font-semibold">
              Topics
            </h2>
            <LessonTopicList topics={lesson.topics} topicPath={topicPath} />
          </section>
        ) : null}
        {lesson.questions.length > 0 ? (
          <section aria-labelledby="lesson-questions-title" className="space-y-4">
            <div className="space-y-2">
              <h2 id="lesson-questions-title" className="text-lg font-semibold">
                Questions
              </h2>
              {lesson.topics.length === 0 ? (
                <p className="text-sm text-[var(--color-muted-foreground)]">Answer every question to complete this lesson. Your answers are saved to your configuration.</p>
              ) : null}
              <div className="flex max-w-md items-center gap-3">
                <ProgressBar value={(answered / lesson.questions.length) * 100} label="Questions answered" />
                <span className="shrink-0 text-sm font-medium tabular-nums">
                  {answered} of {lesson.questions.length} answered
                </span>
              </div>
            </div>
            <LearningAnswersForm questions={lesson.questions} label={`Answers to ${lesson.title}`} idPrefix={`lesson-${lesson.id}`} />
          </section>
        ) : null}
        {lesson.topics.length === 0 && lesson.questions.length === 0 ? (
          <p className="text-sm text-[var(--color-muted-foreground)]">This lesson has no content yet.</p>
        ) : null}
      </LearningLayout>
    </PageFrame>
  );
}
