import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/database";
import { dataConnections, users } from "#server/db/schema/index";

/** Statements of the data-connection feature; every one is scoped to the organization. */

export type DataConnectionRow = typeof dataConnections.$inferSelect;
export type NewDataConnection = typeof dataConnections.$inferInsert;

/** A connection with the name its answer shows. */
export interface ConnectionWithCreatorRow {
  connection: DataConnectionRow;
  creatorName: string | null;
}

/** What a connection test leaves on the row. */
export interface ConnectionTestRecord {
  status: "connected" | "error";
  lastTestedAt: Date;
  lastTestError: string | null;
}

function selectWithCreator(db: Queryable) {
  return db
    .select({ connection: dataConnections, creatorName: users.name })
    .from(dataConnections)
    .leftJoin(users, eq(users.id, dataConnections.createdBy));
}

/** The organization's connections, newest first. */
export function selectConnections(db: Queryable, organizationId: string): Promise<ConnectionWithCreatorRow[]> {
  return selectWithCreator(db)
    .where(eq(dataConnections.organizationId, organizationId))
    .orderBy(desc(dataConnections.createdAt), desc(dataConnections.id));
}

export async function selectConnection(db: Queryable, organizationId: string, connectionId: string): Promise<ConnectionWithCreatorRow | undefined> {
  const [row] = await selectWithCreator(db).where(and(eq(dataConnections.organizationId, organizationId), eq(dataConnections.id, connectionId)));
  return row;
}

/** The organization's connection to a data source (there is at most one). */
export async function selectConnectionBySource(db: Queryable, organizationId: string, dataSourceId: string): Promise<ConnectionWithCreatorRow | undefined> {
  const [row] = await selectWithCreator(db).where(
    and(eq(dataConnections.organizationId, organizationId), eq(dataConnections.dataSourceId, dataSourceId)),
  );
  return row;
}

/** Inserts the connection unless the organization has one for the source already (then undefined). */
export async function insertConnection(db: Queryable, values: NewDataConnection): Promise<DataConnectionRow | undefined> {
  const [row] = await db
    .insert(dataConnections)
    .values(values)
    .onConflictDoNothing({ target: [dataConnections.organizationId, dataConnections.dataSourceId] })
    .returning();
  return row;
}

/** jsonb equality: true when the stored configuration is still exactly `config`. */
function configIs(config: unknown) {
  return sql`${dataConnections.connectionConfig} = ${JSON.stringify(config)}::jsonb`;
}

/**
 * Replaces the connection's details, provided its stored configuration is still `expectedConfig`
 * (the one the change was computed from); undefined when it is gone or was changed meanwhile.
 */
export async function updateConnection(
  db: Queryable,
  organizationId: string,
  connectionId: string,
  expectedConfig: unknown,
  values: Pick<DataConnectionRow, "name" | "description" | "status" | "connectionConfig" | "lastTestedAt" | "lastTestError" | "updatedAt">,
): Promise<DataConnectionRow | undefined> {
  const [row] = await db
    .update(dataConnections)
    .set(values)
    .where(and(eq(dataConnections.organizationId, organizationId), eq(dataConnections.id, connectionId), configIs(expectedConfig)))
    .returning();
  return row;
}

/**
 * Records a test of the stored configuration `testedConfig`; a paused connection stays paused.
 * False when the connection is gone or its configuration changed since (the result no longer applies).
 */
export async function updateConnectionTestResult(
  db: Queryable,
  organizationId: string,
  connectionId: string,
  testedConfig: unknown,
  record: ConnectionTestRecord,
): Promise<boolean> {
  const rows = await db
    .update(dataConnections)
    .set({
      status: sql`case when ${dataConnections.status} = 'disconnected' then 'disconnected' else ${record.status} end`,
      lastTestedAt: record.lastTestedAt,
      lastTestError: record.lastTestError,
      updatedAt: record.lastTestedAt,
    })
    .where(and(eq(dataConnections.organizationId, organizationId), eq(dataConnections.id, connectionId), configIs(testedConfig)))
    .returning({ id: dataConnections.id });
  return rows.length > 0;
}

export async function deleteConnection(db: Queryable, organizationId: string, connectionId: string): Promise<boolean> {
  const rows = await db
    .delete(dataConnections)
    .where(and(eq(dataConnections.organizationId, organizationId), eq(dataConnections.id, connectionId)))
    .returning({ id: dataConnections.id });
  return rows.length > 0;
}
