import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "#server/db/database";
import { readJsonValue } from "#server/db/json-value";
import {
  actionLogs,
  extensionHistory,
  organizationExtensions,
  pricingAddons,
  pricingEstimateLines,
  pricingEstimates,
  profiles,
  users,
} from "#server/db/schema/index";
import { personNameSql } from "#server/queries/person-name.queries";

export type ExtensionRow = typeof organizationExtensions.$inferSelect & {
  requestedByName: string | null;
  activatedByName: string | null;
  requestEntryNumber: number | null;
};

const requesterUser = alias(users, "requester_user");
const requesterProfile = alias(profiles, "requester_profile");
const activatorUser = alias(users, "activator_user");
const activatorProfile = alias(profiles, "activator_profile");

/** The organization's requested and active extensions, with who requested and activated them. */
export function selectExtensionRows(db: Queryable, organizationId: string): Promise<ExtensionRow[]> {
  return db
    .select({
      organizationId: organizationExtensions.organizationId,
      extensionId: organizationExtensions.extensionId,
      state: organizationExtensions.state,
      requestedBy: organizationExtensions.requestedBy,
      requestedAt: organizationExtensions.requestedAt,
      requestNote: organizationExtensions.requestNote,
      requestEntryId: organizationExtensions.requestEntryId,
      activatedBy: organizationExtensions.activatedBy,
      activatedAt: organizationExtensions.activatedAt,
      planChange: organizationExtensions.planChange,
      planChangeEstimateId: organizationExtensions.planChangeEstimateId,
      updatedAt: organizationExtensions.updatedAt,
      requestedByName: personNameSql({ fullName: requesterProfile.fullName, name: requesterUser.name, email: requesterUser.email }),
      activatedByName: personNameSql({ fullName: activatorProfile.fullName, name: activatorUser.name, email: activatorUser.email }),
      requestEntryNumber: actionLogs.number,
    })
    .from(organizationExtensions)
    .leftJoin(requesterUser, eq(requesterUser.id, organizationExtensions.requestedBy))
    .leftJoin(requesterProfile, eq(requesterProfile.id, organizationExtensions.requestedBy))
    .leftJoin(activatorUser, eq(activatorUser.id, organizationExtensions.activatedBy))
    .leftJoin(activatorProfile, eq(activatorProfile.id, organizationExtensions.activatedBy))
    .leftJoin(actionLogs, and(eq(actionLogs.id, organizationExtensions.requestEntryId), eq(actionLogs.organizationId, organizationId)))
    .where(eq(organizationExtensions.organizationId, organizationId));
}

/** One extension's row, held until the transaction ends; undefined while it is available. */
export async function selectExtensionForUpdate(db: Queryable, organizationId: string, extensionId: string) {
  const [row] = await db
    .select()
    .from(organizationExtensions)
    .where(and(eq(organizationExtensions.organizationId, organizationId), eq(organizationExtensions.extensionId, extensionId)))
    .for("update");
  return row;
}

export type ExtensionValues = Omit<typeof organizationExtensions.$inferInsert, "organizationId" | "extensionId">;

export async function upsertExtension(db: Queryable, organizationId: string, extensionId: string, values: ExtensionValues): Promise<void> {
  await db
    .insert(organizationExtensions)
    .values({ organizationId, extensionId, ...values })
    .onConflictDoUpdate({ target: [organizationExtensions.organizationId, organizationExtensions.extensionId], set: values });
}

/** Makes the extension available again. */
export async function deleteExtension(db: Queryable, organizationId: string, extensionId: string): Promise<void> {
  await db
    .delete(organizationExtensions)
    .where(and(eq(organizationExtensions.organizationId, organizationId), eq(organizationExtensions.extensionId, extensionId)));
}

export async function insertExtensionHistory(db: Queryable, values: typeof extensionHistory.$inferInsert): Promise<void> {
  await db.insert(extensionHistory).values(values);
}

export interface ExtensionHistoryRow {
  id: string;
  extensionId: string;
  action: string;
  actorId: string | null;
  actorName: string | null;
  note: string | null;
  planChange: string | null;
  createdAt: Date;
}

/** The newest changes of the organization's extensions. */
export function selectExtensionHistory(db: Queryable, organizationId: string, limit: number): Promise<ExtensionHistoryRow[]> {
  return db
    .select({
      id: extensionHistory.id,
      extensionId: extensionHistory.extensionId,
      action: extensionHistory.action,
      actorId: extensionHistory.actorId,
      actorName: personNameSql(),
      note: extensionHistory.note,
      planChange: extensionHistory.planChange,
      createdAt: extensionHistory.createdAt,
    })
    .from(extensionHistory)
    .leftJoin(users, eq(users.id, extensionHistory.actorId))
    .leftJoin(profiles, eq(profiles.id, extensionHistory.actorId))
    .where(eq(extensionHistory.organizationId, organizationId))
    .orderBy(desc(extensionHistory.createdAt), desc(extensionHistory.id))
    .limit(limit);
}

export interface PrimaryEstimateFacts {
  id: string;
  name: string;
  isLocked: boolean;
  editionId: string | null;
  /** The active lines' inventory ids. */
  inventoryIds: string[];
}

/** The primary estimate and the add-ons on it, in one statement; undefined while there is none. */
export async function selectPrimaryEstimateFacts(db: Queryable, organizationId: string): Promise<PrimaryEstimateFacts | undefined> {
  const [row] = await db
    .select({
      id: pricingEstimates.id,
      name: pricingEstimates.name,
      isLocked: pricingEstimates.isLocked,
      editionId: pricingEstimates.editionId,
      inventoryIds: sql<unknown>`coalesce(json_agg(${pricingEstimateLines.inventoryId}) filter (where ${pricingEstimateLines.id} is not null), '[]'::json)`,
    })
    .from(pricingEstimates)
    .leftJoin(pricingEstimateLines, and(eq(pricingEstimateLines.headerId, pricingEstimates.id), eq(pricingEstimateLines.status, "active")))
    .where(and(eq(pricingEstimates.organizationId, organizationId), eq(pricingEstimates.isPrimary, true)))
    .groupBy(pricingEstimates.id);
  if (!row) return undefined;
  const ids = readJsonValue(row.inventoryIds);
  return { ...row, inventoryIds: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [] };
}

export interface AddOnPriceRow {
  inventoryId: string;
  editionId: string;
  price: string;
}

/** The SaaS prices of the given add-ons in every edition that lists them. */
export function selectAddOnPrices(db: Queryable, inventoryIds: readonly string[]): Promise<AddOnPriceRow[]> {
  return db
    .select({ inventoryId: pricingAddons.inventoryId, editionId: pricingAddons.editionId, price: pricingAddons.price })
    .from(pricingAddons)
    .where(and(inArray(pricingAddons.inventoryId, [...inventoryIds]), eq(pricingAddons.licenseTypeId, "SAAS"), eq(pricingAddons.skuType, "AddOn")));
}
