import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { RouterProvider, createMemoryRouter, useParams } from "react-router";
import type { Access } from "#common/contracts/access";
import type { CurrentUser } from "#common/contracts/account";
import type { Configuration, ConfigurationModule } from "#common/contracts/configuration";
import type { CourseCard, LaunchPlan, PlanMilestone } from "#common/contracts/launch-plan";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { accessAnswerFor } from "#web/lib/testing/access-answers.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import EducationPage from "#web/features/launch-plan/pages/education-page.tsx";
import FirstMilestoneRedirect from "#web/features/launch-plan/pages/first-milestone-redirect.tsx";
import GuidedWalkthroughPage from "#web/features/launch-plan/pages/guided-walkthrough-page.tsx";
import LaunchPlanPage from "#web/features/launch-plan/pages/launch-plan-page.tsx";
import MilestonePage from "#web/features/launch-plan/pages/milestone-page.tsx";

/** Test-only: launch plans as the API answers them, and the plan's pages in a data router. */

export const API = {
  plan: "GET /api/launch-plan",
  start: (id: string) => `POST /api/launch-plan/milestones/${id}/start`,
  complete: (id: string) => `POST /api/launch-plan/milestones/${id}/complete`,
  completeEarly: (id: string) => `POST /api/launch-plan/milestones/${id}/complete-early`,
  reopen: (id: string) => `POST /api/launch-plan/milestones/${id}/reopen`,
  history: (id: string) => `GET /api/launch-plan/milestones/${id}/history`,
  override: (id: string) => `PUT /api/launch-plan/milestones/${id}/override`,
  configuration: "GET /api/configuration",
  team: "GET /api/launch-plan/team",
} as const;

export const MILESTONE_IDS = {
  kickoff: "11111111-1111-4111-8111-000000000001",
  financials: "11111111-1111-4111-8111-000000000002",
  distribution: "11111111-1111-4111-8111-000000000003",
  commerce: "11111111-1111-4111-8111-000000000004",
  manufacturing: "11111111-1111-4111-8111-000000000005",
} as const;

export const COURSE_IDS = {
  welcome: "22222222-2222-4222-8222-000000000001",
  ledger: "22222222-2222-4222-8222-000000000002",
  payables: "22222222-2222-4222-8222-000000000003",
  stock: "22222222-2222-4222-8222-000000000004",
  storefront: "22222222-2222-4222-8222-000000000005",
} as const;

export const EMPLOYEE: CurrentUser = { ...ANA, id: "user-employee", email: "eve@provider.example", full_name: "Eve Employee", is_employee: true };

/** A member whose organization finished the launchpad and signed the NDA: Launch Plan, configuration and the walkthrough open. */
export const OPEN_ACCESS: Access = accessAnswerFor({ ndaSigned: true, launchpadPercent: 100 });

export const LOCK_REASON = "Complete the following milestones first: Financials";

export function course(overrides: Partial<CourseCard> & Pick<CourseCard, "id" | "title">): CourseCard {
  return {
    description: null,
    reason: "Part of every launch plan",
    percent: 0,
    status: "not_started",
    total_lessons: 4,
    completed_lessons: 0,
    ...overrides,
  };
}

export function milestone(overrides: Partial<PlanMilestone> & Pick<PlanMilestone, "id" | "title">): PlanMilestone {
  const courses = overrides.courses ?? [];
  return {
    description: null,
    goals: [],
    position: null,
    time_estimate: null,
    modules: [],
    status: "not_started",
    completed_at: null,
    lock: { locked: false, reason: null },
    reason: "Part of every launch plan",
    override: null,
    prerequisites: [],
    percent: 0,
    courses: [],
    // As the server counts them: the caller's complete courses of the milestone.
    course_tally: { complete: courses.filter((entry) => entry.status === "complete").length, total: courses.length },
    closed_early: null,
    has_history: false,
    can_start: true,
    can_complete: true,
    can_reopen: false,
    ...overrides,
  };
}

/** The milestone with every course complete, as the caller's: completing it asks nothing. */
export function withCoursesDone(entry: PlanMilestone): PlanMilestone {
  const courses = entry.courses.map((card) => ({ ...card, percent: 100, status: "complete" as const, completed_lessons: card.total_lessons }));
  return { ...entry, percent: 100, courses, course_tally: { complete: courses.length, total: courses.length } };
}

export const WELCOME = course({ id: COURSE_IDS.welcome, title: "Welcome to the ERP", percent: 100, status: "complete", completed_lessons: 4 });
export const LEDGER = course({ id: COURSE_IDS.ledger, title: "General ledger", percent: 50, status: "in_progress", completed_lessons: 2 });
export const PAYABLES = course({ id: COURSE_IDS.payables, title: "Payables" });
export const STOCK = course({ id: COURSE_IDS.stock, title: "Stock items", description: "Items, warehouses and units" });

export const KICKOFF = milestone({
  id: MILESTONE_IDS.kickoff,
  title: "Kickoff",
  position: 1,
  status: "completed",
  completed_at: "2030-01-05T10:00:00.000Z",
  percent: 100,
  courses: [WELCOME],
  can_start: false,
  can_complete: false,
});

export const FINANCIALS = milestone({
  id: MILESTONE_IDS.financials,
  title: "Financials",
  description: "Set up the books.",
  goals: ["Chart of accounts ready", "First period open"],
  position: 2,
  time_estimate: "2 weeks",
  modules: ["Financials"],
  status: "in_progress",
  reason: "Included because your locked estimate has Financials",
  prerequisites: [{ id: MILESTONE_IDS.kickoff, title: "Kickoff" }],
  percent: 38,
  courses: [LEDGER, PAYABLES, WELCOME],
  can_start: false,
  can_complete: true,
});

export const DISTRIBUTION = milestone({
  id: MILESTONE_IDS.distribution,
  title: "Distribution",
  position: null,
  modules: ["Distribution"],
  reason: "Included because your locked estimate has Distribution",
  lock: { locked: true, reason: LOCK_REASON },
  prerequisites: [
    { id: MILESTONE_IDS.kickoff, title: "Kickoff" },
    { id: MILESTONE_IDS.financials, title: "Financials" },
  ],
  courses: [STOCK, LEDGER],
  can_start: false,
  can_complete: false,
});

export const MANUFACTURING = milestone({
  id: MILESTONE_IDS.manufacturing,
  title: "Manufacturing",
  position: 4,
  modules: ["Manufacturing"],
  reason: "Not in your plan: your locked estimate has no Manufacturing",
  can_start: false,
  can_complete: false,
});

export function plan(overrides: Partial<LaunchPlan> = {}): LaunchPlan {
  return {
    scope: { source: "locked_estimate", modules: ["Financials", "Distribution", "Commerce"] },
    milestones: [KICKOFF, FINANCIALS, DISTRIBUTION],
    other_milestones: [],
    can_override: false,
    ...overrides,
  };
}

export function configurationModule(overrides: Partial<ConfigurationModule> & Pick<ConfigurationModule, "module">): ConfigurationModule {
  return {
    submitted: null,
    reopened: null,
    answered: 0,
    required_total: 2,
    required_answered: 0,
    questions: [],
    can_submit: false,
    can_edit: true,
    can_reopen: false,
    ...overrides,
  };
}

export function configuration(modules: ConfigurationModule[]): Configuration {
  return { modules, can_export: false, export_file_name: null };
}

export const SUBMITTED = { at: "2030-01-06T10:00:00.000Z", by_name: "Ana Lima" };

function CourseStandIn() {
  const { milestoneId, courseId } = useParams();
  return <p>{`Course ${courseId} under ${milestoneId}`}</p>;
}

/** The plan's pages at their paths, the places they link to as stand-ins; returns the router and query client. */
export function renderPlanPages(path: string, { user = ANA, access = OPEN_ACCESS }: { user?: CurrentUser; access?: Access } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(queryKeys.currentUser, user);
  queryClient.setQueryData(queryKeys.access, access);
  const router = createMemoryRouter(
    [
      { path: "/system-refinement", element: <LaunchPlanPage /> },
      { path: "/milestone/:milestoneId", element: <MilestonePage /> },
      { path: "/system-refinement/milestone/:milestoneId", element: <MilestonePage /> },
      { path: "/system-refinement/milestone/:milestoneId/course/:courseId", element: <CourseStandIn /> },
      { path: "/launchpad", element: <FirstMilestoneRedirect /> },
      { path: "/education", element: <EducationPage /> },
      { path: "/guided-walkthrough", element: <GuidedWalkthroughPage /> },
      { path: "/price", element: <h1>Price</h1> },
      { path: "/configuration", element: <h1>Configuration</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** The address the router is at, search included. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}
