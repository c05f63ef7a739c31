import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./portal-fixtures.ts";

/** The WCAG levels every page is held to. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Axe on the whole page, or on `include` (a dialog) only, once the page's finite transitions and
 * animations have ended: a button just pressed or a theme just switched is mid-fade, and axe
 * would read a colour the page never rests on. Endless ones (a spinner, a skeleton's pulse) are
 * not waited for.
 */
export async function expectNoAxeViolations(page: Page, where = "the page", include?: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations, where).toEqual([]);
}
