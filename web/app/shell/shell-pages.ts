import type { ComponentType } from "react";
import { matchPath } from "react-router";

export interface ShellPage {
  /** The page's path inside the shell, as the router matches it. */
  path: string;
  load: () => Promise<{ default: ComponentType }>;
}

const loadMilestonePage = () => import("#web/features/launch-plan/pages/milestone-page.tsx");
const loadCoursePage = () => import("#web/features/launch-plan/pages/course-page.tsx");
const loadLessonPage = () => import("#web/features/launch-plan/pages/lesson-page.tsx");
const loadTopicPage = () => import("#web/features/launch-plan/pages/topic-page.tsx");
const NESTED = "/system-refinement/milestone/:milestoneId";

/** The milestone and learning pages, each at its short and nested paths (spec §2). */
const LEARNING_PAGES: readonly ShellPage[] = [
  ...["/milestone/:milestoneId", NESTED].map((path) => ({ path, load: loadMilestonePage })),
  ...["/course/:courseId", `${NESTED}/course/:courseId`].map((path) => ({ path, load: loadCoursePage })),
  ...["/lesson/:lessonId", "/lesson/:lessonId/:courseId", `${NESTED}/course/:courseId/lesson/:lessonId`].map((path) => ({ path, load: loadLessonPage })),
  ...["/topic/:topicId", "/topic/:courseId/:lessonId/:topicId", `${NESTED}/course/:courseId/lesson/:lessonId/topic/:topicId`].map((path) => ({ path, load: loadTopicPage })),
];

/**
 * The pages inside the shell that exist today. The router makes a lazy route of each, and the
 * navigation lists only items whose page is here: a new page is added once, here.
 */
export const SHELL_PAGES: readonly ShellPage[] = [
  { path: "/company", load: () => import("#web/features/organizations/company-page.tsx") },
  { path: "/organization", load: () => import("#web/features/organizations/organization-profile-page.tsx") },
  { path: "/team", load: () => import("#web/features/team/team-page.tsx") },
  { path: "/dashboard", load: () => import("#web/features/dashboard/dashboard-page.tsx") },
  { path: "/nda", load: () => import("#web/features/nda/nda-page.tsx") },
  { path: "/trial-status", load: () => import("#web/features/dashboard/trial-status-page.tsx") },
  { path: "/price", load: () => import("#web/features/pricing-estimates/pages/price-page.tsx") },
  { path: "/business", load: () => import("#web/features/pricing-estimates/pages/business-page.tsx") },
  // Launchpad questionnaires (common/domain/launchpad.ts lists their routes).
  { path: "/goals", load: () => import("#web/features/launchpad/business-setup-page.tsx") },
  { path: "/distribution", load: () => import("#web/features/launchpad/distribution-page.tsx") },
  { path: "/manufacturing", load: () => import("#web/features/launchpad/manufacturing-page.tsx") },
  { path: "/ecommerce", load: () => import("#web/features/launchpad/ecommerce-page.tsx") },
  { path: "/financial-calendar", load: () => import("#web/features/launchpad/financial-setup-page.tsx") },
  { path: "/timeline", load: () => import("#web/features/launchpad/timeline-planning-page.tsx") },
  { path: "/acumatica-tenant", load: () => import("#web/features/launchpad/erp-tenant-page.tsx") },
  { path: "/pricing-deployment-plan", load: () => import("#web/features/pricing-estimates/pages/deployment-plan-page.tsx") },
  { path: "/plans", load: () => import("#web/features/pricing-estimates/pages/subscription-plan-page.tsx") },
  { path: "/acumatica-settings", load: () => import("#web/features/pricing-catalog/catalog-settings-page.tsx") },
  { path: "/acumatica-settings/curriculum", load: () => import("#web/features/curriculum/pages/curriculum-page.tsx") },
  { path: "/data-connection/setup", load: () => import("#web/features/data-connections/pages/connection-setup-page.tsx") },
  { path: "/configuration", load: () => import("#web/features/configuration/configuration-page.tsx") },
  { path: "/etl-admin", load: () => import("#web/features/data-migration/pages/etl-admin-page.tsx") },
  { path: "/content", load: () => import("#web/features/content/pages/content-page.tsx") },
  { path: "/help-inbox", load: () => import("#web/features/action-log/pages/help-inbox-page.tsx") },
  { path: "/portfolio", load: () => import("#web/features/portfolio/portfolio-page.tsx") },
  { path: "/help-requests/:actionLogId", load: () => import("#web/features/action-log/pages/help-request-page.tsx") },
  // The Tools section's own page, then the action log: every type on /action-log, one type on each Tools page (spec §2).
  { path: "/tools", load: () => import("#web/features/tools/tools-page.tsx") },
  { path: "/support", load: () => import("#web/features/support/support-page.tsx") },
  { path: "/extensions", load: () => import("#web/features/extensions/extensions-page.tsx") },
  { path: "/extensions/ap-automation", load: () => import("#web/features/extension-workspaces/pages/ap-automation-page.tsx") },
  { path: "/extensions/container-management", load: () => import("#web/features/extension-workspaces/pages/container-management-page.tsx") },
  { path: "/extensions/decision-maker-dashboard", load: () => import("#web/features/decision-maker-dashboard/decision-maker-dashboard-page.tsx") },
  { path: "/action-log", load: () => import("#web/features/action-log/pages/action-log-page.tsx") },
  { path: "/action-log/type-definitions", load: () => import("#web/features/action-log/pages/type-definitions-page.tsx") },
  { path: "/tasks", load: () => import("#web/features/action-log/pages/tasks-page.tsx") },
  { path: "/issues", load: () => import("#web/features/action-log/pages/issues-page.tsx") },
  { path: "/decisions", load: () => import("#web/features/action-log/pages/decisions-page.tsx") },
  { path: "/risks", load: () => import("#web/features/action-log/pages/risks-page.tsx") },
  { path: "/open-requests", load: () => import("#web/features/action-log/pages/open-requests-page.tsx") },
  // The Launch Plan (spec §2): the plan, its milestones, Education, the guided walkthrough, and
  // every learning route, short and nested (one loader per page keeps the first load small).
  { path: "/system-refinement", load: () => import("#web/features/launch-plan/pages/launch-plan-page.tsx") },
  { path: "/launchpad", load: () => import("#web/features/launch-plan/pages/first-milestone-redirect.tsx") },
  { path: "/education", load: () => import("#web/features/launch-plan/pages/education-page.tsx") },
  { path: "/guided-walkthrough", load: () => import("#web/features/launch-plan/pages/guided-walkthrough-page.tsx") },
  ...LEARNING_PAGES,
  // Pages that compose several features live under web/app: Data Setup (connections and the
  // migration workbench) and the provider administrator's page.
  { path: "/data-connection", load: () => import("#web/app/data-setup/data-setup-page.tsx") },
  { path: "/administration", load: () => import("#web/app/administration/administration-page.tsx") },
];

/** Whether some page answers `route` (a navigation item's path). */
export function hasShellPage(route: string, pages: readonly Pick<ShellPage, "path">[] = SHELL_PAGES): boolean {
  return pages.some((page) => matchPath(page.path, route) !== null);
}
