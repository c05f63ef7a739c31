/** A form-level error, announced as soon as it appears. */
export function FormAlert({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-[var(--color-destructive)] px-3 py-2 text-sm text-[var(--color-destructive)]">
      {message}
    </div>
  );
}
