import { addDialog, attachmentList, expectNoAxeViolations, openFirstMilestone, uploadFile } from "./harness/attachment-steps.ts";
import { expect, test } from "./harness/portal-fixtures.ts";

test.describe("attachments", () => {
  test("a member attaches an existing root-level file and a new upload to a milestone", async ({ page }) => {
    const { milestoneId } = await openFirstMilestone(page);
    await uploadFile(page.request, "Kick-off minutes", "Minutes of the kick-off meeting.\n");
    await uploadFile(page.request, "Stakeholder list", "Dana, Lee, Sam\n");
    const folder = await page.request.post("/api/content/folders", { data: { title: "Contracts" } });
    expect(folder.status()).toBe(201);
    await uploadFile(page.request, "Signed order form", "In a folder: never offered.\n", ((await folder.json()) as { id: string }).id);

    await page.getByRole("button", { name: "Add attachment" }).click();
    const dialog = addDialog(page);
    await dialog.getByRole("tab", { name: "Select Existing" }).click();
    const choices = dialog.getByRole("group", { name: "Files in your library" });
    await expect(choices.getByRole("radio")).toHaveCount(2);
    await expect(choices.getByRole("radio", { name: /Kick-off minutes/ })).toBeVisible();
    await expect(choices.getByText("Signed order form")).toHaveCount(0);
    await expect(choices.getByText("Contracts")).toHaveCount(0);
    await expectNoAxeViolations(page, "Add attachment, Select Existing", "[role=dialog]");
    await choices.getByRole("radio", { name: /Kick-off minutes/ }).check();
    await expect(dialog.getByText(/Selected file: Kick-off minutes/)).toBeVisible();
    await dialog.getByRole("button", { name: "Attach", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(attachmentList(page).getByText("Kick-off minutes", { exact: true })).toBeVisible();

    // Attached already: no longer offered.
    await page.getByRole("button", { name: "Add attachment" }).click();
    await dialog.getByRole("tab", { name: "Select Existing" }).click();
    await expect(choices.getByRole("radio")).toHaveCount(1);
    await expect(choices.getByRole("radio", { name: /Stakeholder list/ })).toBeVisible();

    // Upload New: the title comes from the file name without its extension.
    await dialog.getByRole("tab", { name: "Upload New" }).click();
    await expectNoAxeViolations(page, "Add attachment, Upload New", "[role=dialog]");
    await dialog.getByLabel("File", { exact: true }).setInputFiles({ name: "go-live checklist.txt", mimeType: "text/plain", buffer: Buffer.from("Cut-over steps\n") });
    await expect(dialog.getByLabel("Title")).toHaveValue("go-live checklist");
    await dialog.getByRole("button", { name: "Upload and attach" }).click();
    await expect(dialog).toBeHidden();
    await expect(attachmentList(page).getByText("go-live checklist", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "/milestone with attachments");

    // Removing the attachment keeps the library file.
    await attachmentList(page).getByRole("button", { name: "Remove Kick-off minutes" }).click();
    await page.getByRole("alertdialog", { name: "Remove attachment" }).getByRole("button", { name: "Remove" }).click();
    await expect(attachmentList(page).getByText("Kick-off minutes", { exact: true })).toHaveCount(0);
    const library = (await (await page.request.get("/api/content?search=Kick-off")).json()) as { items: { title: string }[] };
    expect(library.items.map((item) => item.title)).toContain("Kick-off minutes");
    const listed = (await (await page.request.get(`/api/attachments?entity_type=milestone&entity_id=${milestoneId}`)).json()) as { attachments: unknown[] };
    expect(listed.attachments).toHaveLength(1);
  });
});

