import { useQuery } from "@tanstack/react-query";
import { Suspense, lazy, useState } from "react";
import { Outlet, useNavigation } from "react-router";
import { currentUserQuery } from "#web/lib/current-user-query.ts";
import { useSelectedOrganizationId } from "#web/lib/selected-organization.ts";
import { PageLoading } from "../page-loading.tsx";
import { AppHeader } from "./app-header.tsx";
import { SideNav } from "./side-nav.tsx";

// Loaded when needed, not with every page: the narrow-screen navigation panel (Radix dialog) on
// its first opening, and the empty state (a form) for an employee without any organization.
const NavigationSheet = lazy(() => import("./navigation-sheet.tsx"));
const NoOrganization = lazy(async () => ({ default: (await import("./no-organization.tsx")).NoOrganization }));

/** Header and left navigation around every signed-in page. */
export function AppShell() {
  const navigation = useNavigation();
  const [navigationOpen, setNavigationOpen] = useState(false);
  const [navigationUsed, setNavigationUsed] = useState(false);
  const me = useQuery(currentUserQuery);
  const selectedId = useSelectedOrganizationId();
  // The session guard renders the shell only once /api/me has answered.
  const email = me.data?.email ?? "";
  // Only an employee with no organization at all gets here without one (see ActingOrganization).
  const withoutOrganization = me.data?.is_employee === true && selectedId === null;

  return (
    <div className="flex h-full">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-[var(--color-card)] focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <aside className="hidden w-64 shrink-0 flex-col border-r border-[var(--color-border)] lg:flex">
        <p className="flex h-14 items-center px-6 font-semibold">Member Portal</p>
        <SideNav />
      </aside>
      {navigationUsed ? (
        <Suspense fallback={null}>
          <NavigationSheet open={navigationOpen} onOpenChange={setNavigationOpen} />
        </Suspense>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader email={email} onOpenNavigation={() => {
            setNavigationUsed(true);
            setNavigationOpen(true);
          }} />
        {/* relative: screen-reader-only text far down the page is placed within the scrolling main, not past the window's end */}
        <main id="main-content" className="relative flex-1 overflow-y-auto p-4 sm:p-6 lg:p-8">
          {withoutOrganization ? (
            <Suspense fallback={<PageLoading />}>
              <NoOrganization />
            </Suspense>
          ) : navigation.state === "loading" ? <PageLoading /> : <Outlet />}
        </main>
      </div>
    </div>
  );
}
