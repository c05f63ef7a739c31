import type { Browser, Locator, Page } from "@playwright/test";
import { expect, watchConsoleErrors } from "./portal-fixtures.ts";

/**
 * Steps the launchpad, NDA and administration specs share: a second browser for the same or another user, the side navigation, toasts, the NDA form and
 * the employee's organization switcher.
 */

/** The side navigation (the shell's "Main" landmark). */
export function mainNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" });
}

/** A toast (Sonner's "Notifications" region; each shows for 4 s) whose title is `title`. */
export function toast(page: Page, title: string): Locator {
  return page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ has: page.getByText(title, { exact: true }) });
}

/** A toast with this title and text: several may be on screen at once. */
export async function expectToast(page: Page, title: string, text: string) {
  await expect(toast(page, title).filter({ hasText: text })).toBeVisible();
}


export interface SecondPage {
  page: Page;
  /** Fails on the second page's console errors, as the `page` fixture does, and closes its context. */
  close: () => Promise<void>;
}

/** A page in a browser context of its own: another user, or the same user in another browser. */
export async function openSecondPage(browser: Browser, baseURL: string | undefined): Promise<SecondPage> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors = watchConsoleErrors(page);
  return {
    page,
    close: async () => {
      await context.close();
      expect(errors, "errors in the second browser's console").toEqual([]);
    },
  };
}

/** On /nda, as a member: fills the signer's name and title, agrees and signs. */
export async function signNda(page: Page, signer: { fullName: string; title: string }) {
  await expect(page.getByRole("heading", { name: "Mutual NDA", level: 1 })).toBeVisible();
  await page.getByLabel("Full name").fill(signer.fullName);
  await page.getByLabel("Title", { exact: true }).fill(signer.title);
  await page.getByRole("checkbox", { name: "I have read and agree to this mutual NDA" }).check();
  await page.getByRole("button", { name: "Sign NDA" }).click();
  await expect(toast(page, "NDA signed")).toBeVisible();
  await expect(page.getByText("Signed by your organization — awaiting countersignature", { exact: true })).toBeVisible();
}

/** Picks an organization in the employee's header switcher, searching by its name. */
export async function switchOrganization(page: Page, name: string) {
  const switcher = page.getByRole("combobox", { name: /^Organization: / });
  await switcher.click();
  await page.getByPlaceholder("Select organization...").fill(name);
  await page.getByRole("option", { name, exact: true }).click();
  await expect(switcher).toHaveAccessibleName(`Organization: ${name}`);
}
