import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { cn } from "#web/lib/cn.ts";

export interface ModuleTab {
  id: string;
  label: string;
  /** Under the label, e.g. "3/8". */
  detail: ReactNode;
}

/** The tab's and its panel's element ids. */
export function moduleTabIds(prefix: string, index: number) {
  return { tab: `${prefix}-tab-${index}`, panel: `${prefix}-panel-${index}` };
}

/**
 * A tab list that wraps onto more lines instead of scrolling sideways (390 px screens): arrows,
 * Home and End move between tabs, which open as they get focus (WAI-ARIA tabs, automatic).
 */
export function ModuleTabs({ label, idPrefix, tabs, selected, onSelect }: { label: string; idPrefix: string; tabs: readonly ModuleTab[]; selected: number; onSelect: (index: number) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1;
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? (selected + 1) % tabs.length
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? (selected + last) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(next);
    buttons.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-2" onKeyDown={move}>
      {tabs.map((tab, index) => {
        const ids = moduleTabIds(idPrefix, index);
        const active = index === selected;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={active}
            aria-controls={ids.panel}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(index)}
            className={cn(
              "flex min-w-0 max-w-full flex-col items-start rounded-md border px-3 py-1.5 text-left text-sm",
              "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]",
              active
                ? "border-[var(--color-primary)] bg-[var(--color-primary)] text-[var(--color-primary-foreground)]"
                : "border-[var(--color-border)] hover:bg-[var(--color-muted)]",
            )}
          >
            <span className="max-w-full font-medium break-words">{tab.label}</span>
            <span className={cn("text-xs", active ? "" : "text-[var(--color-muted-foreground)]")}>{tab.detail}</span>
          </button>
        );
      })}
    </div>
  );
}
