import { z } from "zod";
import { defineRoute } from "./http.ts";
import { singleLineText } from "./text-fields.ts";
import { invitationSchema, inviteEmailSchema, memberRoleSchema } from "./team.ts";

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

/** Spec §3: an item of the employee organization list. */
export const employeeOrganizationSchema = z.object({ id: z.uuid(), organization_name: z.string() });
export type EmployeeOrganization = z.infer<typeof employeeOrganizationSchema>;

export const listEmployeeOrganizationsRoute = defineRoute({
  id: "listEmployeeOrganizations",
  method: "get",
  path: "/api/employee/organizations",
  summary: "Every organization, by name (employees only)",
  tag: "Employees",
  access: "employee",
  response: z.array(employeeOrganizationSchema),
});

export const createOrganizationBodySchema = z.object({
  organization_name: organizationNameSchema,
  /** Optional: the first member, invited as the organization's admin by default. */
  first_member: z.object({ email: inviteEmailSchema, role: memberRoleSchema.default("member_admin") }).nullable().default(null),
});
export type CreateOrganizationBody = z.input<typeof createOrganizationBodySchema>;

export const createdOrganizationSchema = z.object({
  organization: organizationSchema,
  invitation: invitationSchema.nullable(),
});
export type CreatedOrganization = z.infer<typeof createdOrganizationSchema>;

export const createOrganizationRoute = defineRoute({
  id: "createOrganization",
  method: "post",
  path: "/api/employee/organizations",
  summary: "Create an organization and optionally invite its first member (employees only)",
  tag: "Employees",
  access: "employee",
  body: createOrganizationBodySchema,
  response: createdOrganizationSchema,
  successStatus: 201,
});
