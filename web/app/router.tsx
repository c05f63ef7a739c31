import type { ComponentType } from "react";
import { Navigate, createBrowserRouter } from "react-router";
import { PageLoading } from "./page-loading.tsx";
import { RequireSession } from "./require-session.tsx";

/** Every page is its own chunk, loaded when first visited. */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

export function createAppRouter(basename: string) {
  return createBrowserRouter(
    [
      {
        path: "/auth",
        HydrateFallback: PageLoading,
        lazy: lazyPage(() => import("#web/features/auth/sign-in-page.tsx")),
      },
      {
        element: <RequireSession />,
        HydrateFallback: PageLoading,
        children: [
          {
            // The shell (header, navigation, menus) is a chunk of its own: /auth does not load it.
            lazy: async () => ({ Component: (await import("./shell/app-shell.tsx")).AppShell }),
            children: [
              // The launch-plan issue points the index at /system-refinement (spec §2).
              { index: true, element: <Navigate to="/company" replace /> },
              { path: "company", lazy: lazyPage(() => import("#web/features/organizations/company-page.tsx")) },
              { path: "*", lazy: lazyPage(() => import("./not-found-page.tsx")) },
            ],
          },
        ],
      },
    ],
    { basename },
  );
}
