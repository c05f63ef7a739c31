import { LAUNCHPAD_PAGE_IDS, LAUNCHPAD_PAGES } from "./launchpad.ts";

/**
 * The navigation catalogue (spec §2): sections in order, their items, and the item each in-app
 * path belongs to. Who sees what is decided in access.ts.
 */

/** Sections are gating items too (spec §2 lists system-initialization, extensions, administration…). */
export const NAV_SECTION_IDS = [
  "dashboard",
  "system-initialization",
  "system-refinement",
  "tools",
  "extensions",
  "administration",
] as const;
export type NavSectionId = (typeof NAV_SECTION_IDS)[number];

const LAUNCH_PLAN_ITEM_IDS = ["configuration", "education"] as const;
export const TOOL_ITEM_IDS = ["action-log", "tasks", "issues", "decisions", "risks", "open-requests", "content"] as const;
const EXTENSION_ITEM_IDS = ["decision-maker-dashboard", "ap-automation", "container-management"] as const;
const ADMINISTRATION_ITEM_IDS = ["company", "team", "plans", "trial-status", "acumatica-settings", "etl-admin"] as const;

/**
 * Gated pages with no place in the side navigation. `administration-page` is the provider
 * administrator's /administration page; it is kept apart from the `administration` section so
 * that excluding the section for an organization never touches it.
 */
export const OFF_MENU_ITEM_IDS = [
  "organization",
  "support",
  "pricing-deployment",
  "guided-walkthrough",
  "administration-page",
  "help-inbox",
  "portfolio",
] as const;

export const ACCESS_ITEM_IDS = [
  ...NAV_SECTION_IDS,
  ...LAUNCHPAD_PAGE_IDS,
  ...LAUNCH_PLAN_ITEM_IDS,
  ...TOOL_ITEM_IDS,
  ...EXTENSION_ITEM_IDS,
  ...ADMINISTRATION_ITEM_IDS,
  ...OFF_MENU_ITEM_IDS,
] as const;
export type AccessItemId = (typeof ACCESS_ITEM_IDS)[number];

export interface NavItem {
  id: AccessItemId;
  label: string;
  section: NavSectionId;
  route: string;
  /** Listed only under this menu version (spec §2: Action Log is v2 only). */
  menuVersion?: string;
}

export interface NavSection {
  id: NavSectionId;
  label: string;
  /** The section's own page, or null when its header only expands it. */
  route: string | null;
  /** Tools and Administration start collapsed; the others expand unless locked (spec §4). */
  startsCollapsed: boolean;
  items: readonly NavItem[];
}

/** Session-storage flag remembering whether Launch Plan is expanded (spec §4). */
export const LAUNCH_PLAN_EXPANDED_KEY = "system-refinement-expanded";

function itemsOf(section: NavSectionId, entries: readonly (readonly [AccessItemId, string, string])[]): NavItem[] {
  return entries.map(([id, label, route]) => ({ id, label, section, route }));
}

/**
 * The side navigation in order. Launch Plan's per-milestone children (/milestone/{id}) are
 * data, not catalogue: the web appends them and they follow the section's state.
 */
export const NAV_SECTIONS: readonly NavSection[] = [
  // The spec writes "Dashboard (/)", but "/" redirects to /system-refinement; /dashboard is the page.
  { id: "dashboard", label: "Dashboard", route: "/dashboard", startsCollapsed: false, items: [] },
  {
    id: "system-initialization",
    label: "Launchpad",
    route: null,
    startsCollapsed: false,
    items: LAUNCHPAD_PAGES.map((page) => ({ ...page, section: "system-initialization" as const })),
  },
  {
    id: "system-refinement",
    label: "Launch Plan",
    route: "/system-refinement",
    startsCollapsed: false,
    items: itemsOf("system-refinement", [
      ["configuration", "Configuration", "/configuration"],
      ["education", "Education", "/education"],
    ]),
  },
  {
    id: "tools",
    label: "Tools",
    route: "/tools",
    startsCollapsed: true,
    items: [
      { id: "action-log", label: "Action Log", section: "tools", route: "/action-log", menuVersion: "v2" },
      ...itemsOf("tools", [
        ["tasks", "Tasks", "/tasks"],
        ["issues", "Issues", "/issues"],
        ["decisions", "Decisions", "/decisions"],
        ["risks", "Risks", "/risks"],
        ["open-requests", "Requests", "/open-requests"],
        ["content", "Files", "/content"],
      ]),
    ],
  },
  {
    id: "extensions",
    label: "Extensions",
    route: "/extensions",
    startsCollapsed: false,
    items: itemsOf("extensions", [
      ["decision-maker-dashboard", "Decision-maker Dashboard", "/extensions/decision-maker-dashboard"],
      ["ap-automation", "AP Automation", "/extensions/ap-automation"],
      ["container-management", "Container Management", "/extensions/container-management"],
    ]),
  },
  {
    // No route: /administration is the provider administrator's page, not the section's.
    id: "administration",
    label: "Administration",
    route: null,
    startsCollapsed: true,
    items: itemsOf("administration", [
      ["company", "My Company", "/company"],
      ["team", "Team", "/team"],
      // Not in §2's list, but §1 names plans an administration page: decision 029.
      ["plans", "Plans", "/plans"],
      ["trial-status", "Trial Status", "/trial-status"],
      ["acumatica-settings", "ERP Settings", "/acumatica-settings"],
      ["etl-admin", "ETL Admin", "/etl-admin"],
    ]),
  },
];

export const NAV_ITEMS: readonly NavItem[] = NAV_SECTIONS.flatMap((section) => section.items);

export function isAccessItemId(value: string): value is AccessItemId {
  return (ACCESS_ITEM_IDS as readonly string[]).includes(value);
}

export function findNavItem(id: string): NavItem | undefined {
  return NAV_ITEMS.find((item) => item.id === id);
}

/** The section an item sits in; null for sections themselves and off-menu pages. */
export function sectionOfItem(id: AccessItemId): NavSectionId | null {
  return findNavItem(id)?.section ?? null;
}

/** The Launch Plan's pages (spec §2): the plan, the redirect to its first milestone, the learning routes. */
export const LAUNCH_PLAN_ROUTES = ["/system-refinement", "/launchpad", "/milestone", "/course", "/lesson", "/topic"] as const;

/**
 * Path prefixes and the item guarding them, longest first so that /extensions/ap-automation wins
 * over /extensions. "/" is absent: it opens the Launch Plan or the dashboard, whichever is open.
 */
const ROUTE_ITEMS: readonly (readonly [string, AccessItemId])[] = [
  ...NAV_SECTIONS.filter((section) => section.route).map((section) => [section.route as string, section.id] as const),
  ...LAUNCH_PLAN_ROUTES.filter((route) => route !== "/system-refinement").map((route) => [route, "system-refinement"] as const),
  ...NAV_ITEMS.map((item) => [item.route, item.id] as const),
  ["/organization", "organization"],
  ["/support", "support"],
  ["/pricing-deployment-plan", "pricing-deployment"],
  ["/guided-walkthrough", "guided-walkthrough"],
  ["/administration", "administration-page"],
  ["/help-inbox", "help-inbox"],
  ["/portfolio", "portfolio"],
].sort((a, b) => b[0].length - a[0].length) as (readonly [string, AccessItemId])[];

const BASE_PATH = "/memberportal";

/**
 * The path as the router would match it, in canonical form: no query or fragment, decoded,
 * lower-case (React Router matches case-insensitively), backslashes as slashes, dot segments
 * resolved, no empty segments, and without the /MemberPortal base. Normalising more than the
 * router does only ever guards more paths, never fewer.
 */
export function normalizeRoutePath(path: string): string {
  let pathname = path.split(/[?#]/, 1)[0] ?? "";
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is matched as written.
  }
  const segments: string[] = [];
  for (const segment of pathname.toLowerCase().replaceAll("\\", "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  const normalized = `/${segments.join("/")}`;
  if (normalized === BASE_PATH) return "/";
  return normalized.startsWith(`${BASE_PATH}/`) ? normalized.slice(BASE_PATH.length) : normalized;
}

/** The item whose rules guard `path` (the path itself or anything under it), or null when none does. */
export function findItemForPath(path: string): AccessItemId | null {
  const normalized = normalizeRoutePath(path);
  const match = ROUTE_ITEMS.find(([route]) => normalized === route || normalized.startsWith(`${route}/`));
  return match ? match[1] : null;
}
