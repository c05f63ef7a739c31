import { expectNoAxeViolations } from "./harness/attachment-steps.ts";
import { openSecondPage, toast } from "./harness/launchpad-steps.ts";
import { createEmployee, createMemberOrganization, expect, signInTo, test } from "./harness/portal-fixtures.ts";

const NDA_REQUIRED_REASON = "Complete the NDA step first to access this page";

test.describe("before the NDA", () => {
  test("/action-log says Access Restricted like every gated page; a help request opens to its author and to an employee from the inbox", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { members } = await createMemberOrganization();
    const member = members[0]!;
    await signInTo(page, "/dashboard", member);
    await page.goto("/action-log");
    await expect(toast(page, "Access Restricted")).toContainText(NDA_REQUIRED_REASON);
    await expect(page).not.toHaveURL(/\/action-log/);
    await expect(page.getByText("Failed to fetch action logs")).toHaveCount(0);

    const asked = await page.request.post("/api/help-requests", { data: { help_type: "question", title: "Where do we start?" } });
    expect(asked.status(), await asked.text()).toBe(201);
    const { entry } = (await asked.json()) as { entry: { id: string; reference: string } };
    await page.goto(`/help-requests/${entry.id}`);
    await expect(page.getByRole("heading", { name: `${entry.reference} · Where do we start?`, level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "help request, light");

    const second = await openSecondPage(browser, baseURL);
    const staff = second.page;
    await staff.emulateMedia({ colorScheme: "dark" });
    await signInTo(staff, "/help-inbox", await createEmployee());
    await staff.getByRole("link", { name: "Where do we start?" }).click();
    await expect(staff).toHaveURL(new RegExp(`/help-requests/${entry.id}$`));
    await expect(staff.getByRole("heading", { name: `${entry.reference} · Where do we start?`, level: 1 })).toBeVisible();
    await expect(staff.getByRole("heading", { name: "Description" })).toBeVisible();
    await expect(toast(staff, "Access Restricted")).toHaveCount(0);
    await expectNoAxeViolations(staff, "help request, dark");
    // The way back to the inbox.
    await staff.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Help inbox" }).click();
    await expect(staff).toHaveURL(/\/help-inbox$/);
    await second.close();
  });
});
