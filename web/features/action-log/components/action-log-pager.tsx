import { ChevronLeft, ChevronRight } from "lucide-react";
import { ACTION_LOG_PAGE_SIZE } from "#common/contracts/action-log";
import { Button } from "#web/components/ui/button.tsx";

/** "Showing 1–50 of 1,234"; a first number past the total means the page asked is past the end. */
export function showingText(page: number, shown: number, total: number): string {
  const first = (page - 1) * ACTION_LOG_PAGE_SIZE + 1;
  if (shown === 0) return `Showing 0 of ${total.toLocaleString()}`;
  return `Showing ${first.toLocaleString()}–${(first + shown - 1).toLocaleString()} of ${total.toLocaleString()}`;
}

/** Where the list stands, with Previous and Next when there is more than one page. */
export function ActionLogPager({ page, shown, total, onPage }: { page: number; shown: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / ACTION_LOG_PAGE_SIZE));
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-[var(--color-muted-foreground)] tabular-nums" aria-live="polite">
        {showingText(page, shown, total)}
      </p>
      {pages > 1 || page > 1 ? (
        <div className="flex items-center gap-2">
          <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(Math.min(page - 1, pages))}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
