import { z } from "zod";
import { type ActingOrganization, type Organization, type UpdateOrganizationBody, organizationNameSchema } from "#common/contracts/organizations";
import type { Database } from "#server/db/database";
import { AppError, isUniqueViolation } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import {
  type OrganizationRow,
  insertOrganization,
  selectOrganizationById,
  selectOrganizationByName,
  updateOrganizationDetails,
} from "./organizations.queries.ts";

const duplicateNameMessage = "An organization with this name already exists";

export function presentOrganization(row: OrganizationRow): Organization {
  return { id: row.id, organization_name: row.organizationName, display_name: row.organizationName, time_zone: row.timeZone };
}

/** The organization for its own screens: with the local hour its daily reminders go out. */
export function presentActingOrganization(organization: Organization, reminderHour: number): ActingOrganization {
  return { ...organization, reminder_hour: reminderHour };
}

export async function getOrganization(db: Database, organizationId: string): Promise<Organization> {
  const row = await selectOrganizationById(db, organizationId);
  if (!row) throw new AppError("not_found", "Organization not found");
  return presentOrganization(row);
}

/**
 * Renames the organization and sets its time zone when the body names one, and tells every open
 * screen of it, once the change is committed.
 */
export async function updateOrganization(db: Database, organizationId: string, body: UpdateOrganizationBody): Promise<Organization> {
  try {
    return await db.transaction(async (tx) => {
      const row = await updateOrganizationDetails(tx, organizationId, { name: body.organization_name, timeZone: body.time_zone });
      if (!row) throw new AppError("not_found", "Organization not found");
      await publishEvent(tx, organizationId, { type: "organizationUpdated", organizationId });
      return presentOrganization(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", duplicateNameMessage, [{ path: "organization_name", message: duplicateNameMessage }]);
    }
    throw error;
  }
}

/** Creates an organization (operators, demo data); the name is validated like a rename. */
export async function createOrganization(db: Database, rawName: string): Promise<Organization> {
  const parsed = organizationNameSchema.safeParse(rawName);
  if (!parsed.success) throw new AppError("validation_failed", z.prettifyError(parsed.error));
  try {
    return presentOrganization(await insertOrganization(db, parsed.data));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `${duplicateNameMessage}: ${parsed.data}`);
    throw error;
  }
}

/** Finds an organization by id or (case-insensitive) name, as operators type it. */
export async function findOrganization(db: Database, idOrName: string): Promise<Organization | undefined> {
  const byId = z.uuid().safeParse(idOrName).success ? await selectOrganizationById(db, idOrName) : undefined;
  const row = byId ?? (await selectOrganizationByName(db, idOrName.trim()));
  return row ? presentOrganization(row) : undefined;
}
