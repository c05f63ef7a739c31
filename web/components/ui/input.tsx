import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

/** How an example value is shown in an empty field: a hint, so that it never reads as an answer. */
function exampleHint(example: string): string {
  return `e.g. ${example}`;
}

/**
 * `example` shows a sample answer in the empty field as "e.g. …" (placeholders that looked like
 * entered text made a required field seem filled). Give a placeholder only for a prompt that is
 * no value at all; tests/lint/placeholder-hints.test.ts checks the literals.
 */
export function Input({ className, example, placeholder, ...props }: ComponentProps<"input"> & { example?: string }) {
  return (
    <input
      className={cn(
        "flex h-9 w-full rounded-md border border-[var(--color-border)] bg-transparent px-3 py-1 text-sm shadow-sm",
        "placeholder:text-[var(--color-muted-foreground)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]",
        "disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-[var(--color-destructive)]",
        className,
      )}
      placeholder={example ? exampleHint(example) : placeholder}
      {...props}
    />
  );
}
