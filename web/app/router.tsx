import type { ComponentType } from "react";
import { createBrowserRouter } from "react-router";
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
    // "/" opens the Launch Plan once it is open to the user, else the dashboard (spec §2). Lazy,
    // like a page: it reads the access answer, which the signed-out screens never load.
    { index: true, lazy: lazyPage(() => import("./home-redirect.tsx")) },
    // The pages are listed in shell/shell-pages.ts, which the navigation reads too.
    ...SHELL_PAGES.map((page) => ({ path: page.path, lazy: lazyPage(page.load) })),
    { path: "*", lazy: lazyPage(() => import("./not-found-page.tsx")) },
  ],
};

/** The route around every signed-in screen (the session guard). */
export const SIGNED_IN_ROUTE_ID = "signed-in";

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
            id: SIGNED_IN_ROUTE_ID,
            // The session guard, the acting organization, the shell and the access guard are one
            // chunk (signed-in-routes.ts), loaded beside the first signed-in page (React Router
            // loads a match's lazy routes side by side), never on /auth.
            lazy: async () => ({ Component: (await import("./signed-in-routes.ts")).RequireSession }),
            HydrateFallback: PageLoading,
            children: [
              {
                // The shell: header and navigation (its menus load when the browser is idle).
                lazy: async () => ({ Component: (await import("./signed-in-routes.ts")).AppShell }),
                children: [
                  {
                    // Every guarded path is checked here, before its page or the not-found page. It
                    // loads with the shell, so the public screens do not download the access rules.
                    lazy: async () => ({ Component: (await import("./signed-in-routes.ts")).RequireAccess }),
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
