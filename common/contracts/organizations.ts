import { z } from "zod";
import { DEFAULT_DIGEST_HOUR, isKnownTimeZone } from "../domain/notifications.ts";
import { defineRoute } from "./http.ts";
import { singleLineText } from "./text-fields.ts";
import { invitationSchema, inviteEmailSchema, memberRoleSchema } from "./team.ts";

export const ORGANIZATION_NAME_MAX = 200;

/** Organization names are trimmed, then must hold 1–200 characters. */
export const organizationNameSchema = singleLineText("Organization name", ORGANIZATION_NAME_MAX);

/** Where an organization's daily reminder emails are timed, until someone chooses its own zone. */
export const DEFAULT_ORGANIZATION_TIME_ZONE = "UTC";

export const organizationSchema = z.object({
  id: z.uuid(),
  organization_name: z.string(),
  display_name: z.string(),
  /**
   * IANA time zone ("Europe/Paris"): the daily reminder emails go out at a local hour there. During
   * a rolling upgrade an instance from before time zones answers without it: that reads as UTC.
   */
  time_zone: z.string().default(DEFAULT_ORGANIZATION_TIME_ZONE),
});
export type Organization = z.infer<typeof organizationSchema>;

/** The organization as its own screens read it (My Company): with when its reminders go out. */
export const actingOrganizationSchema = organizationSchema.extend({
  /**
   * The local hour, 0–23, at which the daily reminder emails go out (the server's
   * NOTIFICATION_DIGEST_HOUR). An instance from before it (a rolling upgrade) answers without it:
   * that reads as the default hour.
   */
  reminder_hour: z.number().int().min(0).max(23).default(DEFAULT_DIGEST_HOUR),
});
export type ActingOrganization = z.infer<typeof actingOrganizationSchema>;

export const TIME_ZONE_MESSAGE = "Time zone must be an IANA time zone such as Europe/Paris";

export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .max(100, { error: TIME_ZONE_MESSAGE, abort: true })
  .refine(isKnownTimeZone, { error: TIME_ZONE_MESSAGE });

export const updateOrganizationBodySchema = z.object({
  organization_name: organizationNameSchema,
  /** Left out: the time zone stays as it is. */
  time_zone: timeZoneSchema.optional(),
});
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;

export const getActingOrganizationRoute = defineRoute({
  id: "getActingOrganization",
  method: "get",
  path: "/api/organization",
  summary: "The organization the caller acts for",
  tag: "Organizations",
  access: "organization",
  response: actingOrganizationSchema,
});

export const updateActingOrganizationRoute = defineRoute({
  id: "updateActingOrganization",
  method: "patch",
  path: "/api/organization",
  summary: "Rename the organization the caller acts for, or set its time zone",
  tag: "Organizations",
  access: "organization",
  body: updateOrganizationBodySchema,
  response: actingOrganizationSchema,
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
