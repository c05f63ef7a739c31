import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  completeMilestoneRoute,
  getCourseRoute,
  getLaunchPlanRoute,
  getLessonRoute,
  getTopicRoute,
  overrideMilestoneRoute,
  setTopicProgressRoute,
  startMilestoneRoute,
} from "#common/contracts/launch-plan";
import type { TopicStatus } from "#common/domain/launch-plan";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

/** The organization's plan: milestones with status, lock, reason, courses and the caller's progress. */
export const launchPlanQuery = queryOptions({
  queryKey: queryKeys.launchPlanOverview,
  queryFn: ({ signal }) => callRoute(getLaunchPlanRoute, { signal }),
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

export function useCompleteMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (milestoneId: string) => callRoute(completeMilestoneRoute, { params: { milestoneId } }),
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
