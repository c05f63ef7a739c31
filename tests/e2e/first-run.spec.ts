import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_ACCOUNTS } from "../../server/db/seed/demo-accounts.ts";
import { startPortalProcess } from "../portal-process.ts";
import { expect, signInThroughForm, test } from "./harness/portal-fixtures.ts";

/**
 * A new user's first run, as the README has it: the portal started with no settings on a fresh
 * embedded database (the production entry, demo accounts on), opened at another loopback name
 * than the one it announces. It starts portals of its own, so it does not depend on the engine
 * of the shared harness and runs in the embedded engine's project only (playwright.config.ts).
 */

const member = DEMO_ACCOUNTS.find((account) => !account.isEmployee)!;

test.describe("the first run: the portal started with no settings", () => {
  test.describe.configure({ timeout: 180_000 });

  test("signs the demo member in at http://127.0.0.1:<port>, and with a PUBLIC_URL of another address the form names the address to use", async ({ page }) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "portal-first-run-"));
    try {
      const plain = await startPortalProcess({ DATA_DIR: dataDir });
      try {
        await page.goto(`http://127.0.0.1:${plain.port}/auth`);
        await signInThroughForm(page, member);
        // The demo member's organization is midway: its launchpad is done, so home is the Launch Plan.
        await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${plain.port}/system-refinement$`));
        await expect(page.getByRole("heading", { name: "Launch Plan", level: 1 })).toBeVisible();
      } finally {
        await plain.stop();
      }

      await page.context().clearCookies();
      const elsewhere = await startPortalProcess({ DATA_DIR: dataDir, PUBLIC_URL: "http://portal.example.test" });
      try {
        const opened = `http://127.0.0.1:${elsewhere.port}`;
        await page.goto(`${opened}/auth`);
        await signInThroughForm(page, member);
        await expect(page.getByRole("alert")).toHaveText(
          `This portal does not accept requests from ${opened}. Open it at http://portal.example.test, or ask the operator to add ${opened} to TRUSTED_ORIGINS (or set PUBLIC_URL).`,
        );
        await expect(page.getByRole("alert")).not.toContainText("Invalid email or password");
        await expect(page).toHaveURL(`${opened}/auth`);
      } finally {
        await elsewhere.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
