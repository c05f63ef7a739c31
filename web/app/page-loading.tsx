import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";

/** Shown while a page's code, the session or the acting organization loads (spec §2). */
export function PageLoading() {
  return <LoadingSkeleton label="Loading page..." shape="page" />;
}
