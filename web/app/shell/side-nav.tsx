import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { Suspense, lazy, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { launchpadQuery } from "#web/features/launchpad/launchpad-query.ts";
import { cn } from "#web/lib/cn.ts";
import { useAccess } from "#web/lib/access-query.ts";
import { callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { buildNavSections, erpSiteHref } from "./nav-items.ts";
import { type ItemMark, NavSection } from "./nav-section.tsx";
import { hasShellPage } from "./shell-pages.ts";

// The dialog (Radix) loads when an item first asks for the NDA, not with every page.
const NdaRequiredDialog = lazy(async () => ({ default: (await import("./nda-required-dialog.tsx")).NdaRequiredDialog }));

/** The side navigation (spec §2, §4), drawn from the server's access answer. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const access = useAccess();
  const navigate = useNavigate();
  const [ndaDialogOpen, setNdaDialogOpen] = useState(false);
  // Once opened it stays mounted, so that closing animates as before.
  const [ndaDialogUsed, setNdaDialogUsed] = useState(false);
  // The plan, for Launch Plan's milestones: under launchPlanQuery's key, so that the plan's pages
  // share the answer, and asked for only while the section is open (the API answers 403 before).
  const plan = useQuery({
    queryKey: queryKeys.launchPlanOverview,
    // The route's contract comes with the request: the shell is in every first screen.
    queryFn: async ({ signal }) => callRoute((await import("#common/contracts/launch-plan")).getLaunchPlanRoute, { signal }),
    enabled: access.data?.items["system-refinement"]?.state === "visible",
  });
  const milestones = plan.data?.milestones;
  const sections = useMemo(
    () => (access.data ? buildNavSections(access.data.items, hasShellPage, milestones) : []),
    [access.data, milestones],
  );
  const erpHref = erpSiteHref(access.data?.erp_site_url ?? null);
  // The launchpad pages' completion marks: asked for only while the Launchpad section is listed.
  const listsLaunchpad = sections.some((section) => section.id === "system-initialization" && section.items.length > 0);
  const launchpad = useQuery({ ...launchpadQuery, enabled: listsLaunchpad });
  const pageMarks = useMemo(
    () =>
      new Map<string, ItemMark>(
        (launchpad.data?.pages ?? []).flatMap((page) => (page.status === "incomplete" ? [] : [[page.id, page.status] as const])),
      ),
    [launchpad.data],
  );

  function signNda() {
    setNdaDialogOpen(false);
    onNavigate?.();
    void navigate("/nda");
  }

  return (
    <>
      <nav aria-label="Main" className="relative flex-1 overflow-y-auto p-4">
        {access.isLoading ? <LoadingSkeleton label="Loading navigation..." shape="navigation" /> : null}
        {access.isError && !access.data ? (
          <div role="alert" className="space-y-2 px-2 text-sm">
            <p>The navigation could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void access.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
        <ul className="space-y-1">
          {sections.map((section) => (
            <li key={section.id}>
              <NavSection
                section={section}
                itemMarks={section.id === "system-initialization" ? pageMarks : undefined}
                onNavigate={onNavigate}
                onNdaRequired={() => {
                  setNdaDialogUsed(true);
                  setNdaDialogOpen(true);
                }}
              />
            </li>
          ))}
          {erpHref ? (
            <li>
              <a
                href={erpHref}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="ERP site (opens in a new tab)"
                className={cn(
                  "flex w-full items-center gap-2 rounded-md px-2 py-2 text-sm hover:bg-[var(--color-muted)]",
                  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]",
                )}
              >
                <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
                ERP site
              </a>
            </li>
          ) : null}
        </ul>
      </nav>
      {ndaDialogUsed ? (
        <Suspense fallback={null}>
          <NdaRequiredDialog open={ndaDialogOpen} onOpenChange={setNdaDialogOpen} onSignNda={signNda} />
        </Suspense>
      ) : null}
    </>
  );
}
