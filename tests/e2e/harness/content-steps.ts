import { deflateSync } from "node:zlib";
import type { Locator, Page } from "@playwright/test";
import { expect } from "./portal-fixtures.ts";
export { expectNoAxeViolations } from "./axe.ts";

/**
 * Steps of the file library's specs (/content): real files to upload, the table's rows and their
 * menus, the upload list, and axe with the WCAG tags the other specs use.
 */

/** A file as setInputFiles takes it. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid PNG of `size`×`size` pixels in one colour (8-bit RGB, no filter). */
export function solidPng(size: number, rgb: [number, number, number] = [37, 99, 235]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, ...Array.from({ length: size }, () => rgb).flat()]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export function pngFile(name: string, size = 8): UploadFile {
  return { name, mimeType: "image/png", buffer: solidPng(size) };
}

export function textFile(name: string, text = "Minutes of the kick-off meeting.\nNext steps agreed.\n"): UploadFile {
  return { name, mimeType: "text/plain", buffer: Buffer.from(text, "utf8") };
}

/** The library's table. */
export function filesTable(page: Page): Locator {
  return page.getByRole("table", { name: "Files" });
}

/** The table's row of the file or folder titled `title`. */
export function contentRow(page: Page, title: string): Locator {
  return filesTable(page).getByRole("row").filter({ has: page.getByRole("button", { name: title, exact: true }) });
}

/** The list of files being uploaded (shown while there are any). */
export function uploadsRegion(page: Page): Locator {
  return page.getByRole("region", { name: "Uploads" });
}

/** Picks `item` in the row's "Actions for <title>" menu. */
export async function chooseRowAction(page: Page, title: string, item: string) {
  await page.getByRole("button", { name: `Actions for ${title}`, exact: true }).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}

/** Chooses files through the page's hidden file input, as "Upload files" does. */
export async function chooseFiles(page: Page, files: UploadFile[]) {
  await page.getByLabel("Files to upload").setInputFiles(files);
}

/** The New folder dialog, opened. */
export async function openNewFolderDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "New folder", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New folder" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills and submits the New folder dialog. */
export async function submitNewFolder(dialog: Locator, title: string, description = "") {
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Description (optional)").fill(description);
  await dialog.getByRole("button", { name: "Create folder" }).click();
}

/** Uploads one file through the API, as the signed-in user of `page` (`organizationId`: for an employee). */
export async function uploadThroughApi(page: Page, file: UploadFile, options: { title: string; parentId?: string; organizationId?: string }) {
  const query = new URLSearchParams({ title: options.title, file_name: file.name, ...(options.parentId ? { parent_id: options.parentId } : {}) });
  const response = await page.request.post(`/api/content/files?${query}`, {
    headers: { "content-type": "application/octet-stream", ...(options.organizationId ? { "x-organization-id": options.organizationId } : {}) },
    data: file.buffer,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

/** Creates a folder at the top of the library through the API. */
export async function createFolderThroughApi(page: Page, title: string) {
  const response = await page.request.post("/api/content/folders", { data: { title } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}
