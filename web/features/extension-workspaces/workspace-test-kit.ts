import type { ApAutomationWorkspace, ContainerManagementWorkspace } from "#common/contracts/extension-workspaces";
import { EMPTY_AP_AUTOMATION_ANSWERS } from "#common/domain/ap-automation-setup";
import { EMPTY_CONTAINER_MANAGEMENT_ANSWERS } from "#common/domain/container-management-setup";

/** Test-only: workspaces as the server answers them, for the pages' tests. */

const DRAFT_STATE = {
  status: "draft" as const,
  saved: { at: "2026-12-01T10:00:00.000Z", by_name: "Ann Lee" },
  submitted: null,
  reopened: null,
  missing: [],
  can: { edit: true, submit: true, reopen: false },
};

export const SUBMITTED_STATE = {
  status: "submitted" as const,
  saved: { at: "2026-12-01T10:00:00.000Z", by_name: "Ann Lee" },
  submitted: { at: "2026-12-02T09:30:00.000Z", by_name: "Ann Lee" },
  reopened: null,
  missing: [],
  can: { edit: false, submit: false, reopen: true },
};

export function apWorkspace(overrides: Partial<ApAutomationWorkspace> = {}): ApAutomationWorkspace {
  return {
    extension_id: "ap-automation",
    ...DRAFT_STATE,
    answers: {
      ...EMPTY_AP_AUTOMATION_ANSWERS,
      approval_rules: [{ min_amount: "0.00", max_amount: null, approver_role: "ap_manager", approvals_required: 1 }],
      intake: { email: "bills@acme.example", formats: ["pdf"] },
    },
    vendor_list: {
      staged: { file_name: "vendors.csv", row_count: 120, status: "staged", staged_at: "2026-11-30T08:00:00.000Z" },
      last_upload: { file_name: "vendors-v2.csv", outcome: "refused", total_rows: 121, error_rows: 2, uploaded_at: "2026-12-01T08:00:00.000Z" },
    },
    ...overrides,
  };
}

export function containerWorkspace(overrides: Partial<ContainerManagementWorkspace> = {}): ContainerManagementWorkspace {
  return {
    extension_id: "container-management",
    ...DRAFT_STATE,
    answers: {
      ...EMPTY_CONTAINER_MANAGEMENT_ANSWERS,
      ports: [
        { code: "CNSHA", name: "Shanghai", country: "CN" },
        { code: "USLAX", name: "Los Angeles", country: "US" },
      ],
    },
    open_containers: null,
    ...overrides,
  };
}
