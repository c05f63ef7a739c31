import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { RouterProvider, createMemoryRouter, useLocation } from "react-router";

/** Shows where navigation led, so tests can read it. */
function LandedOn() {
  const location = useLocation();
  return <p data-testid="landed-on">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Test helper: renders `element` at `path` in a memory router opened at `url`; any other path
 * shows where navigation led. Returns the router (to read its
 * location) with the query client attached.
 */
export function renderAtRoute(element: ReactElement, { path, url, basename }: { path: string; url: string; basename?: string }) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: "*", element: <LandedOn /> },
    ],
    { initialEntries: [basename ? `${basename}${url}` : url], ...(basename ? { basename } : {}) },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return Object.assign(router, { queryClient });
}

/** The path and query the router is at (without the base path). */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
