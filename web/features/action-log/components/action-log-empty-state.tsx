import { ClipboardList, SearchX } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { type ActionLogPageConfig, newEntryLabel } from "./action-log-pages.ts";

/** Nothing logged yet (and how to start), or nothing matching the filters (and a way back). */
export function ActionLogEmptyState({ config, filtered, onClear }: { config: ActionLogPageConfig; filtered: boolean; onClear: () => void }) {
  const Icon = filtered ? SearchX : ClipboardList;
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-[var(--color-border)] px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-10 text-[var(--color-muted-foreground)]" />
      <p className="font-medium">{filtered ? `No ${config.plural} match` : `No ${config.plural} yet.`}</p>
      <p className="max-w-sm text-sm text-[var(--color-muted-foreground)]">
        {filtered ? "Try other filters or words, or clear them to see everything." : `Log the first one with ${newEntryLabel(config)}.`}
      </p>
      {filtered ? (
        <Button type="button" variant="outline" size="sm" onClick={onClear}>
          Clear search and filters
        </Button>
      ) : null}
    </div>
  );
}
