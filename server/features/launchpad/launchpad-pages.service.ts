import type { z } from "zod";
import { LAUNCHPAD_PAGE_SCHEMAS, isAnswerablePageId } from "#common/contracts/launchpad-pages";
import { PAGE_COMPLETED_ELSEWHERE_MESSAGE, type SaveLaunchpadPageBody, type SavedLaunchpadPage } from "#common/contracts/launchpad";
import { BUSINESS_ASPECTS_QUESTION_ID } from "#common/domain/business-aspects";
import { findLaunchpadPage } from "#common/domain/launchpad";
import type { FieldIssue } from "#common/errors";
import { requireItemAccess } from "#server/auth/access-facts";
import type { Database } from "#server/db/database";
import type { AccessSettings } from "#server/env";
import type { Caller } from "#server/lib/app-context";
import { AppError } from "#server/lib/app-error";
import { publishEvent } from "#server/realtime/publish-event";
import { insertConfigurationResponse } from "#server/queries/launchpad-progress.queries";
import { upsertLaunchpadPage } from "./launchpad.queries.ts";
import { presentLaunchpadPage, runRecalculation } from "./launchpad.service.ts";

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
 * its aspects as the business-aspects answer the navigation reads (submitted when complete).
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
    const row = await upsertLaunchpadPage(tx, organizationId, page.id, { answers, complete, savedAt });
    if (page.id === "business-setup" && answers.business_aspects !== undefined) {
      await insertConfigurationResponse(tx, organizationId, {
        questionId: BUSINESS_ASPECTS_QUESTION_ID,
        responseValue: answers.business_aspects,
        submittedAt: complete ? savedAt : null,
      });
    }
    const { summary } = await runRecalculation(tx, organizationId, true);
    await publishEvent(tx, organizationId, { type: "launchpadChanged", organizationId });
    return { page: presentLaunchpadPage(page, row), summary };
  });
}
