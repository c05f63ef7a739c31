import type { Logger } from "pino";
import type { z } from "zod";
import { WORKSPACE_MESSAGES, type WorkspaceExtensionId, type WorkspaceStatus, canReopenWorkspace, describeMissing } from "#common/domain/extension-workspaces";
import type { FieldIssue } from "#common/errors";
import type { Database, Transaction } from "#server/db/database";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import {
  type WorkspaceRow,
  selectWorkspace,
  selectWorkspaceForUpdate,
  updateWorkspaceReopened,
  updateWorkspaceSubmitted,
  upsertDraftAnswers,
} from "./extension-workspaces.queries.ts";

/**
 * What the two workspaces share: the draft, its submission and reopening. Each workspace's service
 * (ap-automation.service.ts, container-management.service.ts) gives its answers' schema and what
 * its submission needs, and adds what it shows besides its answers.
 */

export interface WorkspaceDefinition<A> {
  extensionId: WorkspaceExtensionId;
  /** Reads the stored answers back (they were checked by it when saved). */
  answersSchema: z.ZodType<A>;
  empty: A;
  /** The answers as kept (what the page hides is dropped). */
  normalize: (answers: A) => A;
}

export interface LoadedWorkspace<A> {
  row: WorkspaceRow | undefined;
  answers: A;
}

function readAnswers<A>(definition: WorkspaceDefinition<A>, stored: unknown): A {
  const parsed = definition.answersSchema.safeParse(stored);
  if (!parsed.success) throw new Error(`stored ${definition.extensionId} answers no longer parse: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}

export async function loadWorkspace<A>(db: Database, organizationId: string, definition: WorkspaceDefinition<A>): Promise<LoadedWorkspace<A>> {
  const row = await selectWorkspace(db, organizationId, definition.extensionId);
  return { row, answers: row ? readAnswers(definition, row.answers) : definition.empty };
}

/** The fields every workspace answers with besides its answers: status, who did what, verdicts. */
export function presentWorkspaceState(extensionId: WorkspaceExtensionId, row: WorkspaceRow | undefined, missing: FieldIssue[], caller: Caller) {
  const status: WorkspaceStatus = row?.status === "submitted" ? "submitted" : "draft";
  const byWhom = (at: Date | null, name: string | null) => (at ? { at: at.toISOString(), by_name: name } : null);
  return {
    extension_id: extensionId,
    status,
    saved: byWhom(row?.savedAt ?? null, row?.savedByName ?? null),
    submitted: byWhom(row?.submittedAt ?? null, row?.submittedByName ?? null),
    reopened: row?.reopenedAt ? { at: row.reopenedAt.toISOString(), by_name: row.reopenedByName, reason: row.reopenReason ?? "" } : null,
    missing,
    can: {
      edit: status === "draft",
      submit: status === "draft" && missing.length === 0,
      reopen: status === "submitted" && canReopenWorkspace(caller),
    },
  };
}

/** Announced last in every write's transaction: open pages of the workspace refetch. */
export function announceWorkspaceChange(tx: Transaction, organizationId: string, extensionId: WorkspaceExtensionId): Promise<void> {
  return publishEvent(tx, organizationId, { type: "extensionWorkspaceChanged", organizationId, extensionId });
}

/** Refuses a change of a submitted workspace (409). */
export function requireDraft(status: string | undefined): void {
  if (status === "submitted") throw new AppError("conflict", WORKSPACE_MESSAGES.submittedLocked);
}

/** Saves the answers as the draft, whole (the page sends every field); 409 once submitted. */
export async function saveWorkspaceDraft<A>(db: Database, organizationId: string, caller: Caller, definition: WorkspaceDefinition<A>, answers: A): Promise<void> {
  await db.transaction(async (tx) => {
    const saved = await upsertDraftAnswers(tx, organizationId, definition.extensionId, definition.normalize(answers), caller.userId, new Date());
    if (!saved) throw new AppError("conflict", WORKSPACE_MESSAGES.submittedLocked);
    await announceWorkspaceChange(tx, organizationId, definition.extensionId);
  });
}

/**
 * Submits the workspace once nothing is missing; otherwise 409 listing what is, each under its
 * field's path in `details`. The workspace is locked while it is read, so a save cannot slip in
 * between the check and the submission. Submitting a submitted workspace changes nothing (a second
 * click, a stale tab): the caller gets it as it stands.
 */
export async function submitWorkspace<A>(
  db: Database,
  organizationId: string,
  caller: Caller,
  definition: WorkspaceDefinition<A>,
  findMissing: (tx: Transaction, answers: A) => Promise<FieldIssue[]>,
  logger: Logger,
): Promise<void> {
  const { extensionId } = definition;
  const submitted = await db.transaction(async (tx) => {
    const row = await selectWorkspaceForUpdate(tx, organizationId, extensionId);
    if (row?.status === "submitted") return false;
    const missing = await findMissing(tx, row ? readAnswers(definition, row.answers) : definition.empty);
    if (missing.length > 0 || !row) throw new AppError("conflict", describeMissing(missing), missing);
    await updateWorkspaceSubmitted(tx, organizationId, extensionId, caller.userId, new Date());
    await announceWorkspaceChange(tx, organizationId, extensionId);
    return true;
  });
  if (submitted) logger.info({ event: "extension_workspace.submitted", organizationId, extensionId }, "extension workspace submitted");
}

/** Reopens a submitted workspace with the reason: organization admins and employees only (403 otherwise). */
export async function reopenWorkspace(
  db: Database,
  organizationId: string,
  caller: Caller,
  extensionId: WorkspaceExtensionId,
  reason: string,
  logger: Logger,
): Promise<void> {
  if (!canReopenWorkspace(caller)) throw new AppError("forbidden", WORKSPACE_MESSAGES.reopenNotAllowed);
  await db.transaction(async (tx) => {
    const reopened = await updateWorkspaceReopened(tx, organizationId, extensionId, { userId: caller.userId, reason, at: new Date() });
    if (!reopened) throw new AppError("conflict", WORKSPACE_MESSAGES.notSubmitted);
    await announceWorkspaceChange(tx, organizationId, extensionId);
  });
  logger.info({ event: "extension_workspace.reopened", organizationId, extensionId }, "extension workspace reopened");
}
