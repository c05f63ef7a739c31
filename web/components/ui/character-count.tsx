import { type Control, type FieldValues, type Path, useWatch } from "react-hook-form";
import { cn } from "#web/lib/cn.ts";

/**
 * Text fields with a limit never cut what is typed or pasted (a `maxLength` attribute drops the
 * end of a paste without a word): they say the limit near the field and the form refuses more.
 * The count shows from this share of the limit on: near enough to matter, and quiet before.
 */
const NEAR_LIMIT_SHARE = 0.9;

const COUNT_FORMAT = new Intl.NumberFormat("en-US");

/** The count's element id, for the field's `aria-describedby` (see `fieldErrorProps`). */
export function characterCountId(fieldId: string): string {
  return `${fieldId}-count`;
}

/** "Description must be at most 10,000 characters": the refusal, with the limit as people read it. */
export function characterLimitMessage(label: string, max: number): string {
  return `${label} must be at most ${COUNT_FORMAT.format(max)} characters`;
}

/** Whether the count of `length` characters against `max` is worth showing. */
export function isNearCharacterLimit(length: number, max: number): boolean {
  return length >= Math.floor(max * NEAR_LIMIT_SHARE);
}

/**
 * "9,950 / 10,000" under a text field once it is near its limit, in red with how many are too
 * many past it. The element is always there and a polite live region, so that screen readers
 * hear the count change once it shows, and nothing while the text is far from the limit (empty,
 * it takes no room). Counts what the field holds, in UTF-16 units as the schemas' `max` does.
 */
export function CharacterCount({ fieldId, value, max, className }: { fieldId: string; value: string | null | undefined; max: number; className?: string }) {
  const length = value?.length ?? 0;
  const near = isNearCharacterLimit(length, max);
  const over = length - max;
  return (
    <p
      id={characterCountId(fieldId)}
      aria-live="polite"
      className={cn("text-right text-xs tabular-nums empty:sr-only", over > 0 ? "font-medium text-[var(--color-destructive)]" : "text-[var(--color-muted-foreground)]", className)}
    >
      {near ? (
        <>
          {`${COUNT_FORMAT.format(length)} / ${COUNT_FORMAT.format(max)}`}
          <span className="sr-only"> characters</span>
          {over > 0 ? <span>{` · ${COUNT_FORMAT.format(over)} too many`}</span> : null}
        </>
      ) : null}
    </p>
  );
}

/** The CharacterCount of a React Hook Form field, following what is typed or pasted. */
export function FieldCharacterCount<T extends FieldValues, Transformed = T>({
  control,
  name,
  fieldId,
  max,
}: {
  control: Control<T, unknown, Transformed>;
  name: Path<T>;
  fieldId: string;
  max: number;
}) {
  const value: unknown = useWatch<T, Path<T>, Transformed>({ control, name });
  return <CharacterCount fieldId={fieldId} value={typeof value === "string" ? value : ""} max={max} />;
}
