import type { Page, Route } from "@playwright/test";
import { duplicateTitleMessage, formatFileSize } from "../../common/domain/content.ts";
import {
  chooseFiles,
  chooseRowAction,
  contentRow,
  expectNoAxeViolations,
  filesTable,
  openNewFolderDialog,
  pngFile,
  submitNewFolder,
  textFile,
  uploadThroughApi,
  uploadsRegion,
} from "./harness/content-steps.ts";
import { expectToast, openSecondPage, switchOrganization } from "./harness/launchpad-steps.ts";
import { createEmployee, createMemberOrganization, expect, signInTo, test } from "./harness/portal-fixtures.ts";

// The file library (/content): any member of a new organization may use it, with no launchpad
// step or NDA first.

/** A member of a new organization, signed in on an empty library. */
async function openEmptyLibrary(page: Page) {
  const { organization, members } = await createMemberOrganization();
  const member = members[0]!;
  await signInTo(page, "/content", member);
  await expect(page.getByRole("heading", { name: "Files", level: 1 })).toBeVisible();
  await expect(page.getByText("This folder is empty", { exact: true })).toBeVisible();
  return { organization, member };
}

/**
 * Holds the upload of each file named in `held` until released, so the upload list can be seen
 * mid-way: the others go through at once.
 */
async function holdUploads(page: Page, held: string[]) {
  const releases = new Map<string, () => void>();
  await page.route("**/api/content/files?*", async (route: Route) => {
    const name = new URL(route.request().url()).searchParams.get("file_name") ?? "";
    if (held.includes(name)) await new Promise<void>((resolve) => releases.set(name, resolve));
    await route.continue();
  });
  return {
    /** Waits until the file's request is held, then lets it go. */
    release: async (name: string) => {
      await expect.poll(() => releases.has(name), { message: `upload of ${name} sent` }).toBe(true);
      releases.get(name)!();
    },
  };
}

test.describe("the file library", () => {
  test("a member creates a folder, uploads two files at once, moves them into it, previews the image and deletes the folder", async ({ page }) => {
    await openEmptyLibrary(page);
    await expect(page.getByRole("progressbar", { name: "Storage used" })).toHaveAttribute("aria-valuetext", /^0 Bytes of .* used$/);

    // New folder; a second one with the same name (whatever its case) is refused in the dialog.
    let dialog = await openNewFolderDialog(page);
    await expectNoAxeViolations(page, "New folder dialog", "[role='dialog']");
    await submitNewFolder(dialog, "Contracts", "Signed agreements");
    await expectToast(page, "Folder created", "“Contracts” is ready for files.");
    await expect(dialog).toBeHidden();
    await expect(contentRow(page, "Contracts")).toContainText("0 items");
    await expect(contentRow(page, "Contracts")).toContainText("Signed agreements");
    dialog = await openNewFolderDialog(page);
    await submitNewFolder(dialog, "contracts");
    await expect(dialog.getByText(duplicateTitleMessage("folder", "contracts"), { exact: true })).toBeVisible();
    await expect(dialog.getByLabel("Title", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // Two files chosen at once: each gets its bar in the upload list. The text file is held back
    // so that the image's bar can be seen finished while the other is still on its way.
    const held = await holdUploads(page, ["notes.txt"]);
    const notes = textFile("notes.txt");
    await chooseFiles(page, [pngFile("chart.png"), notes]);
    const uploads = uploadsRegion(page);
    await expect(uploads).toBeVisible();
    const chartBar = uploads.getByRole("progressbar", { name: "chart.png", exact: true });
    const notesBar = uploads.getByRole("progressbar", { name: "notes.txt", exact: true });
    await expect(chartBar).toBeVisible();
    await expect(notesBar).toBeVisible();
    await expect(chartBar).toHaveAttribute("aria-valuetext", "Uploaded");
    await expect(chartBar).toHaveAttribute("aria-valuenow", "100");
    await expect(uploads.getByText("1 in progress", { exact: true })).toBeVisible();
    await expect(notesBar).not.toHaveAttribute("aria-valuetext", "Uploaded");
    // The stored image is listed at once, while its batch is still going.
    await expect(contentRow(page, "chart")).toBeVisible();
    await held.release("notes.txt");
    await expectToast(page, "Upload complete", "2 files uploaded.");
    // A batch's bars leave the list once every file of it is stored.
    await expect(uploads).toBeHidden();
    await expect(contentRow(page, "notes")).toContainText(formatFileSize(notes.buffer.length));
    await expect(contentRow(page, "chart")).toBeVisible();
    await page.unroute("**/api/content/files?*");
    await expect(page.getByRole("progressbar", { name: "Storage used" })).not.toHaveAttribute("aria-valuetext", /^0 Bytes/);
    await expectNoAxeViolations(page, "/content with a folder and two files");

    // A file whose title (its name without the extension) is taken in the folder is refused.
    await chooseFiles(page, [textFile("chart.txt")]);
    const refusal = duplicateTitleMessage("upload", "chart");
    await expect(uploads.getByRole("alert")).toHaveText(refusal);
    await expectToast(page, "Failed to upload content", refusal.replace("Failed to upload content: ", ""));
    await uploads.getByRole("button", { name: "Dismiss chart.txt" }).click();
    await expect(uploads).toBeHidden();
    await expect(filesTable(page).getByRole("row")).toHaveCount(4);

    // Move to…: the dialog browses the folders; the file goes into the one shown.
    await chooseRowAction(page, "notes", "Move to…");
    const move = page.getByRole("dialog", { name: "Move to" });
    await expect(move.getByText("“notes” is already in Files (top level).")).toBeVisible();
    await expect(move.getByRole("button", { name: "Move here" })).toBeDisabled();
    await expectNoAxeViolations(page, "Move to dialog", "[role='dialog']");
    await move.getByRole("list", { name: "Folders in Files (top level)" }).getByRole("button", { name: "Contracts" }).click();
    await expect(move.getByRole("navigation", { name: "Destination folder path" }).locator("[aria-current='location']")).toHaveText("Contracts");
    await expect(move.getByText("No folders in Contracts.")).toBeVisible();
    await move.getByRole("button", { name: "Move here" }).click();
    await expectToast(page, "Moved", "“notes” is now in Contracts.");
    await expect(move).toBeHidden();
    await expect(contentRow(page, "notes")).toHaveCount(0);
    await expect(contentRow(page, "Contracts")).toContainText("1 item");

    // A row dragged onto a folder's row moves into it.
    await contentRow(page, "chart").dragTo(contentRow(page, "Contracts"));
    await expectToast(page, "Moved", "“chart” is now in Contracts.");
    await expect(contentRow(page, "chart")).toHaveCount(0);
    await expect(contentRow(page, "Contracts")).toContainText("2 items");

    // Opening the folder: the breadcrumb shows it, with the way back.
    await filesTable(page).getByRole("button", { name: "Contracts", exact: true }).click();
    await expect(page).toHaveURL(/\/content\?folder=[0-9a-f-]{36}$/);
    const trail = page.getByRole("navigation", { name: "Folder path" });
    await expect(trail.locator("[aria-current='page']")).toHaveText("Contracts");
    await expect(trail.locator("[aria-current='page']")).toBeFocused();
    await expect(trail.getByRole("link", { name: "Files" })).toBeVisible();
    await expect(filesTable(page).getByRole("row")).toHaveCount(3);

    // The image shows in place through a signed link to the portal's file route.
    await chooseRowAction(page, "chart", "Preview");
    const preview = page.getByRole("dialog", { name: "chart" });
    await expect(preview.getByText("chart.png · ", { exact: false })).toBeVisible();
    const image = preview.getByRole("img", { name: "chart", exact: true });
    await expect(image).toBeVisible();
    const src = (await image.getAttribute("src")) ?? "";
    expect(src).toContain("/api/files/");
    expect(src).toContain("signature=");
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(8);
    await expectNoAxeViolations(page, "preview dialog", "[role='dialog']");
    await page.keyboard.press("Escape");
    await expect(preview).toBeHidden();

    // Back at the top, the folder goes with its files once the confirm has said how many.
    await trail.getByRole("link", { name: "Files" }).click();
    await expect(page).toHaveURL(/\/content$/);
    await chooseRowAction(page, "Contracts", "Delete");
    const confirm = page.getByRole("alertdialog", { name: "Delete folder" });
    await expect(confirm).toContainText(/This deletes the folder and 2 files in it \(\d/);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Folder deleted", "“Contracts” was deleted.");
    await expect(confirm).toBeHidden();
    await expect(contentRow(page, "Contracts")).toHaveCount(0);
    await expect(page.getByText("This folder is empty", { exact: true })).toBeVisible();
  });

  test("a file uploaded in one tab shows in another tab of the same member without a reload", { tag: "@realtime" }, async ({ page, browser, baseURL }) => {
    const { member } = await openEmptyLibrary(page);
    const second = await openSecondPage(browser, baseURL);
    await signInTo(second.page, "/content", member);
    await expect(second.page.getByText("This folder is empty", { exact: true })).toBeVisible();

    await chooseFiles(page, [textFile("Meeting minutes.txt")]);
    await expectToast(page, "Upload complete", "1 file uploaded.");
    await expect(contentRow(second.page, "Meeting minutes")).toBeVisible();
    await expect(contentRow(second.page, "Meeting minutes")).toContainText(member.fullName);
    await second.close();
  });

  test("an employee acting for the organization sees the member's files", async ({ page, browser, baseURL }) => {
    const { organization, members } = await createMemberOrganization();
    const memberPage = await openSecondPage(browser, baseURL);
    await signInTo(memberPage.page, "/content", members[0]!);
    await uploadThroughApi(memberPage.page, pngFile("logo.png"), { title: "Company logo" });
    await memberPage.close();

    await signInTo(page, "/dashboard", await createEmployee());
    await switchOrganization(page, organization.organization_name);
    await page.goto("/content");
    await expect(contentRow(page, "Company logo")).toBeVisible();
    await expect(contentRow(page, "Company logo")).toContainText(members[0]!.fullName);
    // The row's thumbnail is a signed link too, and loads for the employee.
    const thumbnail = contentRow(page, "Company logo").locator("img");
    await expect(thumbnail).toHaveAttribute("src", /\/api\/files\/.*signature=/);
    await expect.poll(() => thumbnail.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(8);
  });
});
