import { z } from "zod";
import { ALWAYS_VISIBLE_PERMISSION } from "../domain/menu-config.ts";
import { isAccessItemId } from "../domain/navigation-items.ts";
import { defineRoute } from "./http.ts";

/**
 * Menu versions (spec §3, §6), administered by the one provider administrator
 * (PROVIDER_ADMIN_EMAIL): named navigation configurations, the version each organization uses,
 * and items hidden for single users. Everyone else gets 403.
 */

export const MENU_VERSION_NAME_MAX = 50;
/** The values a customPermissions entry may take (menu_config; see common/domain/access.ts). */
export const MENU_PERMISSIONS = [ALWAYS_VISIBLE_PERMISSION] as const;
/** More entries than there are items cannot be meant. */
const MAX_ITEM_ENTRIES = 100;

export const menuVersionNameSchema = z
  .string({ error: "Version name is required" })
  .trim()
  .min(1, { error: "Version name is required" })
  .max(MENU_VERSION_NAME_MAX, { error: `Version name must be at most ${MENU_VERSION_NAME_MAX} characters` })
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, {
    error: "Version name may hold letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit",
  });

/** A navigation item id (common/domain/navigation-items.ts), matched regardless of case and spaces. */
export const menuItemIdSchema = z
  .string({ error: "Items are navigation item ids" })
  .trim()
  .toLowerCase()
  .refine((id): boolean => isAccessItemId(id), { error: (issue) => `Unknown navigation item ${JSON.stringify(issue.input)}` });

const itemListSchema = z
  .array(menuItemIdSchema, { error: "Send a list of navigation item ids" })
  .max(MAX_ITEM_ENTRIES, { error: `At most ${MAX_ITEM_ENTRIES} items` })
  .transform((items) => [...new Set(items)]);

/** menu_config as the administrator writes it: known items only, known permission values only. */
export const menuConfigInputSchema = z.strictObject(
  {
    excludeItems: itemListSchema.default([]),
    customPermissions: z
      .record(menuItemIdSchema, z.enum(MENU_PERMISSIONS, { error: `Permissions can be: ${MENU_PERMISSIONS.join(", ")}` }), {
        error: (issue) =>
          issue.code === "invalid_key"
            ? `Unknown navigation item ${JSON.stringify(issue.input)}`
            : "customPermissions maps navigation item ids to permissions",
      })
      .default({}),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? "menu_config holds excludeItems and customPermissions only"
        : "menu_config is an object with excludeItems and customPermissions",
  },
);
export type MenuConfigInput = z.infer<typeof menuConfigInputSchema>;

export const menuConfigSchema = z.object({
  excludeItems: z.array(z.string()),
  customPermissions: z.record(z.string(), z.string()),
});

export const menuVersionSchema = z.object({
  id: z.uuid(),
  version_name: z.string(),
  is_active: z.boolean(),
  menu_config: menuConfigSchema,
  /** Organizations whose settings name this version. */
  organization_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MenuVersion = z.infer<typeof menuVersionSchema>;

export const createMenuVersionBodySchema = z.object({
  version_name: menuVersionNameSchema,
  is_active: z.boolean({ error: "is_active is true or false" }).default(true),
  menu_config: menuConfigInputSchema,
});
export type CreateMenuVersionBody = z.infer<typeof createMenuVersionBodySchema>;

export const updateMenuVersionBodySchema = z
  .object({
    version_name: menuVersionNameSchema.optional(),
    is_active: z.boolean({ error: "is_active is true or false" }).optional(),
    menu_config: menuConfigInputSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: "Send version_name, is_active or menu_config",
  });
export type UpdateMenuVersionBody = z.infer<typeof updateMenuVersionBodySchema>;

/** What an organization uses: the version its settings name and the one in force. */
export const organizationMenuSchema = z.object({
  organization_id: z.uuid(),
  /** As assigned; null: none (the fallback applies). */
  menu_version: z.string().nullable(),
  /** In force: the assigned version when it is active, else "v1". */
  effective_version: z.string(),
  menu_config: menuConfigSchema,
  /** The organization's members with items hidden for them alone. */
  user_exclusions: z.array(z.object({ user_id: z.string(), email: z.string(), items: z.array(z.string()) })),
});
export type OrganizationMenu = z.infer<typeof organizationMenuSchema>;

export const assignMenuVersionBodySchema = z.object({
  /** A menu version's name, or null (or blank) for none. */
  menu_version: z
    .string({ error: "menu_version is a version name or null" })
    .trim()
    .max(MENU_VERSION_NAME_MAX, { error: `Version name must be at most ${MENU_VERSION_NAME_MAX} characters` })
    .nullable()
    .transform((name) => (name ? name : null)),
});

export const userMenuExclusionsSchema = z.object({ user_id: z.string(), items: z.array(z.string()) });
export type UserMenuExclusions = z.infer<typeof userMenuExclusionsSchema>;

export const setUserMenuExclusionsBodySchema = z.object({ items: itemListSchema });

const tag = "Menu versions";

export const listMenuVersionsRoute = defineRoute({
  id: "listMenuVersions",
  method: "get",
  path: "/api/admin/menu-versions",
  summary: "Every menu version, by name (the provider administrator only)",
  tag,
  access: "authenticated",
  response: z.array(menuVersionSchema),
});

export const createMenuVersionRoute = defineRoute({
  id: "createMenuVersion",
  method: "post",
  path: "/api/admin/menu-versions",
  summary: "Create a menu version; names are unique regardless of case (the provider administrator only)",
  tag,
  access: "authenticated",
  body: createMenuVersionBodySchema,
  response: menuVersionSchema,
  successStatus: 201,
});

export const updateMenuVersionRoute = defineRoute({
  id: "updateMenuVersion",
  method: "patch",
  path: "/api/admin/menu-versions/:menuVersionId",
  summary: "Rename, (de)activate or reconfigure a menu version; organizations naming it follow (the provider administrator only)",
  tag,
  access: "authenticated",
  body: updateMenuVersionBodySchema,
  response: menuVersionSchema,
});

export const getOrganizationMenuRoute = defineRoute({
  id: "getOrganizationMenu",
  method: "get",
  path: "/api/admin/organizations/:organizationId/menu-version",
  summary: "The menu version an organization uses and its members' exclusions (the provider administrator only)",
  tag,
  access: "authenticated",
  response: organizationMenuSchema,
});

export const assignMenuVersionRoute = defineRoute({
  id: "assignMenuVersion",
  method: "put",
  path: "/api/admin/organizations/:organizationId/menu-version",
  summary: "Assign a menu version to an organization, or none (the provider administrator only)",
  tag,
  access: "authenticated",
  body: assignMenuVersionBodySchema,
  response: organizationMenuSchema,
});

export const setUserMenuExclusionsRoute = defineRoute({
  id: "setUserMenuExclusions",
  method: "put",
  path: "/api/admin/users/:userId/menu-exclusions",
  summary: "Replace the items hidden for one user (the provider administrator only)",
  tag,
  access: "authenticated",
  body: setUserMenuExclusionsBodySchema,
  response: userMenuExclusionsSchema,
});
