import { ExternalLink } from "lucide-react";
import { type VideoSource, classifyVideoUrl } from "./topic-video-source.ts";

const FRAME = "aspect-video w-full overflow-hidden rounded-xl border border-[var(--color-border)] bg-black";

/**
 * A video topic's player: the browser's own for a file (its end marks the topic complete), the
 * provider's embedded player for YouTube and Vimeo, and in every case a direct link to open the
 * video elsewhere, should the player not load. `fileUrl` is the curriculum's own video file in the
 * portal's storage: a signed link that names no extension, so it is played as it is.
 */
export function TopicVideo({ title, videoUrl, fileUrl, onEnded }: { title: string; videoUrl: string | null; fileUrl: string | null; onEnded: () => void }) {
  const source: VideoSource = fileUrl ? { kind: "file", url: fileUrl } : classifyVideoUrl(videoUrl);
  if (source.kind === "none") return <p className="text-sm text-[var(--color-muted-foreground)]">This video is not available yet.</p>;
  return (
    <div className="space-y-2">
      {source.kind === "file" ? (
        // No captions come with the curriculum's videos; the topic's text carries what they say.
        <video controls preload="metadata" src={source.url} aria-label={title} onEnded={onEnded} className={FRAME} />
      ) : source.kind === "embed" ? (
        <iframe
          src={source.embedUrl}
          title={`${source.provider} video: ${title}`}
          className={FRAME}
          loading="lazy"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
        />
      ) : null}
      <a
        href={source.url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-sm font-medium text-[var(--color-primary)] underline underline-offset-4 hover:no-underline"
      >
        Open video
        <ExternalLink aria-hidden="true" className="size-3.5" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
