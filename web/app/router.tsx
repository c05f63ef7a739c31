import type { ComponentType } from "react";
import { Navigate, createBrowserRouter } from "react-router";
import { PageLoading } from "./page-loading.tsx";
import { RouteError } from "./route-error.tsx";
import { SHELL_PAGES } from "./shell/shell-pages.ts";

/** Every page is its own chunk, loaded when first visited. */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

/** The signed-out screens (spec §2). */
const publicRoutes = [
  { path: "/auth", HydrateFallback: PageLoading, lazy: lazyPage(() => import("#web/features/auth/pages/sign-in-page.tsx")) },
  // /verify-otp and /verify are the same one-time-code screen.
  { path: "/verify-otp", HydrateFallback: PageLoading, lazy: lazyPage(() => import("#web/features/auth/pages/verify-code-page.tsx")) },
  { path: "/verify", HydrateFallback: PageLoading, lazy: lazyPage(() => import("#web/features/auth/pages/verify-code-page.tsx")) },
  { path: "/oauth/callback", HydrateFallback: PageLoading, lazy: lazyPage(() => import("#web/features/auth/pages/oauth-callback-page.tsx")) },
  {
    // Signed in: change the password. With an invitation link: set the first password.
    path: "/change-password",
    HydrateFallback: PageLoading,
    lazy: lazyPage(() => import("#web/features/account/change-password-page.tsx")),
  },
];

/** The pages inside the shell, behind the route guard; a page that fails keeps the shell around it. */
const shellPages = {
  ErrorBoundary: RouteError,
  children: [
    // The dashboard is the first page after sign-in; the launch-plan issue will point the index at
    // /system-refinement (spec §2).
    { index: true, element: <Navigate to="/dashboard" replace /> },
    // The pages are listed in shell/shell-pages.ts, which the navigation reads too.
    ...SHELL_PAGES.map((page) => ({ path: page.path, lazy: lazyPage(page.load) })),
    { path: "*", lazy: lazyPage(() => import("./not-found-page.tsx")) },
  ],
};

export function createAppRouter(basename: string) {
  return createBrowserRouter(
    [
      {
        // A page, the shell or a piece they load that fails shows RouteError, never React
        // Router's developer screen.
        ErrorBoundary: RouteError,
        children: [
          ...publicRoutes,
          {
            // The session guard, the acting organization and the realtime stream load with the
            // first signed-in page (React Router loads a match's lazy routes side by side), not on /auth.
            lazy: async () => ({ Component: (await import("./require-session.tsx")).RequireSession }),
            HydrateFallback: PageLoading,
            children: [
              {
                // The shell (header, navigation, menus) is a chunk of its own: /auth does not load it.
                lazy: async () => ({ Component: (await import("./shell/app-shell.tsx")).AppShell }),
                children: [
                  {
                    // Every guarded path is checked here, before its page or the not-found page. It
                    // loads with the shell, so the public screens do not download the access rules.
                    lazy: async () => ({ Component: (await import("./guards/require-access.tsx")).RequireAccess }),
                    children: [shellPages],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
    { basename },
  );
}
