import { ACCEPT_CAPTURE, BASE_ARGS, CHROMIUM, expectNoAxeViolations } from "./harness/attachment-steps.ts";
import { entrySheet, organizationOf, signNdaByApi } from "./harness/action-log-steps.ts";
import { toast } from "./harness/launchpad-steps.ts";
import { expect, signInTo, test } from "./harness/portal-fixtures.ts";

// Chromium answers the share prompt itself with this tab, so the dialog can take a screenshot.
test.use({ launchOptions: { executablePath: CHROMIUM, args: [...BASE_ARGS, ...ACCEPT_CAPTURE] } });

test.describe("Get Expert Help", () => {

  test("an empty title is refused inline; a question with a screenshot is logged with its attachment and context", async ({ page }) => {
    const { members } = await organizationOf(1);
    // Before the NDA: anyone may ask for help.
    await signInTo(page, "/dashboard", members[0]!);
    await page.getByRole("button", { name: "Get Help" }).click();
    const dialog = page.getByRole("dialog", { name: "Get Expert Help" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, "Get Expert Help", "[role=dialog]");

    await dialog.getByLabel("Title").fill("   ");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");

    await dialog.getByRole("radio", { name: "Ask a question" }).check();
    await dialog.getByLabel("Title").fill("How do we import opening balances?");
    await dialog.getByRole("button", { name: "Take screenshot" }).click();
    const preview = page.getByRole("dialog", { name: "Screenshot preview" });
    await expect(preview.getByRole("img")).toBeVisible();
    await preview.getByRole("button", { name: "Attach" }).click();
    await expect(dialog.getByRole("list", { name: "Attachments to send" }).getByRole("listitem")).toHaveCount(1);
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(toast(page, "Your question's been sent.")).toBeVisible();
    await expect(dialog).toBeHidden();

    await signNdaByApi(page.request);
    await page.goto("/open-requests");
    const row = page.getByRole("link", { name: /How do we import opening balances\?/ });
    await expect(row).toBeVisible();
    await row.click();
    const sheet = entrySheet(page, "HELP-1");
    await expect(sheet.getByText("Question / Request for Help").first()).toBeVisible();
    await expect(sheet.getByText(/Raised from \/dashboard/)).toBeVisible();
    await expect(sheet.getByRole("list", { name: "Attachments" }).getByText(/screenshot-\d+/).first()).toBeVisible();
  });

  test("closing with a title entered asks Keep Editing or Discard Changes", async ({ page }) => {
    const { members } = await organizationOf(1);
    await signInTo(page, "/dashboard", members[0]!);
    await page.getByRole("button", { name: "Get Help" }).click();
    const dialog = page.getByRole("dialog", { name: "Get Expert Help" });
    await dialog.getByLabel("Title").fill("Our sandbox is slow");
    await page.keyboard.press("Escape");
    const confirm = page.getByRole("alertdialog", { name: "Unsaved changes" });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page, "unsaved changes confirm", "[role=alertdialog]");
    await confirm.getByRole("button", { name: "Keep Editing" }).click();
    await expect(dialog.getByLabel("Title")).toHaveValue("Our sandbox is slow");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await confirm.getByRole("button", { name: "Discard Changes" }).click();
    await expect(dialog).toBeHidden();
    // Opened again, it starts empty; closing a clean dialog does not ask.
    await page.getByRole("button", { name: "Get Help" }).click();
    await expect(dialog.getByLabel("Title")).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(confirm).toHaveCount(0);
    await expect(toast(page, "Access Restricted")).toHaveCount(0);
  });
});
