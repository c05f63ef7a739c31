import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type Launchpad,
  type SavedLaunchpadPage,
  clearPageNotApplicableRoute,
  markPageNotApplicableRoute,
  recalculateLaunchpadRoute,
  saveLaunchpadPageRoute,
} from "#common/contracts/launchpad";
import type { AnswerablePageId } from "#common/contracts/launchpad-pages";
import { type RouteBody, callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";

export { launchpadQuery } from "./launchpad-query.ts";

/** What a launchpad change makes out of date, as for the realtime launchpadChanged event. */
const LAUNCHPAD_DEPENDENT_KEYS = [queryKeys.launchpad, queryKeys.dashboard, queryKeys.access];

/** The saved page and readings replace the cached ones, so badges and percentages move at once. */
function withSavedPage(launchpad: Launchpad | undefined, saved: SavedLaunchpadPage): Launchpad | undefined {
  if (!launchpad) return launchpad;
  return {
    ...launchpad,
    pages: launchpad.pages.map((page) => (page.id === saved.page.id ? saved.page : page)),
    page_percent: saved.summary.page_percent,
    flag_percent: saved.summary.flag_percent,
  };
}

/**
 * Saves one page's answers. Marking it complete follows spec §4: the cache shows the page done at
 * once, then a forced recalculation runs; afterwards everything a launchpad change touches
 * (readings, dashboard, the access rules that read the business aspects) refetches.
 */
export function useSaveLaunchpadPage(pageId: AnswerablePageId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof saveLaunchpadPageRoute>) => callRoute(saveLaunchpadPageRoute, { params: { pageId }, body }),
    onSuccess: (saved, body) => {
      queryClient.setQueryData<Launchpad>(queryKeys.launchpad, (launchpad) => withSavedPage(launchpad, saved));
      // Not awaited: the save is done and reported; the readings follow when they are ready.
      void (body.mode === "complete" ? forceRecalculation() : Promise.resolve()).then(() =>
        Promise.all(LAUNCHPAD_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
      );
    },
  });
}

/**
 * Answers an aspect page "This does not apply to us" with a reason (`reason` set) or withdraws
 * that answer (`reason` null); the page and the readings follow as after a save.
 */
export function useSetPageNotApplicable(pageId: AnswerablePageId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string | null) =>
      reason === null
        ? callRoute(clearPageNotApplicableRoute, { params: { pageId } })
        : callRoute(markPageNotApplicableRoute, { params: { pageId }, body: { reason } }),
    onSuccess: (saved) => {
      queryClient.setQueryData<Launchpad>(queryKeys.launchpad, (launchpad) => withSavedPage(launchpad, saved));
      void Promise.all(LAUNCHPAD_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

function forceRecalculation() {
  // The save already recalculated on the server; a failure here leaves the readings as the save
  // returned them, which the refetch that follows shows anyway.
  return callRoute(recalculateLaunchpadRoute, { body: { force: true } }).catch(() => undefined);
}
