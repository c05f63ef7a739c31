import { useQuery } from "@tanstack/react-query";
import { Download, Maximize2, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Attachment } from "#common/contracts/attachments";
import { formatFileSize } from "#common/domain/content";
import { FilePreviewDialog } from "#web/components/files/file-preview-dialog.tsx";
import { openDownload } from "#web/components/files/open-download.ts";
import { Button } from "#web/components/ui/button.tsx";
import { messageOf } from "#web/lib/api-client.ts";
import { formatDateTime } from "#web/lib/format-date.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { AttachmentThumbnail } from "./attachment-thumbnail.tsx";
import { type AttachmentTarget, attachmentsQuery, loadContentLink, useRemoveAttachment } from "./attachments-api.ts";
import { RemoveAttachmentDialog } from "./remove-attachment-dialog.tsx";

export interface AttachmentListProps extends AttachmentTarget {
  /** Offers Remove on each attachment. */
  canEdit: boolean;
}

/**
 * The files attached to an entity: a thumbnail or the type's icon, title, file name, size, who
 * attached it and when; Open (a preview), Download and, for editors, Remove (the library file
 * stays). Placeholders as spec §8 words them: "Loading...", "Failed to load".
 */
export function AttachmentList({ entityType, entityId, canEdit }: AttachmentListProps) {
  const target = { entityType, entityId };
  const list = useQuery(attachmentsQuery(target));
  const remove = useRemoveAttachment(target);
  const [previewed, setPreviewed] = useState<Attachment | null>(null);
  const [removing, setRemoving] = useState<Attachment | null>(null);

  if (list.isPending) {
    return (
      <p role="status" className="text-sm text-[var(--color-muted-foreground)]">
        Loading...
      </p>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-[var(--color-destructive)] p-3 text-sm">
        <span>
          <span className="font-medium">Failed to load</span>
          <span className="text-[var(--color-muted-foreground)]">{` ${messageOf(list.error, "The attachments could not be loaded.")}`}</span>
        </span>
        <Button type="button" variant="outline" size="sm" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const attachments = list.data.attachments;
  const confirmRemove = (attachment: Attachment) =>
    remove.mutate(attachment.id, {
      onSuccess: () => setRemoving(null),
      onError: (error) => {
        setRemoving(null);
        lazyToast.error("Error", { description: messageOf(error, "Failed to remove the attachment. Please try again.") });
      },
    });

  return (
    <>
      {attachments.length === 0 ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">No attachments yet.</p>
      ) : (
        <ul className="divide-y divide-[var(--color-border)] rounded-md border border-[var(--color-border)]" aria-label="Attachments">
          {attachments.map((attachment) => (
            <AttachmentRow
              key={attachment.id}
              attachment={attachment}
              canEdit={canEdit}
              onOpen={() => setPreviewed(attachment)}
              onRemove={() => setRemoving(attachment)}
            />
          ))}
        </ul>
      )}
      <FilePreviewDialog
        open={previewed !== null}
        onOpenChange={(open) => {
          if (!open) setPreviewed(null);
        }}
        title={previewed?.content.title ?? ""}
        fileName={previewed?.content.file_name}
        contentType={previewed?.content.content_type ?? null}
        fileSize={previewed?.content.file_size}
        loadLink={(download) => loadContentLink(previewed?.content.id ?? "", download)}
      />
      <RemoveAttachmentDialog attachment={removing} pending={remove.isPending} onClose={() => setRemoving(null)} onConfirm={confirmRemove} />
    </>
  );
}

function AttachmentRow({
  attachment,
  canEdit,
  onOpen,
  onRemove,
}: {
  attachment: Attachment;
  canEdit: boolean;
  onOpen: () => void;
  onRemove: () => void;
}) {
  const { content } = attachment;
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    loadContentLink(content.id, true)
      .then(({ url }) => openDownload(url))
      .catch((error: unknown) => lazyToast.error("Error", { description: messageOf(error, "The download could not be started.") }))
      .finally(() => setDownloading(false));
  };
  const size = content.file_size === null ? null : formatFileSize(content.file_size);
  const attachedBy = attachment.attached_by ? `Attached by ${attachment.attached_by.name}` : "Attached";
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <AttachmentThumbnail content={content} />
        <div className="min-w-0 space-y-0.5">
          <p className="font-medium break-words">{content.title}</p>
          {content.file_name || size ? (
            // A long file name may break anywhere; the size stays whole ("250.88 KB").
            <p className="text-sm text-[var(--color-muted-foreground)]">
              {content.file_name ? <span className="break-all">{content.file_name}</span> : null}
              {content.file_name && size ? " · " : null}
              {size ? <span className="whitespace-nowrap">{size}</span> : null}
            </p>
          ) : null}
          <p className="text-xs text-[var(--color-muted-foreground)]">{`${attachedBy} on ${formatDateTime(attachment.attached_at)}`}</p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" aria-label={`Open ${content.title}`} onClick={onOpen}>
          <Maximize2 aria-hidden="true" />
          Open
        </Button>
        <Button type="button" variant="outline" size="sm" aria-label={`Download ${content.title}`} disabled={downloading} onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
        {canEdit ? (
          <Button type="button" variant="outline" size="sm" aria-label={`Remove ${content.title}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        ) : null}
      </div>
    </li>
  );
}
