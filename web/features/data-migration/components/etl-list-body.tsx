import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { PageError } from "#web/components/page-error.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ListCount } from "./etl-filters.tsx";
import { RefreshFailedNote } from "./refresh-failed-note.tsx";

/**
 * The body of an ETL list under its filters: the count, the rows (or "none match") once loaded,
 * the load failure with a retry, or the spinner. A failed refresh (the lists refresh every 30
 * seconds) keeps the list on screen with a note.
 */
export function EtlListBody<T extends { total: number }>({
  query,
  rowsOf,
  noun,
  children,
}: {
  query: UseQueryResult<T>;
  rowsOf: (answer: T) => readonly unknown[];
  /** Singular and plural, e.g. ["dataset", "datasets"]. */
  noun: [string, string];
  /** The table of the loaded rows; shown when at least one row matches. */
  children: (answer: T) => ReactNode;
}) {
  const retry = () => void query.refetch();
  if (!query.data) {
    return query.isError ? <PageError error={query.error} onRetry={retry} /> : <Spinner label={`Loading ${noun[1]}…`} />;
  }
  const shown = rowsOf(query.data).length;
  return (
    <>
      {query.isError ? <RefreshFailedNote error={query.error} onRetry={retry} /> : null}
      <ListCount shown={shown} total={query.data.total} noun={noun} updating={query.isPlaceholderData} />
      {shown === 0 ? <p className="text-sm">No {noun[1]} match these filters.</p> : children(query.data)}
    </>
  );
}
