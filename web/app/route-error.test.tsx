import { render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { RouteError, isCodeLoadFailure } from "./route-error.tsx";

function renderFailingRoute(failure: Error) {
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: RouteError,
        children: [
          {
            path: "/team",
            HydrateFallback: () => null,
            lazy: async () => {
              throw failure;
            },
          },
        ],
      },
    ],
    { initialEntries: ["/team"] },
  );
  render(<RouterProvider router={router} />);
}

describe("RouteError", () => {
  it("asks for a reload when a page's code did not download", async () => {
    renderFailingRoute(new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/team-page-Ab12.js"));
    await screen.findByRole("heading", { name: "This page could not be loaded" });
    expect(screen.getByRole("alert").textContent).toContain("Reload to get the latest version");
    screen.getByRole("button", { name: "Reload" });
    expect(screen.getByRole("link", { name: "Go to the portal home" }).getAttribute("href")).toBe("/");
  });

  it("says plainly that something went wrong for any other failure", async () => {
    renderFailingRoute(new Error("boom"));
    await screen.findByRole("heading", { name: "Something went wrong" });
    expect(screen.queryByText(/boom/)).toBeNull();
  });

  it("tells code that did not arrive from other errors, in each browser's words", () => {
    expect(isCodeLoadFailure(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isCodeLoadFailure(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isCodeLoadFailure(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isCodeLoadFailure(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isCodeLoadFailure("Failed to fetch dynamically imported module")).toBe(false);
  });
});
