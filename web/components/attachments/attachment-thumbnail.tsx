import { useState } from "react";
import type { ContentItem } from "#common/contracts/content";
import { FileTypeIcon } from "#web/components/files/file-type-icon.tsx";

/**
 * An image's thumbnail (its signed link), or the file type's icon. Decorative: the title beside it
 * names the file. The placeholders of spec §8: "Loading..." until the image arrives, "Error
 * loading" when it cannot (a link past its hour, a file gone).
 */
export function AttachmentThumbnail({ content }: { content: Pick<ContentItem, "thumbnail_url" | "content_type"> }) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  const box = "relative flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-md border border-[var(--color-border)] bg-[var(--color-muted)]";
  if (!content.thumbnail_url) {
    return (
      <div className={box}>
        <FileTypeIcon contentType={content.content_type} className="size-6" />
      </div>
    );
  }
  return (
    <div className={box}>
      {state === "failed" ? null : (
        <img
          src={content.thumbnail_url}
          alt=""
          loading="lazy"
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
          className={state === "loaded" ? "size-full object-cover" : "absolute size-px opacity-0"}
        />
      )}
      {state === "loaded" ? null : (
        <span aria-hidden="true" className="px-1 text-center text-[10px] leading-tight text-[var(--color-muted-foreground)]">
          {state === "failed" ? "Error loading" : "Loading..."}
        </span>
      )}
    </div>
  );
}
