import { z } from "zod";
import { defineRoute } from "./http.ts";

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
