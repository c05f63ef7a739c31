import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { Link, Outlet, RouterProvider, createMemoryRouter } from "react-router";
import type { Configuration, ConfigurationModule, ConfigurationQuestion } from "#common/contracts/configuration";
import ConfigurationPage from "./configuration-page.tsx";

/** Test-only: questionnaire answers and the page rendering the configuration page tests share. */

export function questionOf(overrides: Partial<ConfigurationQuestion> & Pick<ConfigurationQuestion, "key" | "kind">): ConfigurationQuestion {
  return { prompt: `Prompt of ${overrides.key}`, help: null, options: [], required: true, answer: null, version: null, saved_at: null, answered_in: null, ...overrides };
}

/** A module with its counts and verdicts worked out from its questions, as the server would. */
export function moduleOf(module: string, questions: ConfigurationQuestion[], state: { submitted?: boolean; employee?: boolean } = {}): ConfigurationModule {
  const required = questions.filter((question) => question.required);
  const requiredAnswered = required.filter((question) => question.answer !== null).length;
  const submitted = state.submitted ?? false;
  return {
    module,
    submitted: submitted ? { at: "2030-03-04T10:00:00.000Z", by_name: "Ana Lima" } : null,
    reopened: null,
    answered: questions.filter((question) => question.answer !== null).length,
    required_total: required.length,
    required_answered: requiredAnswered,
    questions,
    can_submit: !submitted && requiredAnswered === required.length,
    can_edit: !submitted,
    can_reopen: (state.employee ?? false) && submitted,
  };
}

export const FINANCIALS_QUESTIONS: ConfigurationQuestion[] = [
  questionOf({ key: "fin-number-of-companies", kind: "number", prompt: "How many companies?", help: "Each legal entity counts.", answer: 2, version: 1, saved_at: "2030-03-01T09:00:00.000Z" }),
  questionOf({ key: "fin-branches", kind: "text", prompt: "Which branches?", required: false }),
  questionOf({ key: "fin-multi-currency", kind: "yes_no", prompt: "Multi-currency?" }),
  questionOf({ key: "fin-subaccount-segments", kind: "multiple_choice", prompt: "Dimensions", options: ["Department", "Project", "Region"] }),
];

export const GENERAL_QUESTIONS: ConfigurationQuestion[] = [
  questionOf({ key: "gen-target-go-live-date", kind: "date", prompt: "Target go-live date" }),
  questionOf({ key: "gen-readiness", kind: "single_choice", prompt: "Readiness", options: ["Ready", "Not ready"], answer: "Ready", version: 1, saved_at: "2030-03-01T09:00:00.000Z" }),
];

export function configurationAnswer(modules: ConfigurationModule[], employee = false): Configuration {
  return { modules, can_export: employee, export_file_name: employee ? "configuration-acme-2030-03-05.csv" : null };
}

/** Renders the page at /configuration in a data router (the unsaved-changes guard needs one) beside a "Leave" link. */
export function renderConfigurationPage() {
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
          { path: "/configuration", element: <ConfigurationPage /> },
          { path: "/elsewhere", element: <h1>Elsewhere</h1> },
        ],
      },
    ],
    { initialEntries: ["/configuration"] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}
