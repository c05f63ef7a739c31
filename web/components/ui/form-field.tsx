import type { ReactNode } from "react";
import { Label } from "./label.tsx";

/**
 * A labelled form control with its error message, linked for assistive technology. A `hint` is
 * shown under the label as `<id>-hint`: pass that id to `fieldErrorProps()` so that it is read too.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-[var(--color-muted-foreground)]">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-[var(--color-destructive)]">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props that tie an input to its FormField's error message (when shown), then to any hints (by id). */
export function fieldErrorProps(id: string, error: string | undefined, ...hints: string[]) {
  const describedBy = [error ? `${id}-error` : "", ...hints].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined };
}
