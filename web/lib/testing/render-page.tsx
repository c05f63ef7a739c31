import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";

/** Test-only: a page rendered with a fresh query client (no retries) inside a router; the client, to fire events at. */
export function renderPage(ui: ReactElement): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

/** The card (a section) whose level-2 heading is `heading`. */
export function cardByHeading(heading: string): HTMLElement {
  const section = screen.getByRole("heading", { name: heading, level: 2 }).closest("section");
  if (!section) throw new Error(`no card ${heading}`);
  return section;
}
