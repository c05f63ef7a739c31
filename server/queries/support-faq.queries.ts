import type { Queryable } from "#server/db/database";
import { supportFaq } from "#server/db/schema/index";

/**
 * The answers to common questions: stored by the curriculum's import, exported with it, and shown
 * on /support, so both features read the one row here.
 */

/** The FAQ's Markdown; null when the curriculum names none. */
export async function selectSupportFaqMarkdown(db: Queryable): Promise<string | null> {
  const [row] = await db.select({ bodyMarkdown: supportFaq.bodyMarkdown }).from(supportFaq).limit(1);
  return row?.bodyMarkdown ?? null;
}
