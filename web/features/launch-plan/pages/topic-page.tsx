import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { useEffect, useRef } from "react";
import { LAUNCH_PLAN_MESSAGES, type CourseDetail, type TopicDetail } from "#common/contracts/launch-plan";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { courseQuery, topicQuery, useRecordTopicOpened } from "#web/features/launch-plan/api/launch-plan-api.ts";
import { topicNeighbours } from "#web/features/launch-plan/components/course-topics.ts";
import { LearningLayout } from "#web/features/launch-plan/components/learning-layout.tsx";
import { CourseNotices } from "#web/features/launch-plan/components/learning-notices.tsx";
import { courseOutline } from "#web/features/launch-plan/components/learning-outline.tsx";
import { LearningLoadError, LearningNotFound, isNotFound, retryUnlessNotFound } from "#web/features/launch-plan/components/learning-page-states.tsx";
import { learningBreadcrumbs, learningPaths, useLearningParams } from "#web/features/launch-plan/components/learning-paths.ts";
import { TopicBody } from "#web/features/launch-plan/components/topic-body.tsx";
import { TopicPager } from "#web/features/launch-plan/components/topic-pager.tsx";
import { TOPIC_TYPE_LABELS, TopicTypeIcon, formatTopicDuration } from "#web/features/launch-plan/components/topic-type.tsx";

/**
 * /topic/{courseId}/{lessonId}/{topicId}, the nested form, and /topic/{topicId}, which opens the
 * topic where it is first placed (placements[0]). Two reads at most: the topic and its course.
 */
export default function TopicPage() {
  const params = useLearningParams();
  const topic = useQuery({ ...topicQuery(params.topicId ?? ""), retry: retryUnlessNotFound });
  const placement = params.courseId === undefined ? topic.data?.placements[0] : undefined;
  const courseId = params.courseId ?? placement?.course_id;
  const lessonId = params.lessonId ?? placement?.lesson_id;
  const course = useQuery({ ...courseQuery(courseId ?? ""), enabled: courseId !== undefined, retry: retryUnlessNotFound });

  if (!topic.data) {
    if (!topic.isError) return <LoadingSkeleton label="Loading topic..." shape="page" />;
    return isNotFound(topic.error) ? (
      <LearningNotFound message={LAUNCH_PLAN_MESSAGES.topicNotFound} />
    ) : (
      <LearningLoadError title="Topic" error={topic.error} onRetry={() => void topic.refetch()} />
    );
  }
  if (params.courseId !== undefined && !course.data && course.isError && isNotFound(course.error)) {
    return <LearningNotFound message={LAUNCH_PLAN_MESSAGES.courseNotFound} />;
  }
  if (courseId !== undefined && course.isPending) return <LoadingSkeleton label="Loading topic..." shape="page" />;
  return (
    <TopicView
      // Each topic starts afresh: its completion's pending state and errors belong to it alone.
      key={topic.data.id}
      topic={topic.data}
      course={courseId === undefined ? null : course}
      lessonId={lessonId}
      milestoneId={params.milestoneId}
    />
  );
}

function TopicView({
  topic,
  course,
  lessonId,
  milestoneId,
}: {
  topic: TopicDetail;
  course: UseQueryResult<CourseDetail> | null;
  lessonId: string | undefined;
  milestoneId: string | undefined;
}) {
  useRecordOpened(topic);
  const paths = learningPaths(milestoneId);
  const courseData = course?.data;
  const lesson = courseData?.lessons.find((entry) => entry.id === lessonId) ?? courseData?.lessons.find((entry) => entry.topics.some((item) => item.id === topic.id));
  const { previous, next } = courseData ? topicNeighbours(courseData, lesson?.id, topic.id) : { previous: undefined, next: undefined };
  const duration = formatTopicDuration(topic.duration_minutes);
  return (
    <PageFrame
      title={topic.title}
      breadcrumbs={learningBreadcrumbs({ paths, milestoneId, course: courseData, lesson, topic })}
      description={topic.description}
      titleAside={
        <Badge variant="outline" className="gap-1.5">
          <TopicTypeIcon type={topic.type} className="size-3.5" />
          {TOPIC_TYPE_LABELS[topic.type]}
          {duration ? (
            <>
              <span aria-hidden="true">·</span>
              <Clock aria-hidden="true" className="size-3.5" />
              {duration}
            </>
          ) : null}
        </Badge>
      }
    >
      <LearningLayout outline={courseOutline(course, paths, { lessonId: lesson?.id, topicId: topic.id })}>
        {courseData ? <CourseNotices course={courseData} milestoneId={milestoneId} compact /> : null}
        <div className="space-y-6 rounded-xl border border-[var(--color-border)] bg-[var(--color-card)] p-4 sm:p-6">
          <TopicBody topic={topic} />
        </div>
        <TopicPager
          previous={previous}
          next={next}
          topicPath={(entry) => paths.topic(courseData?.id ?? "", entry.lessonId, entry.topic.id)}
          course={courseData ? { title: courseData.title, path: paths.course(courseData.id) } : undefined}
        />
      </LearningLayout>
    </PageFrame>
  );
}

/** Opening a topic that has no status yet records it in progress, silently: a failure only means it stays "not started". */
function useRecordOpened(topic: TopicDetail) {
  const { mutate: recordOpened } = useRecordTopicOpened();
  const recordedFor = useRef<string | null>(null);
  useEffect(() => {
    if (topic.status !== null || recordedFor.current === topic.id) return;
    recordedFor.current = topic.id;
    recordOpened(topic.id);
  }, [topic.id, topic.status, recordOpened]);
}
