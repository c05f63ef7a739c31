import { useId } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";

/**
 * An NDA's title and text in a scrollable region, named after the title and focusable so that
 * keyboard users can scroll it.
 */
export function NdaText({ title, body, description }: { title: string; body: string; description?: string }) {
  const titleId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <div
        role="region"
        aria-labelledby={titleId}
        tabIndex={0}
        className="max-h-[28rem] overflow-y-auto whitespace-pre-wrap rounded-md border border-[var(--color-border)] bg-[var(--color-background)] p-4 text-sm leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]"
      >
        {body}
      </div>
    </Card>
  );
}
