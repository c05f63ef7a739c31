import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { Suspense, lazy, useEffect, useState } from "react";
import type { To } from "react-router";
import { ACTION_LOG_MAX_PAGE_SIZE, ACTION_LOG_PAGE_SIZE, type ActionLogEntry } from "#common/contracts/action-log";
import { ACTION_LOG_MESSAGES, type ActionLogType } from "#common/domain/action-log";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { useDebouncedValue } from "#web/lib/use-debounced-value.ts";
import { type ActionLogListAnswer, actionLogListQuery } from "#web/features/action-log/api/action-log-api.ts";
import { ActionLogBoard } from "./action-log-board.tsx";
import { ActionLogEmptyState } from "./action-log-empty-state.tsx";
import { ActionLogFilters } from "./action-log-filters.tsx";
import { ActionLogPager } from "./action-log-pager.tsx";
import { type ActionLogPageConfig, newEntryLabel } from "./action-log-pages.ts";
import { ActionLogSearch } from "./action-log-search.tsx";
import { ActionLogSortSelect } from "./action-log-sort-select.tsx";
import { ActionLogTable } from "./action-log-table.tsx";
import { ActionLogViewSwitch } from "./action-log-view-switch.tsx";
import { EntryFormDialog } from "./entry-form-dialog.tsx";
import { ExportCsvButton } from "./export-csv-button.tsx";
import { RiskMatrixSection } from "./risk-matrix-section.tsx";
import { type ActionLogAddress, EMPTY_FILTERS, actionLogAddressQuery, filtersOf, isFiltered, nextSort, pageOffset, useActionLogAddress } from "./use-action-log-address.ts";

// The entry's details load with the first entry opened, not with the list.
const EntryDetailSheet = lazy(() => import("./entry-detail-sheet.tsx").then((module) => ({ default: module.EntryDetailSheet })));

/** Typing pauses this long before the search is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * One of the seven list pages (/action-log and the typed pages): the entries as a sortable,
 * filterable, searchable list or as a board by status, everything in the address; New, Export CSV
 * and, on /risks, the risk matrix. `?entry=<id>` opens that entry's details on any of them.
 */
export function ActionLogListPage({ config }: { config: ActionLogPageConfig }) {
  const { address, go } = useActionLogAddress();
  const search = useDebouncedValue(address.q, SEARCH_DEBOUNCE_MS);
  const filters = filtersOf(address, config.page, search);
  const board = address.view === "board";
  const listing = useQuery(
    actionLogListQuery(board ? { ...filters, limit: ACTION_LOG_MAX_PAGE_SIZE } : { ...filters, limit: ACTION_LOG_PAGE_SIZE, offset: pageOffset(address.page) }),
  );
  const [creating, setCreating] = useState(false);
  useFetchFailedToast(listing.isError ? listing.error : null, listing.errorUpdatedAt);

  const data = listing.data;
  const types: readonly ActionLogType[] = config.types ?? data?.visible_types ?? [];
  const entryHref = (entry: ActionLogEntry): To => ({ search: `?${actionLogAddressQuery({ ...address, entry: entry.id })}` });
  const clearAll = () => go({ ...EMPTY_FILTERS });
  const newLabel = newEntryLabel(config);

  const actions = (
    <>
      <ExportCsvButton filters={filters} />
      {types.length > 0 ? (
        <Button type="button" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {newLabel}
        </Button>
      ) : null}
    </>
  );

  return (
    <PageFrame title={config.title} description={config.explanation} actions={actions}>
      {config.page === "risks" ? <RiskMatrixSection onOpen={(entry) => go({ entry: entry.id })} /> : null}
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ActionLogSearch label={`Search ${config.plural}`} value={address.q} onChange={(q) => go({ q }, { replace: true })} />
          <ActionLogViewSwitch view={address.view} onChange={(view) => go({ view })} />
        </div>
        <ActionLogFilters address={address} types={types} showPriority={config.columns.includes("priority")} onChange={(change) => go(change)} />
        {board ? null : <ActionLogSortSelect columns={config.columns} sort={address.sort} dir={address.dir} onChange={(change) => go(change)} />}
        <div aria-busy={listing.isFetching && listing.isPlaceholderData} className="space-y-4">
          {data ? (
            <>
              {listing.isError ? <PageError error={listing.error} onRetry={() => void listing.refetch()} /> : null}
              <Results config={config} data={data} address={address} go={go} entryHref={entryHref} onClear={clearAll} />
            </>
          ) : listing.isError ? (
            <PageError error={listing.error} onRetry={() => void listing.refetch()} />
          ) : (
            <LoadingSkeleton label={`Loading ${config.plural}...`} shape="cards" />
          )}
        </div>
      </div>
      <EntryFormDialog open={creating} onOpenChange={setCreating} defaultType={types[0]} allowedTypes={types} />
      {address.entry ? (
        <Suspense fallback={null}>
          <EntryDetailSheet actionLogId={address.entry} onClose={() => go({ entry: null }, { replace: true })} />
        </Suspense>
      ) : null}
    </PageFrame>
  );
}

function Results({
  config,
  data,
  address,
  go,
  entryHref,
  onClear,
}: {
  config: ActionLogPageConfig;
  data: ActionLogListAnswer;
  address: ActionLogAddress;
  go: (change: Partial<ActionLogAddress>) => void;
  entryHref: (entry: ActionLogEntry) => To;
  onClear: () => void;
}) {
  if (data.total === 0) return <ActionLogEmptyState config={config} filtered={isFiltered(address)} onClear={onClear} />;
  if (address.view === "board") return <ActionLogBoard entries={data.entries} total={data.total} showRisk={config.columns.includes("risk")} entryHref={entryHref} />;
  return (
    <>
      {data.entries.length > 0 ? (
        <ActionLogTable
          label={config.title}
          entries={data.entries}
          columns={config.columns}
          sort={address.sort}
          dir={address.dir}
          onSort={(sort) => go(nextSort(address, sort))}
          entryHref={entryHref}
        />
      ) : (
        <p className="text-sm text-[var(--color-muted-foreground)]">This page is past the last {config.singular}.</p>
      )}
      <ActionLogPager page={address.page} shown={data.entries.length} total={data.total} onPage={(next) => go({ page: next })} />
    </>
  );
}

/** Spec §8: "Failed to fetch action logs" as a toast each time a load fails, with the reason. */
function useFetchFailedToast(error: Error | null, updatedAt: number) {
  useEffect(() => {
    if (!error) return;
    lazyToast.error(ACTION_LOG_MESSAGES.fetchFailed, { id: "action-log-fetch-failed", description: messageOf(error, "The list could not be loaded.") });
  }, [error, updatedAt]);
}
