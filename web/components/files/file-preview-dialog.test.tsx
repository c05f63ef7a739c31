import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "#web/lib/api-client.ts";
import { recordDownloadsForEachTest } from "#web/lib/testing/download-recorder.ts";
import { FilePreviewDialog, NO_PREVIEW_MESSAGE } from "./file-preview-dialog.tsx";
import { fileIconKindOf } from "./file-type-icon.tsx";

const downloads = recordDownloadsForEachTest();

function renderPreview(contentType: string | null, loadLink = vi.fn(async (download: boolean) => ({ url: download ? "/api/files/x?name=report" : "/api/files/x" }))) {
  const onOpenChange = vi.fn();
  render(
    <FilePreviewDialog open onOpenChange={onOpenChange} title="Quarterly report" fileName="report.bin" fileSize={1536} contentType={contentType} loadLink={loadLink} />,
  );
  return { loadLink, onOpenChange, dialog: screen.getByRole("dialog", { name: "Quarterly report" }) };
}

describe("the file preview", () => {
  it("shows an image through the signed link, named by the title", async () => {
    const { dialog, loadLink } = renderPreview("image/png");
    const image = await within(dialog).findByRole("img", { name: "Quarterly report" });
    expect(image.getAttribute("src")).toBe("/api/files/x");
    expect(loadLink).toHaveBeenCalledTimes(1);
    expect(loadLink).toHaveBeenCalledWith(false);
    expect(dialog.textContent).toContain("report.bin · 1.50 KB");
  });

  it("shows PDFs and plain text in frames, text sandboxed, each with a link to open it in a new tab", async () => {
    let { dialog } = renderPreview("application/pdf");
    const pdf = await within(dialog).findByTitle("PDF preview: Quarterly report");
    expect(pdf.tagName).toBe("IFRAME");
    expect(pdf.hasAttribute("sandbox")).toBe(false);
    expect(within(dialog).getByRole("link", { name: /^Open in new tab/ }).getAttribute("href")).toBe("/api/files/x");
    cleanup();

    ({ dialog } = renderPreview("text/plain"));
    const text = await within(dialog).findByTitle("Text preview: Quarterly report");
    expect(text.getAttribute("sandbox")).toBe("");
  });

  it("plays video and audio with the browser's controls", async () => {
    let { dialog } = renderPreview("video/mp4");
    await waitFor(() => expect(dialog.querySelector("video")?.getAttribute("src")).toBe("/api/files/x"));
    expect(dialog.querySelector("video")?.hasAttribute("controls")).toBe(true);
    cleanup();

    ({ dialog } = renderPreview("audio/mpeg"));
    await waitFor(() => expect(dialog.querySelector("audio")?.getAttribute("src")).toBe("/api/files/x"));
    expect(dialog.querySelector("audio")?.hasAttribute("controls")).toBe(true);
  });

  it("says a file cannot be previewed and offers the download, asking no link until then", async () => {
    const { dialog, loadLink } = renderPreview("application/zip");
    expect(within(dialog).getByText(NO_PREVIEW_MESSAGE)).toBeDefined();
    expect(loadLink).not.toHaveBeenCalled();
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Download" }));
    await waitFor(() => expect(downloads).toEqual([{ href: "/api/files/x?name=report", fileName: null, blob: null }]));
    expect(loadLink).toHaveBeenCalledWith(true);
  });

  it("shows why the link could not be had", async () => {
    const { dialog } = renderPreview("image/png", vi.fn(async () => Promise.reject(new ApiError(404, "not_found", "The file is gone"))));
    expect(await within(dialog).findByText("The file is gone")).toBeDefined();
    expect(within(dialog).getByRole("button", { name: "Download" })).toBeDefined();
  });

  it("picks an icon per kind of file", () => {
    expect(fileIconKindOf(null, true)).toBe("folder");
    expect(fileIconKindOf("image/heic")).toBe("image");
    expect(fileIconKindOf("application/pdf")).toBe("document");
    expect(fileIconKindOf("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe("spreadsheet");
    expect(fileIconKindOf("application/vnd.openxmlformats-officedocument.presentationml.presentation")).toBe("presentation");
    expect(fileIconKindOf("application/zip")).toBe("archive");
    expect(fileIconKindOf("audio/flac")).toBe("audio");
    expect(fileIconKindOf("video/x-matroska")).toBe("video");
    expect(fileIconKindOf(null)).toBe("file");
  });
});
