import { z } from "zod";
import { OPEN_CONTAINERS_MAX_FILE_BYTES, OPEN_CONTAINERS_MAX_ROWS } from "../domain/open-containers-import.ts";
import {
  WORKSPACE_EXTENSION_IDS,
  WORKSPACE_REOPEN_REASON_MAX,
  WORKSPACE_REOPEN_REASON_MIN,
  WORKSPACE_STATUSES,
} from "../domain/extension-workspaces.ts";
import { DATASET_STATUSES, MIGRATION_FILE_NAME_MAX, migrationIssueSchema } from "./data-migration.ts";
import { apAutomationAnswersSchema, containerManagementAnswersSchema } from "./extension-workspace-answers.ts";
import { defineRoute } from "./http.ts";
import { hasControlCharacter, singleLineText } from "./text-fields.ts";

/**
 * The extension workspaces (spec §2 /extensions/ap-automation, /extensions/container-management):
 * each active extension's set-up, saved as a draft, submitted when complete (then read-only), and
 * reopened with a reason by an organization admin or an employee. Every route names its
 * extension's item, so the extension guard (common/domain/access.ts) opens them only once the
 * extension is active for the organization, and always for employees. Answers:
 * extension-workspace-answers.ts.
 */

export { apAutomationAnswersSchema, containerManagementAnswersSchema } from "./extension-workspace-answers.ts";
export type { ApAutomationAnswersInput, ContainerManagementAnswersInput } from "./extension-workspace-answers.ts";

const fieldIssueSchema = z.object({ path: z.string(), message: z.string() });

const byWhomSchema = z.object({ at: z.iso.datetime(), by_name: z.string().nullable() });

const workspaceStateShape = {
  extension_id: z.enum(WORKSPACE_EXTENSION_IDS),
  status: z.enum(WORKSPACE_STATUSES),
  /** The last draft save; null before the first. */
  saved: byWhomSchema.nullable(),
  /** The last submission (kept after a reopening: `status` says whether it stands); null before the first. */
  submitted: byWhomSchema.nullable(),
  /** The last reopening and its reason, kept after a new submission. */
  reopened: byWhomSchema.extend({ reason: z.string() }).nullable(),
  /** What a submission still needs, each under its field's path; empty when complete. */
  missing: z.array(fieldIssueSchema),
  can: z.object({
    /** A draft: anyone the page opens to saves it. */
    edit: z.boolean(),
    /** A draft with nothing missing. */
    submit: z.boolean(),
    /** Submitted, and the caller is an organization admin or an employee. */
    reopen: z.boolean(),
  }),
};

/** The vendors dataset of the migration workbench (Data Setup), as AP Automation needs it. */
export const vendorListStatusSchema = z.object({
  /** What is staged now; null when nothing is. */
  staged: z.object({ file_name: z.string(), row_count: z.number().int(), status: z.enum(DATASET_STATUSES), staged_at: z.iso.datetime() }).nullable(),
  /** The newest upload, staged or refused; null before the first. */
  last_upload: z
    .object({
      file_name: z.string(),
      outcome: z.enum(["staged", "refused"]),
      total_rows: z.number().int(),
      error_rows: z.number().int(),
      uploaded_at: z.iso.datetime(),
    })
    .nullable(),
});
export type VendorListStatus = z.infer<typeof vendorListStatusSchema>;

export const apAutomationWorkspaceSchema = z.object({ ...workspaceStateShape, answers: apAutomationAnswersSchema, vendor_list: vendorListStatusSchema });
export type ApAutomationWorkspace = z.infer<typeof apAutomationWorkspaceSchema>;

export const openContainerRowSchema = z.object({
  line: z.number().int(),
  container_number: z.string(),
  type_code: z.string(),
  origin_port: z.string(),
  destination_port: z.string(),
  etd: z.string(),
  eta: z.string(),
  status: z.string(),
  bill_of_lading: z.string().nullable(),
});
export type OpenContainerRowAnswer = z.infer<typeof openContainerRowSchema>;

/** The last valid import of open containers. */
export const openContainersSchema = z.object({
  file_name: z.string(),
  row_count: z.number().int(),
  imported_by_name: z.string().nullable(),
  imported_at: z.iso.datetime(),
  /** The first OPEN_CONTAINERS_PREVIEW_ROWS rows, in file order. */
  rows: z.array(openContainerRowSchema),
});
export type OpenContainers = z.infer<typeof openContainersSchema>;

export const containerManagementWorkspaceSchema = z.object({
  ...workspaceStateShape,
  answers: containerManagementAnswersSchema,
  open_containers: openContainersSchema.nullable(),
});
export type ContainerManagementWorkspace = z.infer<typeof containerManagementWorkspaceSchema>;

/** A checked file: the migration workbench's report shape (lines and columns of each problem). */
export const openContainersReportSchema = z.object({
  file_name: z.string(),
  /** imported: every row passed and replaced the last import; refused: nothing changed. */
  outcome: z.enum(["imported", "refused"]),
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  error_rows: z.number().int(),
  issue_count: z.number().int(),
  issues: z.array(migrationIssueSchema),
});
export type OpenContainersReport = z.infer<typeof openContainersReportSchema>;

/** A clean file's answer; a refused one answers 400 with the report in `details`. */
export const openContainersImportResultSchema = z.object({ report: openContainersReportSchema, workspace: containerManagementWorkspaceSchema });
export type OpenContainersImportResult = z.infer<typeof openContainersImportResultSchema>;

export const openContainersImportQuerySchema = z.object({ file_name: singleLineText("file_name", MIGRATION_FILE_NAME_MAX) });

export const reopenWorkspaceBodySchema = z.object({
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(WORKSPACE_REOPEN_REASON_MIN, { error: `Reason must be at least ${WORKSPACE_REOPEN_REASON_MIN} characters` })
    .max(WORKSPACE_REOPEN_REASON_MAX, { error: `Reason must be at most ${WORKSPACE_REOPEN_REASON_MAX} characters` })
    // Line breaks are the reason's own; any other control character is not.
    .refine((text) => !hasControlCharacter(text.replace(/[\r\n\t]/g, " ")), { error: "Reason cannot contain control characters" }),
});
export type ReopenWorkspaceBody = z.input<typeof reopenWorkspaceBodySchema>;

const tag = "Extension workspaces";
const ap = "/api/extension-workspaces/ap-automation";
const containers = "/api/extension-workspaces/container-management";

export const getApAutomationWorkspaceRoute = defineRoute({
  id: "getApAutomationWorkspace", method: "get", path: ap, tag, access: "organization", item: "ap-automation",
  summary: "AP Automation's set-up: answers, status, what a submission still needs and the vendor list's state",
  response: apAutomationWorkspaceSchema,
});
export const saveApAutomationDraftRoute = defineRoute({
  id: "saveApAutomationDraft", method: "put", path: ap, tag, access: "organization", item: "ap-automation",
  summary: "Save AP Automation's answers as a draft (each field checked, incomplete allowed); 409 once submitted",
  body: apAutomationAnswersSchema, response: apAutomationWorkspaceSchema,
});
export const submitApAutomationWorkspaceRoute = defineRoute({
  id: "submitApAutomationWorkspace", method: "post", path: `${ap}/submit`, tag, access: "organization", item: "ap-automation",
  summary: "Submit AP Automation's set-up (409 listing what is missing); it becomes read-only",
  response: apAutomationWorkspaceSchema,
});
export const reopenApAutomationWorkspaceRoute = defineRoute({
  id: "reopenApAutomationWorkspace", method: "post", path: `${ap}/reopen`, tag, access: "organization", item: "ap-automation",
  summary: "Reopen the submitted set-up with a reason (organization admins and employees)",
  body: reopenWorkspaceBodySchema, response: apAutomationWorkspaceSchema,
});

export const getContainerManagementWorkspaceRoute = defineRoute({
  id: "getContainerManagementWorkspace", method: "get", path: containers, tag, access: "organization", item: "container-management",
  summary: "Container Management's set-up: answers, status, what a submission still needs and the last open-containers import",
  response: containerManagementWorkspaceSchema,
});
export const saveContainerManagementDraftRoute = defineRoute({
  id: "saveContainerManagementDraft", method: "put", path: containers, tag, access: "organization", item: "container-management",
  summary: "Save Container Management's answers as a draft (each field checked, incomplete allowed); 409 once submitted",
  body: containerManagementAnswersSchema, response: containerManagementWorkspaceSchema,
});
export const submitContainerManagementWorkspaceRoute = defineRoute({
  id: "submitContainerManagementWorkspace", method: "post", path: `${containers}/submit`, tag, access: "organization", item: "container-management",
  summary: "Submit Container Management's set-up (409 listing what is missing); it becomes read-only",
  response: containerManagementWorkspaceSchema,
});
export const reopenContainerManagementWorkspaceRoute = defineRoute({
  id: "reopenContainerManagementWorkspace", method: "post", path: `${containers}/reopen`, tag, access: "organization", item: "container-management",
  summary: "Reopen the submitted set-up with a reason (organization admins and employees)",
  body: reopenWorkspaceBodySchema, response: containerManagementWorkspaceSchema,
});
export const importOpenContainersRoute = defineRoute({
  id: "importOpenContainers", method: "post", path: `${containers}/open-containers`, tag, access: "organization", item: "container-management",
  summary: "Import open containers from CSV (the raw body): checked per cell against the set-up's types and ports; a clean file replaces the last import, any problem changes nothing (400 with the report)",
  query: openContainersImportQuerySchema, response: openContainersImportResultSchema,
  rawBody: {
    mediaTypes: ["text/csv", "text/plain", "application/vnd.ms-excel", "application/octet-stream"],
    description: `The CSV file itself, UTF-8, at most ${OPEN_CONTAINERS_MAX_FILE_BYTES / 1024 / 1024} MiB and ${OPEN_CONTAINERS_MAX_ROWS.toLocaleString("en-US")} rows`,
  },
});
export const discardOpenContainersRoute = defineRoute({
  id: "discardOpenContainers", method: "delete", path: `${containers}/open-containers`, tag, access: "organization", item: "container-management",
  summary: "Discard the last open-containers import, if any (refused once the set-up is submitted)",
  response: containerManagementWorkspaceSchema,
});
