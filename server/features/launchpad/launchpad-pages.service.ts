import type { z } from "zod";
import { LAUNCHPAD_PAGE_SCHEMAS, isAnswerablePageId } from "#common/contracts/launchpad-pages";
import {
  NOT_APPLICABLE_ONLY_ASPECT_PAGES_MESSAGE,
  PAGE_COMPLETED_ELSEWHERE_MESSAGE,
  type SaveLaunchpadPageBody,
  type SavedLaunchpadPage,
} from "#common/contracts/launchpad";
import { BUSINESS_ASPECTS_QUESTION_ID } from "#common/domain/business-aspects";
import { type LaunchpadPage, findLaunchpadPage, isAspectPageId } from "#common/domain/launchpad";
import { ANSWERING_PAGE_IDS } from "#common/domain/launchpad-answers";
import type { FieldIssue } from "#common/errors";
import { requireItemAccess } from "#server/auth/access-facts";
import type { Database, Transaction } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { lockConfigurationForWrite } from "#server/queries/configuration-lock.queries";
import { insertConfigurationResponse } from "#server/queries/launchpad-progress.queries";
import { recordLaunchpadAnswers } from "./launchpad-answers.ts";
import { updatePageNotApplicable, upsertLaunchpadPage } from "./launchpad.queries.ts";
import { presentLaunchpadPage, readLaunchpad, runRecalculation } from "./launchpad.service.ts";

export interface LaunchpadDeps {
  db: Database;
  access: AccessSettings;
}

/** The page's answers checked by its schema; the issues name their field under "answers". */
function parseAnswers(schema: z.ZodType<Record<string, unknown>>, answers: unknown): Record<string, unknown> {
  const result = schema.safeParse(answers);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({ path: ["answers", ...issue.path].join("."), message: issue.message }));
  const first = issues[0];
  throw new AppError("validation_failed", first ? `${first.path}: ${first.message}` : "The answers are not valid", issues);
}

/**
 * Saves a page's answers: a draft as far as it goes, or complete (every answer valid; the page
 * is marked done). A draft over a completed page keeps it completed. Business Setup also records
 * its aspects as the business-aspects answer the navigation reads (submitted when complete);
 * Financial Setup and Timeline Planning the questionnaire's answers they give (launchpad-answers.ts).
 * Every save forces a recalculation of the readings (spec §4).
 */
export async function saveLaunchpadPage(
  deps: LaunchpadDeps,
  organizationId: string,
  caller: Caller,
  pageId: string,
  body: SaveLaunchpadPageBody,
): Promise<SavedLaunchpadPage> {
  const page = findLaunchpadPage(pageId);
  if (!page) throw new AppError("not_found", "Launchpad page not found");
  // The NDA completes by signing, the price and data steps from their own features.
  if (!isAnswerablePageId(page.id)) throw new AppError("conflict", PAGE_COMPLETED_ELSEWHERE_MESSAGE);
  // The page's own gate: acumatica-tenant needs the NDA signed, menus may leave a page out.
  await requireItemAccess(deps.db, caller, organizationId, page.id, deps.access);

  const complete = body.mode === "complete";
  const schemas = LAUNCHPAD_PAGE_SCHEMAS[page.id];
  const answers = parseAnswers(complete ? schemas.complete : schemas.draft, body.answers);

  const savedAt = new Date();
  return deps.db.transaction(async (tx) => {
    const answersConfiguration = ANSWERING_PAGE_IDS.has(page.id);
    // Before the page's row: the questionnaire's writers take this lock first too.
    if (answersConfiguration) await lockConfigurationForWrite(tx, organizationId);
    await upsertLaunchpadPage(tx, organizationId, page.id, { answers, complete, savedAt });
    if (answersConfiguration) await recordLaunchpadAnswers(tx, organizationId, savedAt);
    if (page.id === "business-setup" && answers.business_aspects !== undefined) {
      await insertConfigurationResponse(tx, organizationId, {
        questionId: BUSINESS_ASPECTS_QUESTION_ID,
        responseValue: answers.business_aspects,
        submittedAt: complete ? savedAt : null,
      });
    }
    return finishPageChange(tx, organizationId, page);
  });
}

/** After a page changed: the readings recalculated (spec §4), the change announced, the page as it now counts. */
async function finishPageChange(tx: Transaction, organizationId: string, page: LaunchpadPage): Promise<SavedLaunchpadPage> {
  const { summary } = await runRecalculation(tx, organizationId, true);
  await publishEvent(tx, organizationId, { type: "launchpadChanged", organizationId });
  return { page: presentLaunchpadPage(page, await readLaunchpad(tx, organizationId)), summary };
}

/** An aspect page the caller may open; the others cannot be answered "does not apply". */
async function requireAspectPage(deps: LaunchpadDeps, organizationId: string, caller: Caller, pageId: string): Promise<LaunchpadPage> {
  const page = findLaunchpadPage(pageId);
  if (!page) throw new AppError("not_found", "Launchpad page not found");
  if (!isAspectPageId(page.id)) throw new AppError("conflict", NOT_APPLICABLE_ONLY_ASPECT_PAGES_MESSAGE);
  await requireItemAccess(deps.db, caller, organizationId, page.id, deps.access);
  return page;
}

/**
 * "This does not apply to us": the page counts as done, with the reason shown wherever it is
 * listed; its saved answers stay for the day it applies again.
 */
export async function markPageNotApplicable(deps: LaunchpadDeps, organizationId: string, caller: Caller, pageId: string, reason: string): Promise<SavedLaunchpadPage> {
  const page = await requireAspectPage(deps, organizationId, caller, pageId);
  return deps.db.transaction(async (tx) => {
    await updatePageNotApplicable(tx, organizationId, page.id, { reason, at: new Date() });
    return finishPageChange(tx, organizationId, page);
  });
}

/** Withdraws the answer: the page is to be answered again (unless it is outside the aspects). */
export async function clearPageNotApplicable(deps: LaunchpadDeps, organizationId: string, caller: Caller, pageId: string): Promise<SavedLaunchpadPage> {
  const page = await requireAspectPage(deps, organizationId, caller, pageId);
  return deps.db.transaction(async (tx) => {
    await updatePageNotApplicable(tx, organizationId, page.id, { reason: null, at: new Date() });
    return finishPageChange(tx, organizationId, page);
  });
}
