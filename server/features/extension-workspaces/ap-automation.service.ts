import type { Logger } from "pino";
import { type ApAutomationWorkspace, type VendorListStatus, apAutomationAnswersSchema } from "#common/contracts/extension-workspaces";
import type { DatasetStatus } from "#common/contracts/data-migration";
import { type ApAutomationAnswers, EMPTY_AP_AUTOMATION_ANSWERS, findMissingApAnswers, normalizeApAnswers } from "#common/domain/ap-automation-setup";
import type { Database } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { selectVendorDataset, selectVendorUploadReport } from "./extension-workspaces.queries.ts";
import { type WorkspaceDefinition, loadWorkspace, presentWorkspaceState, reopenWorkspace, saveWorkspaceDraft, submitWorkspace } from "./extension-workspaces.service.ts";

/** AP Automation's workspace: its answers, and the vendor list the migration workbench stages. */

const AP_AUTOMATION: WorkspaceDefinition<ApAutomationAnswers> = {
  extensionId: "ap-automation",
  answersSchema: apAutomationAnswersSchema,
  empty: EMPTY_AP_AUTOMATION_ANSWERS,
  normalize: normalizeApAnswers,
};

/** The vendors dataset as Data Setup left it: what is staged, and the newest upload's outcome. */
async function loadVendorListStatus(db: Database, organizationId: string): Promise<VendorListStatus> {
  const [dataset, upload] = await Promise.all([selectVendorDataset(db, organizationId), selectVendorUploadReport(db, organizationId)]);
  return {
    staged: dataset
      ? { file_name: dataset.fileName, row_count: dataset.rowCount, status: dataset.status as DatasetStatus, staged_at: dataset.stagedAt.toISOString() }
      : null,
    last_upload: upload
      ? {
          file_name: upload.fileName,
          outcome: upload.outcome === "staged" ? "staged" : "refused",
          total_rows: upload.totalRows,
          error_rows: upload.errorRows,
          uploaded_at: upload.uploadedAt.toISOString(),
        }
      : null,
  };
}

export async function getApAutomationWorkspace(db: Database, organizationId: string, caller: Caller): Promise<ApAutomationWorkspace> {
  const [workspace, vendorList] = await Promise.all([loadWorkspace(db, organizationId, AP_AUTOMATION), loadVendorListStatus(db, organizationId)]);
  const missing = findMissingApAnswers(workspace.answers);
  return { ...presentWorkspaceState("ap-automation", workspace.row, missing, caller), answers: workspace.answers, vendor_list: vendorList };
}

export async function saveApAutomationDraft(db: Database, organizationId: string, caller: Caller, answers: ApAutomationAnswers): Promise<ApAutomationWorkspace> {
  await saveWorkspaceDraft(db, organizationId, caller, AP_AUTOMATION, answers);
  return getApAutomationWorkspace(db, organizationId, caller);
}

export async function submitApAutomationWorkspace(db: Database, organizationId: string, caller: Caller, logger: Logger): Promise<ApAutomationWorkspace> {
  await submitWorkspace(db, organizationId, caller, AP_AUTOMATION, (_tx, answers) => Promise.resolve(findMissingApAnswers(answers)), logger);
  return getApAutomationWorkspace(db, organizationId, caller);
}

export async function reopenApAutomationWorkspace(db: Database, organizationId: string, caller: Caller, reason: string, logger: Logger): Promise<ApAutomationWorkspace> {
  await reopenWorkspace(db, organizationId, caller, "ap-automation", reason, logger);
  return getApAutomationWorkspace(db, organizationId, caller);
}
