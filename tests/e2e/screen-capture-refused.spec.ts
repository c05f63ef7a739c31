import { BASE_ARGS, CHROMIUM, addDialog, openFirstMilestone } from "./harness/attachment-steps.ts";
import { expectToast, toast } from "./harness/launchpad-steps.ts";
import { expect, test } from "./harness/portal-fixtures.ts";

// Chromium refuses every share prompt itself, as a user who says no.
test.use({ launchOptions: { executablePath: CHROMIUM, args: [...BASE_ARGS, "--auto-reject-this-tab-capture"] } });

test.describe("screen capture refused", () => {
  test("a refused screen share shows the destructive Permission Denied toast", async ({ page }) => {
    await openFirstMilestone(page);
    await page.getByRole("button", { name: "Add attachment" }).click();
    await addDialog(page).getByRole("button", { name: "Take screenshot" }).click();
    await expectToast(page, "Permission Denied", "Screen recording permission was denied.");
    await expect(toast(page, "Permission Denied")).toHaveAttribute("data-type", "error");
    await expect(page.getByRole("dialog", { name: "Screenshot preview" })).toHaveCount(0);
  });
});
