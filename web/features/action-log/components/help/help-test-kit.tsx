import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { expect } from "vitest";
import type { CurrentUser } from "#common/contracts/account";
import type { ActionLogEntry } from "#common/contracts/action-log";
import { HELP_SAVED_MESSAGES, type HelpType, actionLogTypeForHelp } from "#common/domain/action-log";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import type { FakeAnswer } from "#web/lib/testing/fake-api.ts";
import { GetHelpButton } from "./get-help-button.tsx";

/** Test-only: action log entries as the API answers them, the Get Help button on a page, and axe. */

export const HELP_API = { create: "POST /api/help-requests", inbox: "GET /api/help-inbox" } as const;

let sequence = 0;
const nextId = () => `88888888-4444-4444-8444-${String((sequence += 1)).padStart(12, "0")}`;

export function actionLogEntry(overrides: Partial<ActionLogEntry> = {}): ActionLogEntry {
  const number = (sequence % 90) + 1;
  return {
    id: nextId(),
    number,
    reference: `HELP-${number}`,
    title: "Cannot post invoices",
    description: null,
    status: "Open",
    priority: "Medium",
    action_log_type: "Question / Request for Help",
    action_log_category: "System",
    impact_level: "Medium",
    likelihood: null,
    risk_score: null,
    platform: "Member Portal",
    resolution_notes: null,
    due_date: null,
    is_overdue: false,
    action_log_phase: null,
    assigned_to: null,
    creator: { id: ANA.id, name: "Ana Lima" },
    help_type: "question",
    source_page: "/dashboard",
    source_browser: "jsdom",
    created_at: "2030-01-10T09:00:00.000Z",
    updated_at: "2030-01-10T09:00:00.000Z",
    resolved_at: null,
    can: { edit: true, delete: true },
    ...overrides,
  };
}

/** The server's answer to a help request: the entry of its kind and the message of its type. */
export const answerHelpRequest =
  (failedAttachmentIds: string[] = []): FakeAnswer =>
  (request) => {
    const body = request.body as { help_type: HelpType; title: string };
    const entry = actionLogEntry({ title: body.title, help_type: body.help_type, action_log_type: actionLogTypeForHelp(body.help_type) });
    return { status: 201, body: { entry, message: HELP_SAVED_MESSAGES[body.help_type], failed_attachment_ids: failedAttachmentIds } };
  };

/** Renders `ui` at `path` (with its own routes) and a fresh query client holding `me`; returns a user. */
export function renderAt(ui: ReactElement, { path = "/dashboard", me = ANA, routes = [] }: { path?: string; me?: CurrentUser; routes?: readonly [string, ReactElement][] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.currentUser, me);
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {routes.map(([routePath, element]) => (
            <Route key={routePath} path={routePath} element={element} />
          ))}
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, queryClient };
}

/**
 * Imports the dialog's lazy code (and the capture engine) ahead: for a file's beforeAll, so that
 * its first test does not pay for them inside its own time limit in a busy worker.
 */
export async function loadGetHelpCode(): Promise<void> {
  await Promise.all([import("./get-help-dialog.tsx"), import("#web/lib/capture/capture-engine.ts")]);
}

/** The header's button on a page at `path`, pressed: the dialog's code loads, then it opens. */
export async function openGetHelp(path = "/milestone/42?tab=courses") {
  const rendered = renderAt(<GetHelpButton enabled />, { path });
  await rendered.user.click(screen.getByRole("button", { name: "Get Help" }));
  // The dialog is a lazy chunk: its first import in a busy worker may take a while.
  const dialog = await screen.findByRole("dialog", { name: "Get Expert Help" }, { timeout: 5000 });
  return { ...rendered, dialog };
}

export function titleInput(): HTMLInputElement {
  return screen.getByRole("textbox", { name: "Title" }) as HTMLInputElement;
}

/** What axe finds without layout (colour contrast and landmarks need a real page). */
export async function expectNoAxeViolations(): Promise<void> {
  const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false }, region: { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`)).toEqual([]);
}
