import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { ReactElement } from "react";
import { RouterProvider, createMemoryRouter } from "react-router";
import type { CurrentUser } from "#common/contracts/account";
import type { ActionLogEntry, ActionLogList, AssigneeList } from "#common/contracts/action-log";
import { ACTION_LOG_TYPE_PREFIXES, ACTION_LOG_TYPES, DEFAULT_TYPE_DEFINITIONS, riskScore } from "#common/domain/action-log";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import ActionLogPage from "#web/features/action-log/pages/action-log-page.tsx";
import DecisionsPage from "#web/features/action-log/pages/decisions-page.tsx";
import IssuesPage from "#web/features/action-log/pages/issues-page.tsx";
import OpenRequestsPage from "#web/features/action-log/pages/open-requests-page.tsx";
import RisksPage from "#web/features/action-log/pages/risks-page.tsx";
import TasksPage from "#web/features/action-log/pages/tasks-page.tsx";

/** Test-only: the action log as the API answers it, and its pages in a memory router. */

export const ACTION_LOG_API = {
  list: "GET /api/action-logs",
  export: "GET /api/action-logs/export",
  assignees: "GET /api/action-logs/assignees",
  types: "GET /api/action-log-types",
  create: "POST /api/action-logs",
  entry: (id: string) => `GET /api/action-logs/${id}`,
  update: (id: string) => `PATCH /api/action-logs/${id}`,
  remove: (id: string) => `DELETE /api/action-logs/${id}`,
  comment: (id: string) => `POST /api/action-logs/${id}/comments`,
} as const;

export const PEOPLE = {
  ana: { id: ANA.id, name: "Ana Lima" },
  ben: { id: "user-2", name: "Ben Ortiz" },
  eve: { id: "user-9", name: "Eve Staff" },
} as const;

export const PHASE = { id: "99999999-4444-4444-8444-000000000001", title: "Data migration" } as const;

export const ASSIGNEES: AssigneeList = {
  members: [
    { ...PEOPLE.ana, email: "ana@acme.example", is_employee: false },
    { ...PEOPLE.ben, email: "ben@acme.example", is_employee: false },
  ],
  employees: [{ ...PEOPLE.eve, email: "eve@provider.example", is_employee: true }],
  phases: [PHASE],
};

export const TYPE_DEFINITIONS = {
  definitions: ACTION_LOG_TYPES.map((type) => ({ action_log_type: type, ...DEFAULT_TYPE_DEFINITIONS[type], fields: [...DEFAULT_TYPE_DEFINITIONS[type].fields], updated_by: null, updated_at: "2030-01-01T09:00:00.000Z" })),
  can_edit: false,
};

let sequence = 0;

/** An entry of `overrides.action_log_type` (a task by default) with the next number and its reference. */
export function entryOf(overrides: Partial<ActionLogEntry> = {}): ActionLogEntry {
  sequence += 1;
  const type = overrides.action_log_type ?? "Task";
  const number = overrides.number ?? sequence;
  const impact = overrides.impact_level ?? "Medium";
  const likelihood = overrides.likelihood ?? null;
  return {
    id: `77777777-4444-4444-8444-${String(sequence).padStart(12, "0")}`,
    number,
    reference: `${ACTION_LOG_TYPE_PREFIXES[type]}-${number}`,
    title: `Entry ${number}`,
    description: null,
    status: "Open",
    priority: "Medium",
    action_log_type: type,
    action_log_category: "System",
    impact_level: impact,
    likelihood,
    risk_score: riskScore(likelihood, impact),
    platform: "Member Portal",
    resolution_notes: null,
    due_date: null,
    is_overdue: false,
    action_log_phase: null,
    assigned_to: null,
    creator: PEOPLE.ana,
    help_type: null,
    source_page: null,
    source_browser: null,
    created_at: "2030-01-10T09:00:00.000Z",
    updated_at: "2030-01-10T09:00:00.000Z",
    resolved_at: null,
    can: { edit: true, delete: true },
    ...overrides,
  };
}

export function listOf(entries: readonly ActionLogEntry[], overrides: Partial<ActionLogList> = {}): ActionLogList {
  return { entries: [...entries], total: entries.length, visible_types: [...ACTION_LOG_TYPES], ...overrides };
}

/** The query of a recorded request's path ("/api/action-logs?page=risks" → its parameters). */
export function queryOf(path: string): URLSearchParams {
  return new URL(path, "http://localhost").searchParams;
}

const PAGES: readonly [string, ReactElement][] = [
  ["/action-log", <ActionLogPage key="all" />],
  ["/tasks", <TasksPage key="tasks" />],
  ["/issues", <IssuesPage key="issues" />],
  ["/decisions", <DecisionsPage key="decisions" />],
  ["/risks", <RisksPage key="risks" />],
  ["/open-requests", <OpenRequestsPage key="open-requests" />],
];

export function testQueryClient(me: CurrentUser = ANA): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(queryKeys.currentUser, me);
  return queryClient;
}

/** The seven list pages in a memory router opened at `path`; returns the router, the query client and a user. */
export function renderActionLogPage(path = "/action-log", me: CurrentUser = ANA) {
  const queryClient = testQueryClient(me);
  const router = createMemoryRouter(
    PAGES.map(([route, element]) => ({ path: route, element })),
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, user };
}

/** Renders `ui` (a dialog) with a fresh query client inside a router; returns a user. */
export function renderWithClient(ui: ReactElement, me: CurrentUser = ANA) {
  const queryClient = testQueryClient(me);
  const router = createMemoryRouter([{ path: "*", element: ui }]);
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, user };
}

/** What axe finds on the page (colour contrast and regions left to the e2e checks). */
export async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false }, region: { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`);
}
