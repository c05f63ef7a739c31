import { z } from "zod";
import { defineRoute } from "./http.ts";
import { invitationSchema, inviteEmailSchema, memberRoleSchema } from "./team.ts";
import { organizationNameSchema, organizationSchema } from "./organizations.ts";

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
