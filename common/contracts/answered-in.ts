import { z } from "zod";
import { findAnsweringPage } from "../domain/launchpad-answers.ts";
import { findLaunchpadPage } from "../domain/launchpad.ts";

/**
 * Where a configuration question is answered when it is not answered in place: the launchpad page
 * that is its one source (Financial Setup for the currency and the fiscal calendar, Timeline Planning for the go-live date). The question
 * is shown read-only with a link to the page; saving an answer to it is refused.
 */
export const answeredInSchema = z.object({ page_id: z.string(), label: z.string(), route: z.string() });
export type AnsweredIn = z.infer<typeof answeredInSchema>;

export function presentAnsweredIn(questionKey: string): AnsweredIn | null {
  const pageId = findAnsweringPage(questionKey);
  const page = pageId === null ? undefined : findLaunchpadPage(pageId);
  return page ? { page_id: page.id, label: page.label, route: page.route } : null;
}
