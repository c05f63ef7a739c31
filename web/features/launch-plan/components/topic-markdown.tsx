import { Suspense, lazy } from "react";

// react-markdown is heavy: only a topic with a body downloads it, not the lesson or course pages.
const MarkdownView = lazy(() => import("#web/components/markdown-view.tsx"));

function MarkdownLoading() {
  return (
    <div role="status" aria-live="polite" className="space-y-3 motion-safe:animate-pulse">
      <span className="sr-only">Loading content...</span>
      {["w-full", "w-11/12", "w-4/5", "w-2/3"].map((width) => (
        <div key={width} aria-hidden="true" className={`h-4 rounded-md bg-[var(--color-muted)] ${width}`} />
      ))}
    </div>
  );
}

/** A topic's Markdown body (a reading, an activity's instructions), or a note when it has none. */
export function TopicMarkdown({ markdown, empty }: { markdown: string | null; empty: string }) {
  if (!markdown?.trim()) return <p className="text-sm text-[var(--color-muted-foreground)]">{empty}</p>;
  return (
    <Suspense fallback={<MarkdownLoading />}>
      <MarkdownView markdown={markdown} className="max-w-3xl" />
    </Suspense>
  );
}
