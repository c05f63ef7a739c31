import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CourseDetail,
  completeMilestoneEarlyRoute,
  completeMilestoneRoute,
  getCourseRoute,
  getLaunchPlanRoute,
  getMilestoneHistoryRoute,
  getTeamProgressRoute,
  getLessonRoute,
  getTopicRoute,
  overrideMilestoneRoute,
  reopenMilestoneRoute,
  setTopicProgressRoute,
  startMilestoneRoute,
} from "#common/contracts/launch-plan";
import { getConfigurationRoute } from "#common/contracts/configuration";
import type { TopicStatus } from "#common/domain/launch-plan";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** The organization's plan: milestones with status, lock, reason, courses and the caller's progress. */
export const launchPlanQuery = queryOptions({
  queryKey: queryKeys.launchPlanOverview,
  queryFn: ({ signal }) => callRoute(getLaunchPlanRoute, { signal }),
});

/**
 * The configuration questionnaire (GET /api/configuration), for the guided walkthrough's next
 * module. The key is the questionnaire page's, so both read one cached answer.
 */
export const configurationProgressQuery = queryOptions({
  queryKey: [...queryKeys.configuration, "questionnaire"] as const,
  queryFn: ({ signal }) => callRoute(getConfigurationRoute, { signal }),
});

/** Employees: each member's progress through the plan. */
export const teamProgressQuery = queryOptions({
  queryKey: [...queryKeys.launchPlan, "team"] as const,
  queryFn: ({ signal }) => callRoute(getTeamProgressRoute, { signal }),
});

/** A course with its lessons and topics (the course sidebar). */
export function courseQuery(courseId: string) {
  return queryOptions({
    queryKey: queryKeys.launchPlanCourse(courseId),
    queryFn: ({ signal }) => callRoute(getCourseRoute, { params: { courseId }, signal }),
  });
}

export function lessonQuery(lessonId: string) {
  return queryOptions({
    queryKey: queryKeys.launchPlanLesson(lessonId),
    queryFn: ({ signal }) => callRoute(getLessonRoute, { params: { lessonId }, signal }),
  });
}

export function topicQuery(topicId: string) {
  return queryOptions({
    queryKey: queryKeys.launchPlanTopic(topicId),
    queryFn: ({ signal }) => callRoute(getTopicRoute, { params: { topicId }, signal }),
  });
}

/** A milestone's completions and reopenings; under the plan's prefix, so every change of the plan refreshes it. */
export function milestoneHistoryQuery(milestoneId: string) {
  return queryOptions({
    queryKey: [...queryKeys.launchPlan, "milestone-history", milestoneId] as const,
    queryFn: ({ signal }) => callRoute(getMilestoneHistoryRoute, { params: { milestoneId }, signal }),
  });
}

/** Progress moves the plan, the course bars, the lesson counts and the guided walkthrough: all under one prefix. */
function refreshLaunchPlan(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.launchPlan });
}

export function useSetTopicProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topicId, status }: { topicId: string; status: TopicStatus }) =>
      callRoute(setTopicProgressRoute, { params: { topicId }, body: { status } }),
    onSettled: () => refreshLaunchPlan(queryClient),
  });
}

export function useStartMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (milestoneId: string) => callRoute(startMilestoneRoute, { params: { milestoneId } }),
    onSettled: () => refreshLaunchPlan(queryClient),
  });
}

/** Completes a milestone; `early` confirms completing it while some of its courses are not complete. */
export function useCompleteMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ milestoneId, early }: { milestoneId: string; early: boolean }) =>
      early ? callRoute(completeMilestoneEarlyRoute, { params: { milestoneId } }) : callRoute(completeMilestoneRoute, { params: { milestoneId } }),
    onSettled: () => refreshLaunchPlan(queryClient),
  });
}

/** Organization admins and employees: a completed milestone back in progress, with the reason. */
export function useReopenMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ milestoneId, reason }: { milestoneId: string; reason: string }) =>
      callRoute(reopenMilestoneRoute, { params: { milestoneId }, body: { reason } }),
    onSettled: () => refreshLaunchPlan(queryClient),
  });
}

/** Employees: add a milestone to this organization's plan, remove it, or (null) follow the estimate again. */
export function useOverrideMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ milestoneId, override }: { milestoneId: string; override: "include" | "exclude" | null }) =>
      callRoute(overrideMilestoneRoute, { params: { milestoneId }, body: { override } }),
    onSettled: () => refreshLaunchPlan(queryClient),
  });
}

/**
 * Records, silently, that the caller opened a topic that had no status yet. The page's own topic
 * and course are updated in place rather than refetched (that would double a page's reads on every
 * first visit); the realtime event refreshes every other screen.
 */
export function useRecordTopicOpened() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicId: string) => callRoute(setTopicProgressRoute, { params: { topicId }, body: { status: "in_progress" } }),
    onSuccess: ({ topic_id: topicId, status }) => {
      queryClient.setQueryData(topicQuery(topicId).queryKey, (topic) => (topic ? { ...topic, status } : topic));
      queryClient.setQueriesData<CourseDetail>({ queryKey: [...queryKeys.launchPlan, "course"] }, (course) =>
        course
          ? {
              ...course,
              lessons: course.lessons.map((lesson) =>
                lesson.topics.some((topic) => topic.id === topicId)
                  ? { ...lesson, has_progress: true, topics: lesson.topics.map((topic) => (topic.id === topicId ? { ...topic, status } : topic)) }
                  : lesson,
              ),
            }
          : course,
      );
    },
  });
}
