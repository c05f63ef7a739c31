import type { MenuVersion, OrganizationMenu } from "#common/contracts/menu-versions";

/** Menu-version answers shared by this feature's component tests. */
export const V2: MenuVersion = {
  id: "00000000-0000-4000-8000-0000000000a2",
  version_name: "v2",
  is_active: true,
  menu_config: { excludeItems: ["tools", "content"], customPermissions: { extensions: "always_visible" } },
  organization_count: 2,
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
};

export const LEGACY: MenuVersion = {
  ...V2,
  id: "00000000-0000-4000-8000-0000000000a3",
  version_name: "legacy",
  is_active: false,
  menu_config: { excludeItems: [], customPermissions: {} },
  organization_count: 0,
};

export const ACME_ID = "00000000-0000-4000-8000-0000000000b1";
export const GLOBEX_ID = "00000000-0000-4000-8000-0000000000b2";

export function organizationMenu(organizationId: string, menuVersion: string | null, overrides: Partial<OrganizationMenu> = {}): OrganizationMenu {
  return {
    organization_id: organizationId,
    menu_version: menuVersion,
    effective_version: menuVersion ?? "v1",
    menu_config: { excludeItems: [], customPermissions: {} },
    user_exclusions: [],
    ...overrides,
  };
}
