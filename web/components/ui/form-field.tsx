import { type ReactNode, useState } from "react";
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

/**
 * A form's own failure: what went wrong with the last attempt that no field owns (a file the
 * server refused, a network error), shown by `FormFailure`. It is gone as soon as any field of the
 * form changes, as a field's error is (react-hook-form revalidates a changed field after a
 * submit): left until the next submit, it reads as if the new choice had been refused too.
 * Spread `clearOnChange` on the `<form>`: its fields' change events bubble to it.
 */
export function useFormFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  return { failure, setFailure, clearOnChange: { onChange: () => setFailure(null) } };
}

/** The failure of `useFormFailure`, announced when it appears. */
export function FormFailure({ failure }: { failure: string | null }) {
  return failure ? (
    <p role="alert" className="text-sm break-words text-[var(--color-destructive)]">
      {failure}
    </p>
  ) : null;
}
