import { Paperclip, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { formatFileSize } from "#common/domain/content";
import { CaptureButtons } from "#web/components/capture/capture-buttons.tsx";
import { FileTypeIcon } from "#web/components/files/file-type-icon.tsx";
import { Button } from "#web/components/ui/button.tsx";
import type { CaptureKind } from "#web/lib/capture/capture-support.ts";
import type { PendingAttachment } from "./help-uploads.ts";

export interface HelpAttachmentsProps {
  attachments: readonly PendingAttachment[];
  disabled: boolean;
  onAddFiles: (files: File[]) => void;
  /** A screenshot or recording Attach was pressed for in its preview. */
  onCaptured: (file: File, kind: CaptureKind) => void;
  onRemove: (key: string) => void;
}

/** Why chosen files were left out: the library refuses an empty file, so it could never be sent. */
function emptyFilesRefusal(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  return names.length === 1
    ? `${names[0]} was not attached: the file is empty.`
    : `${names.join(", ")} were not attached: the files are empty.`;
}

/**
 * Attachments (optional): files chosen with "Attach files" and screenshots or recordings taken
 * here, listed with their icon, name and size until Submit uploads them; each can be removed.
 * An empty file is refused when chosen, with the reason beside the button: listed, it would fail
 * every Submit until removed.
 */
export function HelpAttachments({ attachments, disabled, onAddFiles, onCaptured, onRemove }: HelpAttachmentsProps) {
  const input = useRef<HTMLInputElement>(null);
  const refusalId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);

  const choose = (files: File[]) => {
    const kept = files.filter((file) => file.size > 0);
    setRefusal(emptyFilesRefusal(files.filter((file) => file.size === 0).map((file) => file.name)));
    if (kept.length > 0) onAddFiles(kept);
  };
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 text-sm font-medium">
        Attachments (optional)
      </legend>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          aria-describedby={refusal ? refusalId : undefined}
          onClick={() => input.current?.click()}
        >
          <Paperclip aria-hidden="true" />
          Attach files
        </Button>
        {/* The button stands for it; the input itself is never shown. */}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Attach files"
          tabIndex={-1}
          disabled={disabled}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            // The same file can be chosen again after it was removed.
            event.target.value = "";
            if (files.length > 0) choose(files);
          }}
        />
        <CaptureButtons onCaptured={onCaptured} disabled={disabled} />
      </div>
      {refusal ? (
        <p id={refusalId} role="alert" className="text-sm break-words text-[var(--color-destructive)]">
          {refusal}
        </p>
      ) : null}
      {attachments.length > 0 ? (
        <ul aria-label="Attachments to send" className="divide-y divide-[var(--color-border)] rounded-md border border-[var(--color-border)]">
          {attachments.map(({ key, file }) => (
            <li key={key} className="flex min-w-0 items-center gap-3 px-3 py-2">
              <FileTypeIcon contentType={file.type || null} />
              <span className="min-w-0 flex-1 text-sm">
                <span className="break-all">{file.name}</span>
                <span className="whitespace-nowrap text-[var(--color-muted-foreground)]">{` · ${formatFileSize(file.size)}`}</span>
              </span>
              <Button type="button" variant="ghost" size="sm" disabled={disabled} aria-label={`Remove ${file.name}`} onClick={() => onRemove(key)}>
                <X aria-hidden="true" />
                <span className="max-sm:sr-only">Remove</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
