import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { PORTFOLIO_FLAGS, PORTFOLIO_FLAG_LABELS } from "#common/domain/portfolio";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { SearchBox } from "#web/components/search-box.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { formatRelativeTime } from "#web/lib/format-date.ts";
import { portfolioQuery } from "./portfolio-api.ts";
import { PORTFOLIO_COLUMNS, PortfolioTable } from "./portfolio-table.tsx";
import { usePortfolioEvents } from "./use-portfolio-events.ts";
import { type PortfolioFilter, type PortfolioSort, type SortDirection, filterOrganizations, sortOrganizations } from "./portfolio-view.ts";

/** How each column's order reads in the phone's sort menu. */
const ORDER_WORDS: Record<PortfolioSort, Record<SortDirection, string>> = {
  name: { ascending: "A to Z", descending: "Z to A" },
  go_live: { ascending: "soonest first", descending: "latest first" },
  activity: { ascending: "longest idle first", descending: "most recent first" },
  score: { ascending: "lowest first", descending: "highest first" },
  launchpad: { ascending: "lowest first", descending: "highest first" },
  plan: { ascending: "lowest first", descending: "highest first" },
  risks: { ascending: "fewest first", descending: "most first" },
  overdue: { ascending: "fewest first", descending: "most first" },
  help: { ascending: "fewest first", descending: "most first" },
};

const DESCRIPTION = "Every organization's readiness and what needs attention. Choose one to act for it.";

/** /portfolio (employees): every organization, sorted and filtered, one click from acting for it. */
export default function PortfolioPage() {
  const portfolio = useQuery(portfolioQuery);
  usePortfolioEvents();
  const [filter, setFilter] = useState<PortfolioFilter>("all");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<{ by: PortfolioSort; direction: SortDirection }>({ by: "score", direction: "ascending" });
  const rows = portfolio.data?.organizations;
  const shown = useMemo(() => (rows ? sortOrganizations(filterOrganizations(rows, filter, search), sort.by, sort.direction) : []), [rows, filter, search, sort]);

  const toggleSort = (by: PortfolioSort) =>
    setSort((current) => (current.by === by ? { by, direction: current.direction === "ascending" ? "descending" : "ascending" } : { by, direction: by === "name" || by === "go_live" || by === "score" ? "ascending" : "descending" }));

  return (
    <PageFrame title="Portfolio" description={DESCRIPTION}>
      {portfolio.isPending ? (
        <LoadingSkeleton label="Loading the portfolio..." shape="page" />
      ) : portfolio.isError ? (
        <PageError error={portfolio.error} onRetry={() => void portfolio.refetch()} />
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Show">
            {(["all", ...PORTFOLIO_FLAGS] as const).map((option) => {
              const count = option === "all" ? portfolio.data.organizations.length : portfolio.data.organizations.filter((row) => row.flags.includes(option)).length;
              return (
                <Button key={option} size="sm" variant={filter === option ? "default" : "outline"} aria-pressed={filter === option} onClick={() => setFilter(option)}>
                  {option === "all" ? "All" : PORTFOLIO_FLAG_LABELS[option]} ({count})
                </Button>
              );
            })}
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <SearchBox label="Search organizations by name" example="Acme" maxLength={200} value={search} onChange={setSearch} />
            {/* Below sm the table's rows stack as cards and its headings hide: the order is chosen here. */}
            <label className="flex items-center gap-2 text-sm sm:hidden">
              Sort by
              <select
                className="h-9 rounded-md border border-[var(--color-border)] bg-[var(--color-card)] px-2 text-sm"
                value={`${sort.by}:${sort.direction}`}
                onChange={(event) => {
                  const [by, direction] = event.target.value.split(":") as [PortfolioSort, SortDirection];
                  setSort({ by, direction });
                }}
              >
                {PORTFOLIO_COLUMNS.flatMap((column) =>
                  (["ascending", "descending"] as const).map((direction) => (
                    <option key={`${column.sort}:${direction}`} value={`${column.sort}:${direction}`}>
                      {column.label}, {ORDER_WORDS[column.sort][direction]}
                    </option>
                  )),
                )}
              </select>
            </label>
          </div>
          <p className="text-sm text-[var(--color-muted-foreground)]" aria-live="polite">
            {shown.length} of {portfolio.data.organizations.length} organizations · updated {formatRelativeTime(portfolio.data.generated_at)}
          </p>
          {shown.length === 0 ? (
            <p className="text-sm">No organization matches.</p>
          ) : (
            <PortfolioTable rows={shown} sort={sort} onSort={toggleSort} />
          )}
        </div>
      )}
    </PageFrame>
  );
}
