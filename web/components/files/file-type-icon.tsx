import {
  File,
  FileArchive,
  FileAudio,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  Folder,
  type LucideIcon,
  Presentation,
} from "lucide-react";
import { previewKindOf } from "#common/domain/content";
import { cn } from "#web/lib/cn.ts";

const SPREADSHEET = /spreadsheet|excel|csv/;
const PRESENTATION = /presentation|powerpoint/;
const ARCHIVE = /zip|x-cfb|compressed|tar|rar|7z/;
const DOCUMENT = /wordprocessing|msword|opendocument\.text|rtf/;

export type FileIconKind = "folder" | "image" | "video" | "audio" | "document" | "spreadsheet" | "presentation" | "archive" | "file";

const ICONS: Record<FileIconKind, LucideIcon> = {
  folder: Folder,
  image: FileImage,
  video: FileVideo,
  audio: FileAudio,
  document: FileText,
  spreadsheet: FileSpreadsheet,
  presentation: Presentation,
  archive: FileArchive,
  file: File,
};

/** Which icon a library item takes: a folder, or a file by its (sniffed) content type. */
export function fileIconKindOf(contentType: string | null, isFolder = false): FileIconKind {
  if (isFolder) return "folder";
  switch (previewKindOf(contentType)) {
    case "image":
      return "image";
    case "video":
      return "video";
    case "audio":
      return "audio";
    case "pdf":
    case "text":
      return "document";
    case "none":
      break;
  }
  if (!contentType) return "file";
  if (contentType.startsWith("image/")) return "image";
  if (contentType.startsWith("video/")) return "video";
  if (SPREADSHEET.test(contentType)) return "spreadsheet";
  if (PRESENTATION.test(contentType)) return "presentation";
  if (DOCUMENT.test(contentType)) return "document";
  if (ARCHIVE.test(contentType)) return "archive";
  return "file";
}

/**
 * A decorative icon for a file or folder (hidden from assistive technology: the title beside it
 * names the item). Folders take the primary colour so they stand out in a list.
 */
export function FileTypeIcon({ contentType, isFolder = false, className }: { contentType: string | null; isFolder?: boolean; className?: string }) {
  const kind = fileIconKindOf(contentType, isFolder);
  const Icon = ICONS[kind];
  return (
    <Icon
      aria-hidden="true"
      data-icon={kind}
      className={cn("size-5 shrink-0", isFolder ? "text-[var(--color-primary)]" : "text-[var(--color-muted-foreground)]", className)}
    />
  );
}
