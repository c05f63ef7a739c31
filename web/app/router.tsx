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
      // Public screens (spec §2).
      { path: "/auth", HydrateFallback: PageLoading, lazy: lazyPage(() => import("#web/features/auth/sign-in-page.tsx")) },
      // /verify-otp and /verify are the same one-time-code screen.
      { path: "/verify-otp", HydrateFallback: PageLoading, lazy: lazyPage(() => import("#web/features/auth/verify-code-page.tsx")) },
      { path: "/verify", HydrateFallback: PageLoading, lazy: lazyPage(() => import("#web/features/auth/verify-code-page.tsx")) },
      {
        path: "/oauth/callback",
        HydrateFallback: PageLoading,
        lazy: lazyPage(() => import("#web/features/auth/oauth-callback-page.tsx")),
      },
      {
        // Signed in: change the password. With an invitation link: set the first password.
        path: "/change-password",
        HydrateFallback: PageLoading,
        lazy: lazyPage(() => import("#web/features/account/change-password-page.tsx")),
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
              { path: "team", lazy: lazyPage(() => import("#web/features/team/team-page.tsx")) },
              { path: "*", lazy: lazyPage(() => import("./not-found-page.tsx")) },
            ],
          },
        ],
      },
    ],
    { basename },
  );
}
