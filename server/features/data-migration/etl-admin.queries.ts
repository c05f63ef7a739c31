import { type SQL, and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DatasetStatus } from "#common/contracts/data-migration";
import type { MigrationEntityId } from "#common/domain/migration-entities";
import type { Queryable } from "#server/db/database";
import { dataConnections, migrationDatasets, organizations, users } from "#server/db/schema/index";
import type { DatasetRow } from "./data-migration.queries.ts";

/**
 * The ETL team's reads and review, across every organization (the routes' guard admits only the
 * ETL team). Connection settings are never selected: they hold credentials.
 */

export interface EtlConnectionRow {
  id: string;
  organizationId: string;
  organizationName: string;
  dataSourceId: string;
  name: string;
  status: string;
  lastTestedAt: Date | null;
  lastTestError: string | null;
  createdAt: Date;
  lastActivityAt: Date;
}

export interface EtlDatasetRow extends DatasetRow {
  organizationName: string;
}

export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** `%text%` for ILIKE, with the pattern characters of the text matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

// Drivers answer timestamps computed in SQL as text; they are read back as dates here.
const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

export async function selectEtlConnections(
  db: Queryable,
  filters: { q?: string; status?: string; dataSourceId?: string },
  limit: number,
): Promise<ListPage<EtlConnectionRow>> {
  const lastActivity = sql`greatest(${dataConnections.createdAt}, ${dataConnections.updatedAt}, ${dataConnections.lastTestedAt})`;
  const conditions: (SQL | undefined)[] = [
    filters.q ? or(ilike(organizations.organizationName, containsPattern(filters.q)), ilike(dataConnections.name, containsPattern(filters.q))) : undefined,
    filters.status ? eq(dataConnections.status, filters.status) : undefined,
    filters.dataSourceId ? eq(dataConnections.dataSourceId, filters.dataSourceId) : undefined,
  ];
  const rows = await db
    .select({
      id: dataConnections.id,
      organizationId: dataConnections.organizationId,
      organizationName: organizations.organizationName,
      dataSourceId: dataConnections.dataSourceId,
      name: dataConnections.name,
      status: dataConnections.status,
      lastTestedAt: dataConnections.lastTestedAt,
      lastTestError: dataConnections.lastTestError,
      createdAt: dataConnections.createdAt,
      lastActivityAt: sql<unknown>`${lastActivity}`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(dataConnections)
    .innerJoin(organizations, eq(organizations.id, dataConnections.organizationId))
    .where(and(...conditions))
    .orderBy(desc(lastActivity), desc(dataConnections.id))
    .limit(limit);
  return {
    rows: rows.map(({ total: _total, lastActivityAt, ...row }) => ({ ...row, lastActivityAt: asDate(lastActivityAt) })),
    total: rows[0]?.total ?? 0,
  };
}

const stager = alias(users, "etl_dataset_stager");
const reviewer = alias(users, "etl_dataset_reviewer");

function selectEtlDatasetRows(db: Queryable) {
  return db
    .select({
      dataset: migrationDatasets,
      organizationName: organizations.organizationName,
      stagedByName: stager.name,
      reviewedByName: reviewer.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(migrationDatasets)
    .innerJoin(organizations, eq(organizations.id, migrationDatasets.organizationId))
    .leftJoin(stager, eq(stager.id, migrationDatasets.stagedBy))
    .leftJoin(reviewer, eq(reviewer.id, migrationDatasets.reviewedBy));
}

export async function selectEtlDatasets(
  db: Queryable,
  filters: { q?: string; status?: DatasetStatus; entity?: MigrationEntityId },
  limit: number,
): Promise<ListPage<EtlDatasetRow>> {
  const conditions: (SQL | undefined)[] = [
    filters.q ? or(ilike(organizations.organizationName, containsPattern(filters.q)), ilike(migrationDatasets.fileName, containsPattern(filters.q))) : undefined,
    filters.status ? eq(migrationDatasets.status, filters.status) : undefined,
    filters.entity ? eq(migrationDatasets.entity, filters.entity) : undefined,
  ];
  const rows = await selectEtlDatasetRows(db)
    .where(and(...conditions))
    .orderBy(desc(migrationDatasets.updatedAt), desc(migrationDatasets.id))
    .limit(limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export async function selectEtlDataset(db: Queryable, datasetId: string): Promise<EtlDatasetRow | undefined> {
  const [row] = await selectEtlDatasetRows(db).where(eq(migrationDatasets.id, datasetId));
  if (!row) return undefined;
  const { total: _total, ...dataset } = row;
  return dataset;
}

/**
 * Records the ETL team's review of the file staged at `stagedAt` (compared to the millisecond, the
 * precision answers carry); undefined when there is no such dataset or another file is staged now.
 */
export async function updateDatasetReview(
  db: Queryable,
  datasetId: string,
  review: { status: "loaded" | "rejected"; comment: string | null; reviewedBy: string; stagedAt: Date },
): Promise<{ organizationId: string; entity: string } | undefined> {
  const [row] = await db
    .update(migrationDatasets)
    .set({ status: review.status, reviewComment: review.comment, reviewedBy: review.reviewedBy, reviewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(migrationDatasets.id, datasetId), sql`date_trunc('milliseconds', ${migrationDatasets.stagedAt}) = ${review.stagedAt.toISOString()}::timestamptz`))
    .returning({ organizationId: migrationDatasets.organizationId, entity: migrationDatasets.entity });
  return row;
}
