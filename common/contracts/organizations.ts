import { z } from "zod";
import { defineRoute } from "./http.ts";
import { singleLineText } from "./text-fields.ts";

export const ORGANIZATION_NAME_MAX = 200;

/** Organization names are trimmed, then must hold 1–200 characters. */
export const organizationNameSchema = singleLineText("Organization name", ORGANIZATION_NAME_MAX);

export const organizationSchema = z.object({
  id: z.uuid(),
  organization_name: z.string(),
  display_name: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const updateOrganizationBodySchema = z.object({
  organization_name: organizationNameSchema,
});
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;

export const getActingOrganizationRoute = defineRoute({
  id: "getActingOrganization",
  method: "get",
  path: "/api/organization",
  summary: "The organization the caller acts for",
  tag: "Organizations",
  access: "organization",
  response: organizationSchema,
});

export const updateActingOrganizationRoute = defineRoute({
  id: "updateActingOrganization",
  method: "patch",
  path: "/api/organization",
  summary: "Rename the organization the caller acts for",
  tag: "Organizations",
  access: "organization",
  body: updateOrganizationBodySchema,
  response: organizationSchema,
});
