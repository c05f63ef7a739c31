/**
 * Pure rules of the file library and its attachments (spec §5, §7, §9), read by both sides.
 */

/** Longest title of a file or folder. */
export const CONTENT_TITLE_MAX = 200;
/** Longest description of a file or folder. */
export const CONTENT_DESCRIPTION_MAX = 2000;
/** Longest file name kept for a download. */
export const CONTENT_FILE_NAME_MAX = 255;
/** Spec §7: a signed link to a file is valid this long. */
export const SIGNED_LINK_SECONDS = 3600;
/** Items one folder listing or one search answers with at most. */
export const CONTENT_LIST_LIMIT = 500;

/**
 * The kinds of entity a library file can be attached to, each naming the navigation item whose
 * rules decide who may see its attachments. A feature with attachments adds its entity here.
 */
export const ATTACHMENT_ENTITY_TYPES = ["milestone", "action_log"] as const;
export type AttachmentEntityType = (typeof ATTACHMENT_ENTITY_TYPES)[number];

const SIZE_UNITS = ["KB", "MB", "GB"] as const;

/** Spec §9: "512 Bytes", "1.50 KB", "23.07 MB", "2.00 GB" (1024-based, 2 decimals). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes) || 0)} Bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit]}`;
}

/** Spec §5: the Upload New title is prefilled with the file name without its extension. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? fileName;
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

/** Titles compare as the unique index does: trimmed, case-insensitive. */
export function sameTitle(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** §8: the message when a title is taken in the folder, on upload, folder creation, rename or move. */
export function duplicateTitleMessage(kind: "upload" | "folder" | "update" | "move", title: string): string {
  switch (kind) {
    case "upload":
      return `Failed to upload content: "${title}" already exists in this folder. Please choose another title.`;
    case "folder":
      return `Failed to create folder: a folder or file named "${title}" already exists here. Please choose another name.`;
    case "update":
      return `Failed to update content: "${title}" already exists in this folder. Please choose another title.`;
    case "move":
      return `Failed to move content: the destination already holds "${title}". Rename one of them first.`;
  }
}

/** §8: "Authentication required" when a session has ended, naming what was attempted. */
export const AUTHENTICATION_REQUIRED_TITLE = "Authentication required";
export const AUTHENTICATION_REQUIRED_MESSAGE = "Please log in to upload content, create a folder, or move content";

/** How a file previews in the browser: shown in place, or only offered as a download. */
export type PreviewKind = "image" | "pdf" | "video" | "audio" | "text" | "none";

export function previewKindOf(contentType: string | null): PreviewKind {
  if (!contentType) return "none";
  if (/^image\/(png|jpeg|gif|webp|avif)$/.test(contentType)) return "image";
  if (contentType === "application/pdf") return "pdf";
  if (/^video\/(mp4|webm|quicktime)$/.test(contentType)) return "video";
  if (contentType.startsWith("audio/")) return "audio";
  if (contentType === "text/plain") return "text";
  return "none";
}

/** Spec §7: screenshot-{timestamp}.png. */
export function screenshotFileName(at: Date): string {
  return `screenshot-${at.getTime()}.png`;
}

/** Spec §7: recording-{timestamp}.webm where WebM was recorded; .mp4 where the browser records MP4. */
export function recordingFileName(at: Date, mimeType: string): string {
  const extension = mimeType.startsWith("video/mp4") ? "mp4" : "webm";
  return `recording-${at.getTime()}.${extension}`;
}

/**
 * The types the library stores, as sniffed from the bytes (never the client's word): documents,
 * spreadsheets, presentations, images, audio, video, archives and plain text (CSV, Markdown, JSON
 * and HTML sniff as text and are served as such). Executables and unknown binaries are refused.
 */
export const CONTENT_ACCEPTED_TYPES = [
  "application/pdf",
  "text/plain",
  "application/rtf",
  "application/zip",
  "application/x-cfb",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/heic",
  "image/tiff",
  "image/bmp",
  "video/webm",
  "video/mp4",
  "video/quicktime",
  "video/x-matroska",
  "audio/mpeg",
  "audio/wav",
  "audio/ogg",
  "audio/mp4",
  "audio/x-m4a",
  "audio/aac",
  "audio/flac",
  "audio/webm",
] as const;
