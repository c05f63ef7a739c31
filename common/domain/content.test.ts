import { describe, expect, it } from "vitest";
import {
  duplicateTitleMessage,
  formatFileSize,
  previewKindOf,
  recordingFileName,
  sameTitle,
  screenshotFileName,
  titleFromFileName,
} from "./content.ts";

describe("formatFileSize (spec §9)", () => {
  it.each([
    [0, "0 Bytes"],
    [512, "512 Bytes"],
    [1023, "1023 Bytes"],
    [1024, "1.00 KB"],
    [1536, "1.50 KB"],
    [24_190_000, "23.07 MB"],
    [1024 ** 3, "1.00 GB"],
    [5 * 1024 ** 4, "5120.00 GB"],
  ])("%d bytes read %s", (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });

  it("never shows a negative or broken size", () => {
    expect(formatFileSize(-5)).toBe("0 Bytes");
    expect(formatFileSize(Number.NaN)).toBe("0 Bytes");
  });
});

describe("titleFromFileName (spec §5: the title prefilled without the extension)", () => {
  it.each([
    ["Go-live plan.pdf", "Go-live plan"],
    ["archive.tar.gz", "archive.tar"],
    ["README", "README"],
    [".env", ".env"],
    ["C:\\Users\\dana\\minutes.docx", "minutes"],
    ["  spaced name .txt", "spaced name"],
  ])("%s → %s", (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });
});

describe("titles and messages", () => {
  it("compares titles trimmed and without case, as the unique index does", () => {
    expect(sameTitle(" Contracts ", "contracts")).toBe(true);
    expect(sameTitle("Contracts", "Contract")).toBe(false);
  });

  it("names the title taken in each of the §8 texts", () => {
    expect(duplicateTitleMessage("upload", "Plan")).toMatch(/^Failed to upload content: "Plan" already exists/);
    expect(duplicateTitleMessage("folder", "Plan")).toMatch(/^Failed to create folder: .*"Plan"/);
    expect(duplicateTitleMessage("update", "Plan")).toMatch(/^Failed to update content: "Plan"/);
    expect(duplicateTitleMessage("move", "Plan")).toMatch(/^Failed to move content: .*"Plan"/);
  });
});

describe("previews and capture names", () => {
  it.each([
    ["image/png", "image"],
    ["image/svg+xml", "none"],
    ["application/pdf", "pdf"],
    ["video/webm", "video"],
    ["audio/mpeg", "audio"],
    ["text/plain", "text"],
    ["application/zip", "none"],
    [null, "none"],
  ] as const)("%s previews as %s", (type, kind) => {
    expect(previewKindOf(type)).toBe(kind);
  });

  it("names a screenshot and a recording by their time and what was recorded (spec §7)", () => {
    const at = new Date(1_700_000_000_000);
    expect(screenshotFileName(at)).toBe("screenshot-1700000000000.png");
    expect(recordingFileName(at, "video/webm;codecs=vp9")).toBe("recording-1700000000000.webm");
    expect(recordingFileName(at, "video/mp4")).toBe("recording-1700000000000.mp4");
  });
});
