import { z } from "zod";
import { defineRoute } from "./http.ts";
import { COMPANY_ROLES } from "../domain/company-roles.ts";
import { singleLineText } from "./text-fields.ts";

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  company_role: z.string().nullable(),
  role: z.string(),
  is_employee: z.boolean(),
  organization_id: z.uuid().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const getCurrentUserRoute = defineRoute({
  id: "getCurrentUser",
  method: "get",
  path: "/api/me",
  summary: "The signed-in user's profile",
  tag: "Account",
  access: "authenticated",
  response: currentUserSchema,
});

export const FULL_NAME_MAX = 200;

export const fullNameSchema = singleLineText("Full name", FULL_NAME_MAX);

/** My Profile (spec §5): full name and company role are editable; the email is not. */
export const updateProfileBodySchema = z.object({
  full_name: fullNameSchema,
  company_role: z.enum(COMPANY_ROLES, { error: "Choose a company role from the list" }).nullable(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const updateProfileRoute = defineRoute({
  id: "updateProfile",
  method: "patch",
  path: "/api/me/profile",
  summary: "Update the signed-in user's full name and company role",
  tag: "Account",
  access: "authenticated",
  body: updateProfileBodySchema,
  response: currentUserSchema,
});
