/** An organization's menu version and its configuration (menu_versions.menu_config; spec §3, §6). */

export const DEFAULT_MENU_VERSION = "v1";
/** The customPermissions value that opens the extensions section to members. */
export const ALWAYS_VISIBLE_PERMISSION = "always_visible";

export interface MenuConfig {
  excludeItems: string[];
  customPermissions: Record<string, string>;
}

export function emptyMenuConfig(): MenuConfig {
  return { excludeItems: [], customPermissions: {} };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a stored menu_config leniently: JSON text or an object; anything unreadable is the empty config. */
export function parseMenuConfig(raw: unknown): MenuConfig {
  let value = raw;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return emptyMenuConfig();
    }
  }
  if (!isRecord(value)) return emptyMenuConfig();
  // Each field falls back on its own: a bad customPermissions does not cost the exclusions.
  const { excludeItems, customPermissions } = value;
  return {
    excludeItems: Array.isArray(excludeItems) ? excludeItems.filter((item): item is string => typeof item === "string") : [],
    customPermissions: isRecord(customPermissions)
      ? Object.fromEntries(Object.entries(customPermissions).filter((entry): entry is [string, string] => typeof entry[1] === "string"))
      : {},
  };
}

/** The organization's menu version name, "v1" when it has none. */
export function resolveMenuVersion(versionName: string | null | undefined): string {
  const trimmed = versionName?.trim();
  return trimmed ? trimmed : DEFAULT_MENU_VERSION;
}
