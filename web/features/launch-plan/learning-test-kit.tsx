import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import type { CourseDetail, LessonDetail, LessonOutline, PlanQuestion, TopicDetail, TopicSummary } from "#common/contracts/launch-plan";
import CoursePage from "./pages/course-page.tsx";
import LessonPage from "./pages/lesson-page.tsx";
import TopicPage from "./pages/topic-page.tsx";

/** Test-only: the learning pages' API answers, and the learning routes in a data router. */

export const IDS = {
  discovery: "a0000000-0000-4000-8000-000000000001",
  design: "a0000000-0000-4000-8000-000000000002",
  course: "c0000000-0000-4000-8000-000000000001",
  otherCourse: "c0000000-0000-4000-8000-000000000002",
  gettingStarted: "b0000000-0000-4000-8000-000000000001",
  configuration: "b0000000-0000-4000-8000-000000000002",
  background: "b0000000-0000-4000-8000-000000000003",
  emptyLesson: "b0000000-0000-4000-8000-000000000004",
  feedback: "b0000000-0000-4000-8000-000000000005",
  reading: "d0000000-0000-4000-8000-000000000001",
  video: "d0000000-0000-4000-8000-000000000002",
  activity: "d0000000-0000-4000-8000-000000000003",
  survey: "d0000000-0000-4000-8000-000000000004",
} as const;

export const API = {
  course: (id: string) => `GET /api/launch-plan/courses/${id}`,
  lesson: (id: string) => `GET /api/launch-plan/lessons/${id}`,
  topic: (id: string) => `GET /api/launch-plan/topics/${id}`,
  progress: (id: string) => `PUT /api/launch-plan/topics/${id}/progress`,
  answers: "PUT /api/configuration/responses",
} as const;

export function topicSummary(overrides: Partial<TopicSummary> & Pick<TopicSummary, "id" | "title" | "type">): TopicSummary {
  return { status: null, duration_minutes: null, ...overrides };
}

export function lessonOutline(overrides: Partial<LessonOutline> & Pick<LessonOutline, "id" | "title">): LessonOutline {
  return { description: null, topics: [], total_questions: 0, answered_questions: 0, label: null, is_complete: false, has_progress: false, ...overrides };
}

export const TOPICS = {
  reading: topicSummary({ id: IDS.reading, title: "Why a launch plan", type: "reading", status: "complete", duration_minutes: 5 }),
  video: topicSummary({ id: IDS.video, title: "A tour of the portal", type: "video", status: "in_progress", duration_minutes: 12 }),
  activity: topicSummary({ id: IDS.activity, title: "Name your project team", type: "activity", duration_minutes: 90 }),
  survey: topicSummary({ id: IDS.survey, title: "How did it go?", type: "survey" }),
};

/** A course of five lessons: topics, questions only, a description only, nothing, and a survey. */
export function courseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    id: IDS.course,
    title: "Launch basics",
    description: "What a launch takes, step by step.",
    has_sidebar: true,
    percent: 20,
    status: "in_progress",
    lessons: [
      lessonOutline({
        id: IDS.gettingStarted,
        title: "Getting started",
        description: "The first steps.",
        topics: [TOPICS.reading, TOPICS.video, TOPICS.activity],
        label: "1/3 topics complete",
        has_progress: true,
      }),
      lessonOutline({ id: IDS.configuration, title: "Your configuration", total_questions: 2, answered_questions: 1, label: "1/2 questions answered", has_progress: true }),
      lessonOutline({ id: IDS.background, title: "Background", description: "Some context for later." }),
      lessonOutline({ id: IDS.emptyLesson, title: "Vendor onboarding" }),
      lessonOutline({ id: IDS.feedback, title: "Feedback", topics: [TOPICS.survey], label: "0/1 topics complete" }),
    ],
    milestones: [
      { id: IDS.discovery, title: "Discovery", lock: { locked: false, reason: null } },
      { id: IDS.design, title: "Design", lock: { locked: false, reason: null } },
    ],
    in_plan: true,
    reason: "Part of every launch plan",
    ...overrides,
  };
}

export function question(overrides: Partial<PlanQuestion> & Pick<PlanQuestion, "key" | "kind">): PlanQuestion {
  return { prompt: `Prompt of ${overrides.key}`, help: null, options: [], required: true, module: "Financials", answer: null, read_only: false, answered_in: null, ...overrides };
}

export const QUESTIONS = {
  companies: question({ key: "fin-number-of-companies", kind: "number", prompt: "How many companies?", answer: 2 }),
  currency: question({ key: "fin-multi-currency", kind: "yes_no", prompt: "Multi-currency?" }),
};

export function lessonDetail(overrides: Partial<LessonDetail> = {}): LessonDetail {
  return {
    id: IDS.gettingStarted,
    title: "Getting started",
    description: "The first steps.",
    topics: [TOPICS.reading, TOPICS.video, TOPICS.activity],
    questions: [],
    course_ids: [IDS.course, IDS.otherCourse],
    ...overrides,
  };
}

export function topicDetail(overrides: Partial<TopicDetail> & Pick<TopicDetail, "id" | "title" | "type">): TopicDetail {
  return {
    description: null,
    status: null,
    body_markdown: null,
    video_url: null,
    video_file_url: null,
    duration_minutes: null,
    questions: [],
    placements: [{ lesson_id: IDS.gettingStarted, course_id: IDS.course }],
    ...overrides,
  };
}

const COURSE = "/course/:courseId";
const NESTED_COURSE = "/system-refinement/milestone/:milestoneId/course/:courseId";

/** The learning routes as the shell registers them, with stand-ins for the Launch Plan and milestone pages. */
export function renderLearning(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/system-refinement", element: <h1>Launch Plan page</h1> },
      { path: "/milestone/:milestoneId", element: <h1>Milestone page</h1> },
      { path: "/system-refinement/milestone/:milestoneId", element: <h1>Milestone page</h1> },
      { path: COURSE, element: <CoursePage /> },
      { path: NESTED_COURSE, element: <CoursePage /> },
      { path: "/lesson/:lessonId", element: <LessonPage /> },
      { path: "/lesson/:lessonId/:courseId", element: <LessonPage /> },
      { path: `${NESTED_COURSE}/lesson/:lessonId`, element: <LessonPage /> },
      { path: "/topic/:topicId", element: <TopicPage /> },
      { path: "/topic/:courseId/:lessonId/:topicId", element: <TopicPage /> },
      { path: `${NESTED_COURSE}/lesson/:lessonId/topic/:topicId`, element: <TopicPage /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** The address the router is at. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname;
}

/** The breadcrumb trail as label → link (null for the page itself). */
export function breadcrumbTrail(): [string, string | null][] {
  const nav = document.querySelector('nav[aria-label="Breadcrumb"]');
  return [...(nav?.querySelectorAll("li") ?? [])].map((item) => {
    const link = item.querySelector("a");
    return [item.textContent?.replace(/^\//, "") ?? "", link?.getAttribute("href") ?? null];
  });
}

export const NOT_FOUND = (message: string) => ({ status: 404, body: { error: { code: "not_found", message } } });
