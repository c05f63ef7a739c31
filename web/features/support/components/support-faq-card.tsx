import { Suspense, lazy } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";

// react-markdown is too heavy for the page's first load.
const MarkdownView = lazy(() => import("#web/components/markdown-view.tsx"));

/** The answers to common questions: the curriculum's FAQ Markdown. */
export function SupportFaqCard({ markdown, className }: { markdown: string | null; className?: string }) {
  return (
    <Card aria-labelledby="support-faq-title" className={className}>
      <CardHeader>
        <CardTitle id="support-faq-title">Answers to common questions</CardTitle>
        <CardDescription>Read these first: most questions are answered here.</CardDescription>
      </CardHeader>
      {markdown === null ? (
        <p className="text-sm text-[var(--color-muted-foreground)]">No answers are published yet. Ask us through Get Expert Help.</p>
      ) : (
        <Suspense fallback={<p className="text-sm text-[var(--color-muted-foreground)]">Loading answers...</p>}>
          <MarkdownView markdown={markdown} />
        </Suspense>
      )}
    </Card>
  );
}
