import { type ComponentProps, type KeyboardEvent, createContext, useContext, useId, useRef } from "react";
import { cn } from "#web/lib/cn.ts";

/**
 * Tabs as the WAI-ARIA tabs pattern describes them: a tablist of tabs, each controlling its
 * panel; arrow keys, Home and End move between tabs and select them (automatic activation), Tab
 * leaves the list for the panel. Every panel stays mounted (hidden when not selected), so what
 * was typed in one survives a look at another, and each tab's aria-controls names a real element.
 */
interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("Tabs parts must stand inside <Tabs>");
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

export function Tabs({
  value,
  onValueChange,
  className,
  children,
  ...props
}: Omit<ComponentProps<"div">, "onChange"> & { value: string; onValueChange: (value: string) => void }) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, select: onValueChange, baseId }}>
      <div className={cn("space-y-4", className)} {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** Give it an aria-label (or aria-labelledby) saying what the tabs choose between. */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  const list = useRef<HTMLDivElement>(null);
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const tabs = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? [])];
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0 || tabs.length === 0) return;
    const next =
      event.key === "ArrowRight" ? (current + 1) % tabs.length
      : event.key === "ArrowLeft" ? (current - 1 + tabs.length) % tabs.length
      : event.key === "Home" ? 0
      : event.key === "End" ? tabs.length - 1
      : -1;
    if (next < 0) return;
    event.preventDefault();
    tabs[next]?.focus();
    tabs[next]?.click();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-orientation="horizontal"
      className={cn("inline-flex w-full items-center gap-1 rounded-lg bg-[var(--color-muted)] p-1", className)}
      onKeyDown={moveFocus}
      {...props}
    />
  );
}

export function TabsTrigger({ value, className, onClick, ...props }: Omit<ComponentProps<"button">, "value"> & { value: string }) {
  const { value: selected, select, baseId } = useTabs();
  const active = value === selected;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(baseId, value)}
      aria-controls={panelId(baseId, value)}
      aria-selected={active}
      tabIndex={active ? 0 : -1}
      data-state={active ? "active" : "inactive"}
      className={cn(
        "inline-flex min-h-8 flex-1 items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
        "text-[var(--color-muted-foreground)] hover:text-[var(--color-foreground)]",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)] disabled:pointer-events-none disabled:opacity-50",
        "data-[state=active]:bg-[var(--color-card)] data-[state=active]:text-[var(--color-foreground)] data-[state=active]:shadow-sm",
        "[&_svg]:size-4 [&_svg]:shrink-0",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: ComponentProps<"div"> & { value: string }) {
  const { value: selected, baseId } = useTabs();
  const active = value === selected;
  return (
    <div
      role="tabpanel"
      id={panelId(baseId, value)}
      aria-labelledby={tabId(baseId, value)}
      hidden={!active}
      tabIndex={0}
      className={cn("focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)] rounded-md", className)}
      {...props}
    />
  );
}
