import { expectNoAxeViolations, uploadFile } from "./harness/attachment-steps.ts";
import { createMemberOrganization, expect, signInTo, test } from "./harness/portal-fixtures.ts";

test.describe("the Tools page", () => {
  test("lists the tools with their counts, locked before the NDA and open after, in both themes", async ({ page }) => {
    const { members } = await createMemberOrganization();
    const member = members[0]!;
    await signInTo(page, "/tools", member);
    await expect(page.getByRole("heading", { name: "Tools", level: 1 })).toBeVisible();
    const tasks = page.locator("[aria-labelledby='tool-tasks-title']");
    await expect(tasks).toContainText("Complete the NDA step first to access this page");
    await expect(tasks.getByRole("link")).toHaveCount(0);

    const signed = await page.request.post("/api/nda/sign", { data: { full_name: member.fullName, title: "Chief Financial Officer", agreed: true } });
    expect(signed.status()).toBe(201);
    for (const title of ["Book the training room", "Export the vendor list"]) {
      expect((await page.request.post("/api/action-logs", { data: { title, action_log_type: "Task" } })).status()).toBe(201);
    }
    await uploadFile(page.request, "Signed order", "The signed order\n");
    // The page follows the NDA and the new entries without a reload.
    await expect(tasks).toContainText("2 open");
    await expect(page.locator("[aria-labelledby='tool-content-title']")).toContainText("1 file");
    await expectNoAxeViolations(page, "/tools, light");

    await page.emulateMedia({ colorScheme: "dark" });
    // Drawn afresh in the theme (axe reads colours mid-transition otherwise).
    await page.reload();
    await expect(tasks).toContainText("2 open");
    await expectNoAxeViolations(page, "/tools, dark");

    await tasks.getByRole("link", { name: "Tasks" }).click();
    await expect(page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();
  });
});
