import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { SIGNED_NDA_STATUSES } from "#common/domain/nda-status";
import type { Queryable } from "#server/db/database";
import { ndaTemplates, ndas } from "#server/db/schema/index";

export type NdaTemplateRow = typeof ndaTemplates.$inferSelect;
export type NdaRow = typeof ndas.$inferSelect;
export type NewNdaRow = typeof ndas.$inferInsert;

/** The newest saved template, or undefined while none was saved (the built-in text applies). */
export async function selectCurrentNdaTemplate(db: Queryable): Promise<NdaTemplateRow | undefined> {
  const [row] = await db.select().from(ndaTemplates).orderBy(desc(ndaTemplates.version)).limit(1);
  return row;
}

/**
 * Saves a template as the next version in one statement: after the newest saved one, or after
 * `builtInVersion` while none is saved. Two saves at once collide on the unique version (23505).
 */
export async function insertNextNdaTemplate(
  db: Queryable,
  values: { title: string; body: string; createdBy: string },
  builtInVersion: number,
): Promise<NdaTemplateRow> {
  const [row] = await db
    .insert(ndaTemplates)
    .values({
      ...values,
      version: sql`(select coalesce(max(${ndaTemplates.version}), ${builtInVersion}) + 1 from ${ndaTemplates})`,
    })
    .returning();
  if (!row) throw new Error("NDA template was not inserted");
  return row;
}

/** The organization's NDAs, newest first. */
export function selectNdas(db: Queryable, organizationId: string): Promise<NdaRow[]> {
  return db.select().from(ndas).where(eq(ndas.organizationId, organizationId)).orderBy(desc(ndas.createdAt), desc(ndas.id));
}

export async function selectNda(db: Queryable, organizationId: string, ndaId: string): Promise<NdaRow | undefined> {
  const [row] = await db
    .select()
    .from(ndas)
    .where(and(eq(ndas.organizationId, organizationId), eq(ndas.id, ndaId)));
  return row;
}

/** The organization's signed NDA (signed-by-prospect or signed-by-all); a unique index allows one. */
export async function selectSignedNda(db: Queryable, organizationId: string): Promise<NdaRow | undefined> {
  const [row] = await db
    .select()
    .from(ndas)
    .where(and(eq(ndas.organizationId, organizationId), inArray(ndas.status, [...SIGNED_NDA_STATUSES])))
    .limit(1);
  return row;
}

export async function insertNda(db: Queryable, values: NewNdaRow): Promise<NdaRow> {
  const [row] = await db.insert(ndas).values(values).returning();
  if (!row) throw new Error("NDA was not inserted");
  return row;
}

/** Records the provider's signature, only on an NDA still awaiting it; undefined otherwise. */
export async function updateNdaCountersigned(
  db: Queryable,
  organizationId: string,
  ndaId: string,
  values: { providerSignerId: string; providerSignerName: string; providerSignerTitle: string; providerSignerEmail: string; providerSignedAt: Date; documentKey: string },
): Promise<NdaRow | undefined> {
  const [row] = await db
    .update(ndas)
    .set({ ...values, status: "signed-by-all", updatedAt: values.providerSignedAt })
    .where(and(eq(ndas.organizationId, organizationId), eq(ndas.id, ndaId), eq(ndas.status, "signed-by-prospect")))
    .returning();
  return row;
}
