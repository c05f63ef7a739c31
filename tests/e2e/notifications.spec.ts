import { expectNoAxeViolations } from "./harness/attachment-steps.ts";
import { bell, entrySheet, organizationOf, signNdaByApi } from "./harness/action-log-steps.ts";
import { openSecondPage } from "./harness/launchpad-steps.ts";
import { expect, signInTo, test } from "./harness/portal-fixtures.ts";

test.describe("notifications", () => {

  test("a task assigned to a colleague shows in the colleague's open tab without a reload, and leads to the task", { tag: "@realtime" }, async ({ page, browser, baseURL }) => {
    const { members } = await organizationOf(2);
    const [assigner, colleague] = [members[0]!, members[1]!];
    await signInTo(page, "/dashboard", assigner);
    await signNdaByApi(page.request);

    const other = await openSecondPage(browser, baseURL);
    try {
      await signInTo(other.page, "/dashboard", colleague);
      await expect(bell(other.page)).toHaveAccessibleName("Notifications");

      await page.goto("/tasks");
      await page.getByRole("button", { name: "New task" }).click();
      const form = page.getByRole("dialog", { name: "New task" });
      await form.getByLabel("Title").fill("Prepare the opening balances file");
      await form.getByRole("combobox", { name: "Assigned to" }).click();
      await page.getByRole("option", { name: new RegExp(colleague.fullName) }).click();
      await form.getByRole("button", { name: "Create task" }).click();
      await expect(form).toBeHidden();

      // The colleague's tab was left alone: the count arrives through the live stream.
      await expect(bell(other.page)).toHaveAccessibleName("Notifications, 1 unread");
      await bell(other.page).click();
      const item = other.page.getByRole("link", { name: /TASK-1 assigned to you/ }).or(other.page.getByRole("button", { name: /TASK-1 assigned to you/ }));
      await expect(item).toBeVisible();
      await expectNoAxeViolations(other.page, "notification panel", "[role=dialog]");
      await item.click();
      await expect(entrySheet(other.page, "TASK-1")).toBeVisible();
      // Opening it marked it read.
      await expect.poll(async () => ((await (await other.page.request.get("/api/notifications")).json()) as { unread_count: number }).unread_count).toBe(0);
      await other.page.keyboard.press("Escape");
      await expect(bell(other.page)).toHaveAccessibleName("Notifications");
    } finally {
      await other.close();
    }
  });
});
