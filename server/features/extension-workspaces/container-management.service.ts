import type { Logger } from "pino";
import { type ContainerManagementWorkspace, type OpenContainers, containerManagementAnswersSchema, openContainerRowSchema } from "#common/contracts/extension-workspaces";
import {
  type ContainerManagementAnswers,
  EMPTY_CONTAINER_MANAGEMENT_ANSWERS,
  type ImportedReferences,
  findMissingContainerAnswers,
} from "#common/domain/container-management-setup";
import type { Database, Transaction } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { type ImportSummaryRow, deleteImport, selectImportSummary, selectWorkspaceForUpdate } from "./extension-workspaces.queries.ts";
import {
  type WorkspaceDefinition,
  announceWorkspaceChange,
  loadWorkspace,
  presentWorkspaceState,
  reopenWorkspace,
  requireDraft,
  saveWorkspaceDraft,
  submitWorkspace,
} from "./extension-workspaces.service.ts";

/** Container Management's workspace: its answers, and the last valid import of open containers. */

export const CONTAINER_MANAGEMENT: WorkspaceDefinition<ContainerManagementAnswers> = {
  extensionId: "container-management",
  answersSchema: containerManagementAnswersSchema,
  empty: EMPTY_CONTAINER_MANAGEMENT_ANSWERS,
  normalize: (answers) => answers,
};

const rowsSchema = openContainerRowSchema.array();

function presentOpenContainers(summary: ImportSummaryRow): OpenContainers {
  const rows = rowsSchema.safeParse(summary.previewRows);
  if (!rows.success) throw new Error("stored open containers no longer parse");
  return {
    file_name: summary.fileName,
    row_count: summary.rowCount,
    imported_by_name: summary.importedByName,
    imported_at: summary.importedAt.toISOString(),
    rows: rows.data,
  };
}

const referencesOf = (summary: ImportSummaryRow | undefined): ImportedReferences | null =>
  summary ? { typeCodes: summary.typeCodes, portCodes: summary.portCodes } : null;

export async function getContainerManagementWorkspace(db: Database, organizationId: string, caller: Caller): Promise<ContainerManagementWorkspace> {
  const [workspace, summary] = await Promise.all([loadWorkspace(db, organizationId, CONTAINER_MANAGEMENT), selectImportSummary(db, organizationId, "container-management")]);
  const missing = findMissingContainerAnswers(workspace.answers, referencesOf(summary));
  return {
    ...presentWorkspaceState("container-management", workspace.row, missing, caller),
    answers: workspace.answers,
    open_containers: summary ? presentOpenContainers(summary) : null,
  };
}

export async function saveContainerManagementDraft(
  db: Database,
  organizationId: string,
  caller: Caller,
  answers: ContainerManagementAnswers,
): Promise<ContainerManagementWorkspace> {
  await saveWorkspaceDraft(db, organizationId, caller, CONTAINER_MANAGEMENT, answers);
  return getContainerManagementWorkspace(db, organizationId, caller);
}

export async function submitContainerManagementWorkspace(db: Database, organizationId: string, caller: Caller, logger: Logger): Promise<ContainerManagementWorkspace> {
  const findMissing = async (tx: Transaction, answers: ContainerManagementAnswers) =>
    findMissingContainerAnswers(answers, referencesOf(await selectImportSummary(tx, organizationId, "container-management")));
  await submitWorkspace(db, organizationId, caller, CONTAINER_MANAGEMENT, findMissing, logger);
  return getContainerManagementWorkspace(db, organizationId, caller);
}

export async function reopenContainerManagementWorkspace(
  db: Database,
  organizationId: string,
  caller: Caller,
  reason: string,
  logger: Logger,
): Promise<ContainerManagementWorkspace> {
  await reopenWorkspace(db, organizationId, caller, "container-management", reason, logger);
  return getContainerManagementWorkspace(db, organizationId, caller);
}

/** Removes the last import of open containers (a draft's); with none, there is nothing to do. */
export async function discardOpenContainers(db: Database, organizationId: string, caller: Caller): Promise<ContainerManagementWorkspace> {
  await db.transaction(async (tx) => {
    requireDraft((await selectWorkspaceForUpdate(tx, organizationId, "container-management"))?.status);
    if (await deleteImport(tx, organizationId, "container-management")) await announceWorkspaceChange(tx, organizationId, "container-management");
  });
  return getContainerManagementWorkspace(db, organizationId, caller);
}
