import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { OPEN_CONTAINERS_PREVIEW_ROWS } from "#common/domain/open-containers-import";
import type { WorkspaceExtensionId } from "#common/domain/extension-workspaces";
import type { Queryable, Transaction } from "#server/db/database";
import { extensionWorkspaceImports, extensionWorkspaces, migrationDatasets, migrationUploadReports, users } from "#server/db/schema/index";

/** Statements of the extension workspaces; every one is scoped to the organization. */

export interface WorkspaceRow {
  answers: unknown;
  status: string;
  savedAt: Date | null;
  savedByName: string | null;
  submittedAt: Date | null;
  submittedByName: string | null;
  reopenedAt: Date | null;
  reopenedByName: string | null;
  reopenReason: string | null;
}

const w = extensionWorkspaces;
const scope = (organizationId: string, extensionId: WorkspaceExtensionId) => and(eq(w.organizationId, organizationId), eq(w.extensionId, extensionId));

/** The workspace with the names of who saved, submitted and reopened it; undefined before the first save. */
export async function selectWorkspace(db: Queryable, organizationId: string, extensionId: WorkspaceExtensionId): Promise<WorkspaceRow | undefined> {
  const saver = alias(users, "saver");
  const submitter = alias(users, "submitter");
  const reopener = alias(users, "reopener");
  const [row] = await db
    .select({
      answers: w.answers,
      status: w.status,
      savedAt: w.savedAt,
      savedByName: saver.name,
      submittedAt: w.submittedAt,
      submittedByName: submitter.name,
      reopenedAt: w.reopenedAt,
      reopenedByName: reopener.name,
      reopenReason: w.reopenReason,
    })
    .from(w)
    .leftJoin(saver, eq(saver.id, w.savedBy))
    .leftJoin(submitter, eq(submitter.id, w.submittedBy))
    .leftJoin(reopener, eq(reopener.id, w.reopenedBy))
    .where(scope(organizationId, extensionId));
  return row;
}

/** The workspace's answers and status, locked until the transaction ends (a submission reads then writes). */
export async function selectWorkspaceForUpdate(tx: Transaction, organizationId: string, extensionId: WorkspaceExtensionId) {
  const [row] = await tx.select({ answers: w.answers, status: w.status }).from(w).where(scope(organizationId, extensionId)).for("update");
  return row;
}

/** Writes the draft's answers; false when the workspace is submitted (nothing written). */
export async function upsertDraftAnswers(tx: Transaction, organizationId: string, extensionId: WorkspaceExtensionId, answers: unknown, userId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(w)
    .values({ organizationId, extensionId, answers, status: "draft", savedBy: userId, savedAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [w.organizationId, w.extensionId],
      set: { answers, savedBy: userId, savedAt: at, updatedAt: at },
      setWhere: eq(w.status, "draft"),
    })
    .returning({ status: w.status });
  return rows.length > 0;
}

/** Marks the (locked, draft) workspace submitted. */
export async function updateWorkspaceSubmitted(tx: Transaction, organizationId: string, extensionId: WorkspaceExtensionId, userId: string, at: Date): Promise<void> {
  await tx.update(w).set({ status: "submitted", submittedBy: userId, submittedAt: at, updatedAt: at }).where(scope(organizationId, extensionId));
}

/** Reopens a submitted workspace with the reason (the submission is kept, as history); false when it was not submitted. */
export async function updateWorkspaceReopened(
  tx: Transaction,
  organizationId: string,
  extensionId: WorkspaceExtensionId,
  values: { userId: string; reason: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(w)
    .set({ status: "draft", reopenedBy: values.userId, reopenedAt: values.at, reopenReason: values.reason, updatedAt: values.at })
    .where(and(scope(organizationId, extensionId), eq(w.status, "submitted")))
    .returning({ status: w.status });
  return rows.length > 0;
}

const VENDORS = "vendors";

/** The vendors staged in the migration workbench; undefined when none are. */
export async function selectVendorDataset(db: Queryable, organizationId: string) {
  const d = migrationDatasets;
  const [row] = await db
    .select({ fileName: d.fileName, rowCount: d.rowCount, status: d.status, stagedAt: d.stagedAt })
    .from(d)
    .where(and(eq(d.organizationId, organizationId), eq(d.entity, VENDORS)));
  return row;
}

/** The newest vendors upload's outcome, staged or refused; undefined before the first. */
export async function selectVendorUploadReport(db: Queryable, organizationId: string) {
  const r = migrationUploadReports;
  const [row] = await db
    .select({ fileName: r.fileName, outcome: r.outcome, totalRows: r.totalRows, errorRows: r.errorRows, uploadedAt: r.uploadedAt })
    .from(r)
    .where(and(eq(r.organizationId, organizationId), eq(r.entity, VENDORS)));
  return row;
}

const imports = extensionWorkspaceImports;
const importScope = (organizationId: string, extensionId: WorkspaceExtensionId) => and(eq(imports.organizationId, organizationId), eq(imports.extensionId, extensionId));

export interface ImportSummaryRow {
  fileName: string;
  rowCount: number;
  /** The first OPEN_CONTAINERS_PREVIEW_ROWS rows only. */
  previewRows: unknown;
  typeCodes: string[];
  portCodes: string[];
  importedAt: Date;
  importedByName: string | null;
}

/** The last valid import with its first rows (the rest stay in the database); undefined when none. */
export async function selectImportSummary(db: Queryable, organizationId: string, extensionId: WorkspaceExtensionId): Promise<ImportSummaryRow | undefined> {
  const [row] = await db
    .select({
      fileName: imports.fileName,
      rowCount: imports.rowCount,
      previewRows: sql<unknown>`jsonb_path_query_array(${imports.rows}, ${`$[0 to ${OPEN_CONTAINERS_PREVIEW_ROWS - 1}]`}::jsonpath)`,
      typeCodes: imports.typeCodes,
      portCodes: imports.portCodes,
      importedAt: imports.importedAt,
      importedByName: users.name,
    })
    .from(imports)
    .leftJoin(users, eq(users.id, imports.importedBy))
    .where(importScope(organizationId, extensionId));
  return row;
}

export interface NewImport {
  fileName: string;
  rows: readonly unknown[];
  typeCodes: string[];
  portCodes: string[];
  importedBy: string;
}

/** Replaces the workspace's import with a new one. */
export async function upsertImport(tx: Transaction, organizationId: string, extensionId: WorkspaceExtensionId, values: NewImport): Promise<void> {
  const row = {
    fileName: values.fileName,
    rowCount: values.rows.length,
    rows: values.rows,
    typeCodes: values.typeCodes,
    portCodes: values.portCodes,
    importedBy: values.importedBy,
    importedAt: new Date(),
  };
  await tx
    .insert(imports)
    .values({ organizationId, extensionId, ...row })
    .onConflictDoUpdate({ target: [imports.organizationId, imports.extensionId], set: row });
}

/** Removes the workspace's import; false when there was none. */
export async function deleteImport(tx: Transaction, organizationId: string, extensionId: WorkspaceExtensionId): Promise<boolean> {
  const rows = await tx.delete(imports).where(importScope(organizationId, extensionId)).returning({ fileName: imports.fileName });
  return rows.length > 0;
}
