import { Spinner } from "#web/components/ui/spinner.tsx";

/** Shown while a page's code loads (spec §2). */
export function PageLoading() {
  return <Spinner label="Loading page..." className="min-h-[50vh]" />;
}
