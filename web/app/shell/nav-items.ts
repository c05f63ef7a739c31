import { LayoutDashboard, type LucideIcon, MapIcon, Puzzle, Rocket, Settings, Wrench } from "lucide-react";
import type { Access } from "#common/contracts/access";
import type { NavItemState } from "#common/domain/access";
import { type AccessItemId, NAV_SECTIONS, type NavSectionId } from "#common/domain/navigation-items";

/** A state the menu draws: hidden items are left out before. */
export type ShownNavState = Exclude<NavItemState, { state: "hidden" }>;

export interface NavEntry {
  /** A catalogue item, or a milestone of the plan under Launch Plan. */
  id: AccessItemId | `milestone:${string}`;
  label: string;
  route: string;
  state: ShownNavState;
  /** Checked as done: a completed milestone (the launchpad pages come with their own answer). */
  completed?: boolean;
  /**
   * Read after the label by screen readers only: a milestone may share its name with a launchpad
   * page ("Distribution", "Configuration"), and a list of links out of context must tell them apart.
   */
  context?: string;
}

export interface NavSectionEntry {
  id: NavSectionId;
  label: string;
  icon: LucideIcon;
  /** The section's own page, or null when it has none (yet). */
  route: string | null;
  state: ShownNavState;
  /** Tools and Administration (spec §4). */
  startsCollapsed: boolean;
  /** Empty for a locked section: it does not open. */
  items: NavEntry[];
}

const SECTION_ICONS: Record<NavSectionId, LucideIcon> = {
  dashboard: LayoutDashboard,
  "system-initialization": Rocket,
  "system-refinement": MapIcon,
  tools: Wrench,
  extensions: Puzzle,
  administration: Settings,
};

function shownState(items: Access["items"], id: AccessItemId): ShownNavState | null {
  const state = items[id] as NavItemState | undefined;
  return state && state.state !== "hidden" ? state : null;
}

/** What the navigation needs of a plan milestone (GET /api/launch-plan). */
export interface MilestoneNavFacts {
  id: string;
  title: string;
  status: string;
}

/**
 * The side navigation in spec order (common/domain/navigation-items.ts), as the access answer
 * shows it: hidden items and items whose page does not exist yet are left out, and so is a
 * section left with nothing to open. A locked section stays listed, closed, because its lock
 * tells the user something (Launch Plan: "Complete the launchpad…"). An open Launch Plan lists
 * the plan's `milestones` after its catalogue items, in plan order, checked once completed: the
 * catalogue leaves them to the web, as data.
 */
export function buildNavSections(
  items: Access["items"],
  hasPage: (route: string) => boolean,
  milestones: readonly MilestoneNavFacts[] = [],
): NavSectionEntry[] {
  const sections: NavSectionEntry[] = [];
  for (const section of NAV_SECTIONS) {
    const state = shownState(items, section.id);
    if (!state) continue;
    const base = {
      id: section.id,
      label: section.label,
      icon: SECTION_ICONS[section.id],
      startsCollapsed: section.startsCollapsed,
      state,
    };
    if (state.state === "locked") {
      sections.push({ ...base, route: null, items: [] });
      continue;
    }
    const route = section.route !== null && hasPage(section.route) ? section.route : null;
    const entries: NavEntry[] = [];
    for (const item of section.items) {
      const itemState = shownState(items, item.id);
      if (itemState && hasPage(item.route)) entries.push({ id: item.id, label: item.label, route: item.route, state: itemState });
    }
    if (section.id === "system-refinement") {
      for (const { id, title, status } of milestones) {
        entries.push({ id: `milestone:${id}`, label: title, route: `/milestone/${id}`, state, completed: status === "completed", context: "Launch Plan milestone" });
      }
    }
    if (route !== null || entries.length > 0) sections.push({ ...base, route, items: entries });
  }
  return sections;
}

/** The ERP site link's address, when it is an http(s) address (never a script: URL). */
export function erpSiteHref(erpSiteUrl: string | null): string | null {
  if (!erpSiteUrl) return null;
  try {
    const url = new URL(erpSiteUrl);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
