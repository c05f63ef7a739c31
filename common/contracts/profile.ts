import { z } from "zod";
import { COMPANY_ROLES } from "../domain/company-roles.ts";
import { defineRoute } from "./http.ts";
import { currentUserSchema } from "./me.ts";
import { singleLineText } from "./text-fields.ts";

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
