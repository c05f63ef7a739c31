import { ChevronDown, CircleCheck, CircleMinus, Lock, type LucideIcon } from "lucide-react";
import { Fragment, type MouseEvent, type ReactNode, Suspense, lazy, useId, useRef, useState } from "react";
import { NavLink, matchPath, useLocation } from "react-router";
import { LAUNCH_PLAN_EXPANDED_KEY } from "#common/domain/navigation-items";
import { cn } from "#web/lib/cn.ts";
import { lazyModule, useModuleWhenIdle } from "#web/lib/load-when-idle.ts";
import type { NavEntry, NavSectionEntry, ShownNavState } from "./nav-items.ts";

// The Radix tooltip (popper, dismissable layer) loads after the first screen; see LockedEntry.
const tooltip = lazyModule(() => import("./locked-nav-entry-tooltip.tsx"));
const LockedNavEntryTooltip = lazy(async () => ({ default: (await tooltip.load()).LockedNavEntryTooltip }));

const ENTRY_CLASS = cn(
  "flex w-full items-center gap-2 rounded-md px-2 py-2 text-left text-sm",
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]",
);

export type ItemMark = "complete" | "not_applicable";

export interface NavSectionProps {
  section: NavSectionEntry;
  /** How the launchpad pages count: complete or not applicable (none marked when not known). */
  itemMarks?: ReadonlyMap<string, ItemMark>;
  /** Called after following a link (closes the sheet on small screens). */
  onNavigate?: () => void;
  /** An item needing the NDA was chosen: the NDA Required dialog opens instead. */
  onNdaRequired: () => void;
}

/** One navigation section: a link, a locked entry, or a button opening the list of its items. */
export function NavSection({ section, itemMarks, onNavigate, onNdaRequired }: NavSectionProps) {
  const label = <SectionLabel icon={section.icon} label={section.label} />;
  if (section.state.state === "locked") {
    return <LockedEntry state={section.state} onNdaRequired={onNdaRequired}>{label}</LockedEntry>;
  }
  if (section.items.length === 0 && section.route !== null) {
    return (
      <NavEntryLink to={section.route} onNavigate={onNavigate}>
        {label}
      </NavEntryLink>
    );
  }
  return (
    <ExpandableSection section={section} itemMarks={itemMarks} onNavigate={onNavigate} onNdaRequired={onNdaRequired} />
  );
}

function ExpandableSection({ section, itemMarks, onNavigate, onNdaRequired }: NavSectionProps) {
  const { pathname } = useLocation();
  const id = useId();
  const buttonId = `${id}-button`;
  const regionId = `${id}-region`;
  const isLaunchPlan = section.id === "system-refinement";
  // Only the user's own choice is kept; until then the section follows the rules below, so that
  // Launch Plan opens by itself once it unlocks.
  const [chosen, setChosen] = useState<boolean | null>(() => (isLaunchPlan ? readLaunchPlanExpanded() : null));
  const routes = [section.route, ...section.items.map((item) => item.route)].filter((route): route is string => route !== null);
  // A collapsed section still opens on the page the user is on, so they see where they are.
  const holdsCurrentPage = routes.some((route) => matchPath({ path: route, end: false }, pathname) !== null);
  const expanded = chosen ?? (holdsCurrentPage || !section.startsCollapsed);

  function toggle() {
    const next = !expanded;
    setChosen(next);
    if (isLaunchPlan) writeLaunchPlanExpanded(next);
  }

  return (
    <>
      <button
        id={buttonId}
        type="button"
        aria-expanded={expanded}
        aria-controls={regionId}
        onClick={toggle}
        className={cn(ENTRY_CLASS, "font-medium hover:bg-[var(--color-muted)]")}
      >
        <SectionLabel icon={section.icon} label={section.label} />
        <ChevronDown className={cn("ml-auto size-4 transition-transform", !expanded && "-rotate-90")} aria-hidden="true" />
      </button>
      <div id={regionId} role="region" aria-labelledby={buttonId} hidden={!expanded}>
        <ul className="mt-1 space-y-1">
          {section.route !== null ? (
            <li>
              <NavEntryLink to={section.route} onNavigate={onNavigate} nested>
                {section.label}
              </NavEntryLink>
            </li>
          ) : null}
          {section.items.map((item, index) => (
            <Fragment key={item.id}>
              {/* Seen above the plan's milestones, apart from the pages of the same name; heard in each milestone's own name. */}
              {item.context && !section.items[index - 1]?.context ? (
                <li aria-hidden="true" className="px-3 pt-2 pb-1 text-xs font-medium text-[var(--color-muted-foreground)]">
                  Milestones
                </li>
              ) : null}
              <li>
                <NavItemEntry
                  item={item}
                  mark={item.completed ? "complete" : (itemMarks?.get(item.id) ?? null)}
                  onNavigate={onNavigate}
                  onNdaRequired={onNdaRequired}
                />
              </li>
            </Fragment>
          ))}
        </ul>
      </div>
    </>
  );
}

function NavItemEntry({
  item,
  mark,
  onNavigate,
  onNdaRequired,
}: { item: NavEntry; mark: ItemMark | null } & Pick<NavSectionProps, "onNavigate" | "onNdaRequired">) {
  const label = (
    <>
      <span className="min-w-0 truncate">{item.label}</span>
      {item.context ? <span className="sr-only">{` (${item.context})`}</span> : null}
      {mark === "complete" ? (
        <>
          <CircleCheck className="size-4 shrink-0 text-[var(--color-primary)]" aria-hidden="true" />
          <span className="sr-only"> (completed)</span>
        </>
      ) : mark === "not_applicable" ? (
        <>
          <CircleMinus className="size-4 shrink-0 text-[var(--color-muted-foreground)]" aria-hidden="true" />
          <span className="sr-only"> (not applicable)</span>
        </>
      ) : null}
    </>
  );
  if (item.state.state === "locked") {
    return (
      <LockedEntry state={item.state} onNdaRequired={onNdaRequired} nested>
        {label}
      </LockedEntry>
    );
  }
  return (
    <NavEntryLink to={item.route} onNavigate={onNavigate} nested>
      {label}
    </NavEntryLink>
  );
}

function SectionLabel({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 truncate">{label}</span>
    </>
  );
}

function NavEntryLink({ to, onNavigate, nested = false, children }: { to: string; onNavigate?: () => void; nested?: boolean; children: ReactNode }) {
  return (
    <NavLink
      to={to}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(ENTRY_CLASS, nested && "pl-8", "hover:bg-[var(--color-muted)]", isActive && "bg-[var(--color-muted)] font-medium")
      }
    >
      {children}
    </NavLink>
  );
}

/**
 * A locked item or section. Needing the NDA, it opens the NDA Required dialog. Needing the
 * launchpad, it is disabled but stays focusable, its reason in a tooltip on hover and focus.
 */
function LockedEntry({
  state,
  onNdaRequired,
  nested = false,
  children,
}: {
  state: Extract<ShownNavState, { state: "locked" }>;
  onNdaRequired: () => void;
  nested?: boolean;
  children: ReactNode;
}) {
  const lock = <Lock className="ml-auto size-3.5 shrink-0 text-[var(--color-muted-foreground)]" aria-hidden="true" />;
  if (state.requires === "nda") {
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={onNdaRequired}
        className={cn(ENTRY_CLASS, nested && "pl-8", "hover:bg-[var(--color-muted)]")}
      >
        {children}
        {lock}
      </button>
    );
  }
  return (
    <TooltipEntry
      reason={state.reason}
      className={cn(ENTRY_CLASS, nested && "pl-8", "cursor-not-allowed text-[var(--color-muted-foreground)]")}
    >
      {children}
      {lock}
    </TooltipEntry>
  );
}

/**
 * The disabled entry with its reason in a tooltip. Until the tooltip's code is there the entry
 * stands in without it, described by the reason so that assistive technology still has it; hovering
 * or focusing it loads the code at once, and the real entry takes over the focus.
 */
function TooltipEntry({ reason, className, children }: { reason: string; className: string; children: ReactNode }) {
  const standInRef = useRef<HTMLButtonElement>(null);
  const code = useModuleWhenIdle(tooltip, standInRef);
  const reasonId = useId();
  // The pointer over the stand-in when the code arrives: the real entry opens its tooltip at once
  // (Radix would wait for the next pointer move, which a still pointer never makes).
  const [pointerInside, setPointerInside] = useState(false);
  const entryProps = {
    type: "button" as const,
    // aria-disabled rather than disabled: the entry stays focusable, so keyboard users reach the reason.
    "aria-disabled": true,
    onClick: (event: MouseEvent) => event.preventDefault(),
    className,
    children,
  };
  const load = () => void code.load();
  const standIn = (
    <>
      <button
        ref={standInRef}
        {...entryProps}
        aria-describedby={reasonId}
        onPointerEnter={() => {
          setPointerInside(true);
          load();
        }}
        onPointerLeave={() => setPointerInside(false)}
        onFocus={load}
      />
      <span id={reasonId} hidden>
        {reason}
      </span>
    </>
  );
  if (!code.loaded) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LockedNavEntryTooltip entry={<button {...entryProps} />} reason={reason} takeFocus={code.takeFocus} openAtOnce={pointerInside} />
    </Suspense>
  );
}

function readLaunchPlanExpanded(): boolean | null {
  try {
    const stored = window.sessionStorage.getItem(LAUNCH_PLAN_EXPANDED_KEY);
    return stored === "true" ? true : stored === "false" ? false : null;
  } catch {
    return null;
  }
}

function writeLaunchPlanExpanded(expanded: boolean): void {
  try {
    window.sessionStorage.setItem(LAUNCH_PLAN_EXPANDED_KEY, String(expanded));
  } catch {
    // Storage can be unavailable (private modes, quotas): the choice then lasts as long as the page.
  }
}
