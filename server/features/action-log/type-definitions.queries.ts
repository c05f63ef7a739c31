import { eq } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { actionLogTypeDefinitions, profiles, users } from "#server/db/schema/index";
import { personNameSql } from "#server/queries/person-name.queries";

/** What each type means and asks for; the provider's, shared by every organization. */

export interface TypeDefinitionRow {
  actionLogType: string;
  description: string;
  fields: string[];
  updatedById: string | null;
  updatedByName: string | null;
  updatedAt: Date;
}

const definitionColumns = {
  actionLogType: actionLogTypeDefinitions.actionLogType,
  description: actionLogTypeDefinitions.description,
  fields: actionLogTypeDefinitions.fields,
  updatedById: actionLogTypeDefinitions.updatedBy,
  updatedByName: personNameSql<string>(),
  updatedAt: actionLogTypeDefinitions.updatedAt,
};

export function selectTypeDefinitions(db: Queryable): Promise<TypeDefinitionRow[]> {
  return db
    .select(definitionColumns)
    .from(actionLogTypeDefinitions)
    .leftJoin(users, eq(users.id, actionLogTypeDefinitions.updatedBy))
    .leftJoin(profiles, eq(profiles.id, actionLogTypeDefinitions.updatedBy));
}

export async function selectTypeDefinition(db: Queryable, actionLogType: string): Promise<TypeDefinitionRow | undefined> {
  const [row] = await db
    .select(definitionColumns)
    .from(actionLogTypeDefinitions)
    .leftJoin(users, eq(users.id, actionLogTypeDefinitions.updatedBy))
    .leftJoin(profiles, eq(profiles.id, actionLogTypeDefinitions.updatedBy))
    .where(eq(actionLogTypeDefinitions.actionLogType, actionLogType));
  return row;
}

/** Writes the type's definition (inserted again should a row be missing). */
export async function upsertTypeDefinition(
  db: Queryable,
  values: { actionLogType: string; description: string; fields: string[]; updatedBy: string },
): Promise<void> {
  const changed = { description: values.description, fields: values.fields, updatedBy: values.updatedBy, updatedAt: new Date() };
  await db
    .insert(actionLogTypeDefinitions)
    .values({ actionLogType: values.actionLogType, ...changed })
    .onConflictDoUpdate({ target: actionLogTypeDefinitions.actionLogType, set: changed });
}
