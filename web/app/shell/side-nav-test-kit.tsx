import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import type { Access } from "#common/contracts/access";
import type { Launchpad } from "#common/contracts/launchpad";
import { LAUNCHPAD_PAGES } from "#common/domain/launchpad";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { ANA } from "#web/lib/testing/current-user.tsx";
import { SideNav } from "./side-nav.tsx";

// Shared by the side navigation's tests (side-nav*.test.tsx).

export function renderNav(access: Access, { at = "/somewhere", isEmployee = access.is_employee } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(queryKeys.currentUser, { ...ANA, is_employee: isEmployee });
  queryClient.setQueryData(queryKeys.access, access);
  const router = createMemoryRouter(
    [
      { path: "/nda", element: <p>NDA page</p> },
      { path: "*", element: <SideNav /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The region a section's button controls (collapsed regions are hidden, so found by id). */
export function sectionRegion(name: string): HTMLElement {
  const region = document.getElementById(sectionButton(name).getAttribute("aria-controls") ?? "");
  if (!region) throw new Error(`no region for ${name}`);
  return region;
}

/** The entries listed in a section, shown or not, by visible text. */
export function sectionEntries(name: string): string[] {
  return [...sectionRegion(name).querySelectorAll("li:not([aria-hidden]) > :first-child")].map((element) => element.textContent ?? "");
}

export function sectionButton(name: string) {
  return screen.getByRole("button", { name });
}

/** The launchpad answer with these pages completed. */
export function launchpadWith(completed: string[]): Launchpad {
  return {
    pages: LAUNCHPAD_PAGES.map((page) => ({
      ...page,
      is_completed: completed.includes(page.id),
      status: completed.includes(page.id) ? "complete" : "incomplete",
      not_applicable_reason: null,
      completed_at: completed.includes(page.id) ? "2030-01-01T00:00:00.000Z" : null,
      data_snapshot: null,
      updated_at: null,
    })),
    page_percent: completed.length * 10,
    flag_percent: 0,
    flags: { nda_signed: false, estimate_exists: false, data_connection_exists: false, configuration_submitted: false },
    trial_enabled: false,
  };
}

