import { MENU_PERMISSIONS } from "#common/contracts/menu-versions";
import { ALWAYS_VISIBLE_PERMISSION, type MenuConfig } from "#common/domain/menu-config";
import { type AccessItemId, NAV_SECTIONS, findNavItem, isAccessItemId } from "#common/domain/navigation-items";

/** One checkbox of an exclusion picker. */
export interface ChecklistItem {
  id: AccessItemId;
  label: string;
}

/** A group of checkboxes under its heading: a section (itself first, then its items) or the other pages. */
export interface ChecklistGroup {
  id: string;
  label: string;
  items: readonly ChecklistItem[];
}

/**
 * Gated pages outside the side navigation, named as the product names them. The
 * administration page and the employees' help inbox and portfolio are left out: exclusions never
 * apply to them (common/domain/access.ts).
 */
const OTHER_PAGES: readonly ChecklistItem[] = [
  { id: "organization", label: "Organization" },
  { id: "support", label: "Support" },
  { id: "pricing-deployment", label: "Pricing & Deployment Plan" },
  { id: "guided-walkthrough", label: "Guided Walkthrough" },
];

/** How a section reads as an excluded item: excluding it hides every item under it. */
function sectionItemLabel(section: (typeof NAV_SECTIONS)[number]): string {
  return section.items.length > 0 ? `${section.label} (whole section)` : section.label;
}

/** Every item an administrator may exclude, grouped as the navigation shows them. */
export const CHECKLIST_GROUPS: readonly ChecklistGroup[] = [
  ...NAV_SECTIONS.map((section) => ({
    id: section.id,
    label: section.label,
    items: [{ id: section.id, label: sectionItemLabel(section) }, ...section.items.map(({ id, label }) => ({ id, label }))],
  })),
  { id: "other-pages", label: "Other pages", items: OTHER_PAGES },
];

const CHECKLIST_ORDER: readonly AccessItemId[] = CHECKLIST_GROUPS.flatMap((group) => group.items.map((item) => item.id));

/** An item id as a reader knows it; ids the catalogue does not know are shown as stored. */
export function itemLabel(id: string): string {
  const section = NAV_SECTIONS.find((entry) => entry.id === id);
  if (section) return sectionItemLabel(section);
  return findNavItem(id)?.label ?? OTHER_PAGES.find((page) => page.id === id)?.label ?? id;
}

/** Known item ids only, without repeats, in the checklist's order (what the server accepts). */
export function orderItems(ids: Iterable<string>): AccessItemId[] {
  const wanted = new Set([...ids].map((id) => id.trim().toLowerCase()));
  return CHECKLIST_ORDER.filter((id) => wanted.has(id));
}

function permissionLabel(permission: string): string {
  return permission === ALWAYS_VISIBLE_PERMISSION ? "always visible" : permission.replaceAll("_", " ");
}

/** customPermissions as a reader knows it: "Extensions: always visible". */
export function describePermissions(customPermissions: Readonly<Record<string, string>>): string[] {
  return Object.entries(customPermissions).map(([id, permission]) => {
    const subject = NAV_SECTIONS.find((section) => section.id === id)?.label ?? itemLabel(id);
    return `${subject}: ${permissionLabel(permission)}`;
  });
}

export function hasAlwaysVisibleExtensions(config: MenuConfig): boolean {
  return config.customPermissions.extensions === ALWAYS_VISIBLE_PERMISSION;
}

/**
 * The stored permissions with Extensions set or cleared. Entries the server would refuse (unknown
 * items or values) are dropped, so that saving a version never fails on what the form cannot show.
 */
export function withExtensionsPermission(
  customPermissions: Readonly<Record<string, string>>,
  alwaysVisible: boolean,
): Record<string, (typeof MENU_PERMISSIONS)[number]> {
  const kept = Object.entries(customPermissions).filter(
    (entry): entry is [string, (typeof MENU_PERMISSIONS)[number]] =>
      entry[0] !== "extensions" && isAccessItemId(entry[0]) && (MENU_PERMISSIONS as readonly string[]).includes(entry[1]),
  );
  return Object.fromEntries(alwaysVisible ? [...kept, ["extensions", ALWAYS_VISIBLE_PERMISSION]] : kept);
}
