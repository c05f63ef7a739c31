import { Download, ExternalLink, FileX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type PreviewKind, formatFileSize, previewKindOf } from "#common/domain/content";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { FileTypeIcon } from "./file-type-icon.tsx";
import { openDownload } from "./open-download.ts";

/** A signed link to a stored file, as the library's and the attachments' link routes answer it. */
export interface FileLink {
  url: string;
}

export interface FilePreviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title: the file's title as the list shows it. */
  title: string;
  /** The file's own name (shown under the title); null or absent when unknown. */
  fileName?: string | null;
  /** The sniffed content type; decides how the file shows (`previewKindOf`). */
  contentType: string | null;
  /** Size in bytes, shown beside the file name when given. */
  fileSize?: number | null;
  /**
   * Asks the server for a signed link: `false` to show the file in place, `true` to download it
   * under its file name. Called when the dialog opens (for a kind that previews) and on Download;
   * a rejection (an ApiError) shows its message.
   */
  loadLink: (download: boolean) => Promise<FileLink>;
}

/** The message shown for a file no browser can show in place. */
export const NO_PREVIEW_MESSAGE = "This file cannot be previewed";

/**
 * A file shown in place through a signed link: images, PDFs, videos, audio and plain text; any
 * other type says it cannot be previewed and offers the download. Generic over where the file
 * lives: the caller says how to get its links.
 */
export function FilePreviewDialog({ open, onOpenChange, title, fileName, contentType, fileSize, loadLink }: FilePreviewDialogProps) {
  const kind = previewKindOf(contentType);
  const facts = [fileName, fileSize === null || fileSize === undefined ? null : formatFileSize(fileSize)].filter(Boolean).join(" · ");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl" {...(facts ? {} : { "aria-describedby": undefined })}>
        <DialogHeader>
          <DialogTitle className="flex min-w-0 items-center gap-2 leading-snug">
            <FileTypeIcon contentType={contentType} />
            <span className="min-w-0 break-words">{title}</span>
          </DialogTitle>
          {facts ? <DialogDescription className="break-all">{facts}</DialogDescription> : null}
        </DialogHeader>
        {open ? <PreviewBody kind={kind} title={title} loadLink={loadLink} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type LinkState = { status: "loading" } | { status: "ready"; url: string } | { status: "failed"; message: string };

function PreviewBody({ kind, title, loadLink }: { kind: PreviewKind; title: string; loadLink: FilePreviewDialogProps["loadLink"] }) {
  const [link, setLink] = useState<LinkState>({ status: "loading" });
  const [mediaFailed, setMediaFailed] = useState(false);
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  // The caller's function may be a new one on every render; the link is asked once per opening.
  const loadLinkRef = useRef(loadLink);
  useEffect(() => {
    loadLinkRef.current = loadLink;
  }, [loadLink]);

  useEffect(() => {
    if (kind === "none") return;
    let current = true;
    loadLinkRef.current(false).then(
      ({ url }) => current && setLink({ status: "ready", url }),
      (error: unknown) => current && setLink({ status: "failed", message: messageOf(error, "The file could not be loaded.") }),
    );
    return () => {
      current = false;
    };
  }, [kind]);

  const startDownload = () => {
    setDownload({ busy: true, error: null });
    loadLinkRef.current(true).then(
      ({ url }) => {
        setDownload({ busy: false, error: null });
        openDownload(url);
      },
      (error: unknown) => setDownload({ busy: false, error: messageOf(error, "The download could not be started.") }),
    );
  };

  const unavailable = kind === "none" || link.status === "failed" || mediaFailed;
  return (
    <>
      <div className="min-w-0">
        {kind === "none" ? (
          <Unavailable message={NO_PREVIEW_MESSAGE} detail="Download it to open it on your device." />
        ) : link.status === "failed" ? (
          <Unavailable message={link.message} />
        ) : mediaFailed ? (
          <Unavailable message="The file could not be shown here." detail="Download it to open it on your device." />
        ) : link.status === "loading" ? (
          <Spinner label="Loading preview..." className="min-h-48" />
        ) : (
          <InlinePreview kind={kind} title={title} url={link.url} onFailed={() => setMediaFailed(true)} />
        )}
      </div>
      {download.error ? (
        <p role="alert" className="text-sm text-[var(--color-destructive)]">
          {download.error}
        </p>
      ) : null}
      <DialogFooter>
        {!unavailable && link.status === "ready" && (kind === "pdf" || kind === "text") ? (
          <Button asChild variant="outline">
            <a href={link.url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              Open in new tab
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        ) : null}
        <Button type="button" onClick={startDownload} disabled={download.busy} variant={unavailable ? "default" : "outline"}>
          <Download aria-hidden="true" />
          {download.busy ? "Preparing download..." : "Download"}
        </Button>
      </DialogFooter>
    </>
  );
}

const FRAME = "w-full rounded-md border border-[var(--color-border)]";

function InlinePreview({ kind, title, url, onFailed }: { kind: Exclude<PreviewKind, "none">; title: string; url: string; onFailed: () => void }) {
  switch (kind) {
    case "image":
      return (
        <div className="flex justify-center rounded-md bg-[var(--color-muted)] p-2">
          <img src={url} alt={title} onError={onFailed} className="max-h-[70vh] max-w-full object-contain" />
        </div>
      );
    case "pdf":
      return <iframe src={url} title={`PDF preview: ${title}`} className={`${FRAME} h-[70vh] bg-white`} />;
    case "text":
      // Plain text only, and sandboxed: whatever the file holds runs nothing.
      return <iframe src={url} title={`Text preview: ${title}`} sandbox="" className={`${FRAME} h-[60vh] bg-white`} />;
    case "video":
      // Library files come without captions; Download is offered beside the player.
      return <video controls preload="metadata" src={url} aria-label={title} onError={onFailed} className={`${FRAME} max-h-[70vh] bg-black`} />;
    case "audio":
      return <audio controls preload="metadata" src={url} aria-label={title} onError={onFailed} className="w-full" />;
  }
}

function Unavailable({ message, detail }: { message: string; detail?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-[var(--color-border)] p-8 text-center">
      <FileX aria-hidden="true" className="size-8 text-[var(--color-muted-foreground)]" />
      <p className="font-medium">{message}</p>
      {detail ? <p className="text-sm text-[var(--color-muted-foreground)]">{detail}</p> : null}
    </div>
  );
}
