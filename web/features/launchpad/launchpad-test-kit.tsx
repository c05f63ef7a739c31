import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { Link, Outlet, RouterProvider, createMemoryRouter } from "react-router";
import type { Launchpad, LaunchpadPageState, SavedLaunchpadPage } from "#common/contracts/launchpad";
import { LAUNCHPAD_PAGES, type LaunchpadPageId, findLaunchpadPage } from "#common/domain/launchpad";

/** Test-only: the launchpad answers and the page rendering the launchpad page tests share. */

type PageOverrides = Partial<Record<LaunchpadPageId, Partial<LaunchpadPageState>>>;

export function pageState(id: LaunchpadPageId, overrides: Partial<LaunchpadPageState> = {}): LaunchpadPageState {
  const page = findLaunchpadPage(id);
  if (!page) throw new Error(`unknown page ${id}`);
  const state: LaunchpadPageState = {
    id,
    label: page.label,
    route: page.route,
    is_completed: false,
    status: "incomplete",
    not_applicable_reason: null,
    completed_at: null,
    data_snapshot: null,
    updated_at: null,
    ...overrides,
  };
  // A page completed without an explicit status reads as complete, as the server answers it.
  return overrides.status === undefined && state.is_completed ? { ...state, status: "complete" } : state;
}

/** GET /api/launchpad with every page not started unless overridden. */
export function launchpadAnswer(overrides: PageOverrides = {}): Launchpad {
  return {
    pages: LAUNCHPAD_PAGES.map((page) => pageState(page.id, overrides[page.id])),
    page_percent: 0,
    flag_percent: 0,
    flags: { nda_signed: false, estimate_exists: false, data_connection_exists: false, configuration_submitted: false },
    trial_enabled: false,
  };
}

/** What PUT /api/launchpad/pages/:pageId answers: the page as saved and the new readings. */
export function savedPageAnswer(id: LaunchpadPageId, snapshot: unknown, completed: boolean): SavedLaunchpadPage {
  const at = "2030-01-02T09:30:00.000Z";
  return {
    page: pageState(id, { is_completed: completed, completed_at: completed ? at : null, data_snapshot: snapshot, updated_at: at }),
    summary: { page_percent: completed ? 10 : 0, flag_percent: 0, recalculated_at: at },
  };
}

/**
 * Fake-API answers that behave like the server for one page: GET /api/launchpad answers the
 * current state, and a PUT for `pageId` saves its answers into it (a draft keeps a completed page
 * completed).
 */
export function launchpadRoutes(pageId: LaunchpadPageId, initial: Launchpad = launchpadAnswer()) {
  let current = initial;
  return {
    "GET /api/launchpad": () => ({ body: current }),
    [`PUT /api/launchpad/pages/${pageId}`]: ({ body }: { body: unknown }) => {
      const { mode, answers } = body as { mode: string; answers: unknown };
      const wasCompleted = current.pages.some((page) => page.id === pageId && page.is_completed);
      const saved = savedPageAnswer(pageId, answers, mode === "complete" || wasCompleted);
      current = {
        ...current,
        pages: current.pages.map((page) => (page.id === pageId ? saved.page : page)),
        page_percent: saved.summary.page_percent,
      };
      return { body: saved };
    },
  };
}

/**
 * Renders `Page` at `path` in a data router (the unsaved-changes guard needs one) beside a
 * "Leave" link to /elsewhere; returns the query client and the router.
 */
export function renderLaunchpadPage(Page: ComponentType, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Link to="/elsewhere">Leave</Link>
            <Outlet />
          </>
        ),
        children: [
          { path, element: <Page /> },
          { path: "/elsewhere", element: <h1>Elsewhere</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}
