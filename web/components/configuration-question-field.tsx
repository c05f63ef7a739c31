import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AnsweredIn } from "#common/contracts/answered-in";
import { CONFIGURATION_TEXT_MAX, type ConfigurationDraft, type ConfigurationQuestionKind } from "#common/domain/configuration-answers";
import { cn } from "#web/lib/cn.ts";
import { formatCalendarDay } from "#web/lib/format-date.ts";
import { Button } from "./ui/button.tsx";
import { CharacterCount, characterCountId, isNearCharacterLimit } from "./ui/character-count.tsx";
import { Checkbox } from "./ui/checkbox.tsx";
import { Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";
import { Radio } from "./ui/radio-group.tsx";

/** What the field needs of a configuration question (the questionnaire's and the launch plan's both fit). */
export interface ConfigurationQuestionMeta {
  key: string;
  prompt: string;
  help: string | null;
  kind: ConfigurationQuestionKind;
  options: readonly string[];
  required: boolean;
}

export interface ConfigurationQuestionFieldProps {
  question: ConfigurationQuestionMeta;
  /** The draft (see common/domain/configuration-answers.ts): text, the option chosen, "yes"/"no", or the options ticked. */
  value: ConfigurationDraft;
  onChange: (value: ConfigurationDraft) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  /** Keeps ids unique when a page shows a question twice (default "configuration"). */
  idPrefix?: string;
  /** The page that answers the question: shown as read text with a link there, not as a control. */
  answeredIn?: AnsweredIn | null;
}

const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

const TEXTAREA_CLASS = cn(
  "flex min-h-20 w-full rounded-md border border-[var(--color-border)] bg-transparent px-3 py-2 text-sm shadow-sm",
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-ring)]",
  "disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-[var(--color-destructive)]",
);

/** The prompt with its required mark: a star to see, words to hear. */
function Prompt({ question }: { question: ConfigurationQuestionMeta }) {
  return (
    <>
      {question.prompt}
      {question.required ? (
        <>
          {" "}
          <span aria-hidden="true" className="text-[var(--color-destructive)]">
            *
          </span>
          <span className="sr-only">(required)</span>
        </>
      ) : null}
    </>
  );
}

function Note({ id, tone, children }: { id: string; tone: "hint" | "error"; children: ReactNode }) {
  return (
    <p id={id} className={cn("text-sm break-words", tone === "error" ? "text-[var(--color-destructive)]" : "text-[var(--color-muted-foreground)]")}>
      {children}
    </p>
  );
}

/** A question another page answers: its answer as text and where to change it. */
function AnsweredElsewhere({ question, value, answeredIn, id, hint }: { question: ConfigurationQuestionMeta; value: ConfigurationDraft; answeredIn: AnsweredIn; id: string; hint: ReactNode }) {
  const text = typeof value === "string" ? value : "";
  const shown = text === "" ? null : question.kind === "date" ? formatCalendarDay(text) : text;
  return (
    <div role="group" aria-labelledby={`${id}-prompt`} className="min-w-0 space-y-1.5" data-question={question.key}>
      <p id={`${id}-prompt`} className="text-sm font-medium break-words">
        <Prompt question={question} />
      </p>
      {hint}
      <p className={cn("text-sm break-words", shown === null && "text-[var(--color-muted-foreground)]")}>{shown ?? `Not answered in ${answeredIn.label} yet.`}</p>
      <p className="text-sm text-[var(--color-muted-foreground)]">
        From{" "}
        <Link to={answeredIn.route} className="font-medium text-[var(--color-primary)] underline underline-offset-4">
          {answeredIn.label}
        </Link>
        {shown === null ? ": answer it there." : ". Change it there."}
      </p>
    </div>
  );
}

/**
 * One configuration question, drawn for its kind and controlled by its draft: a fieldset with a
 * legend for choices (radios for one option and yes/no, checkboxes for several), a labelled text
 * area, number or date input otherwise; the help text and any error are tied to the control.
 */
export function ConfigurationQuestionField({
  question,
  value,
  onChange,
  onBlur,
  error,
  disabled = false,
  idPrefix = "configuration",
  answeredIn = null,
}: ConfigurationQuestionFieldProps) {
  const id = `${idPrefix}-${question.key}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [question.help ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const invalid = error ? true : undefined;
  const errorNote = error ? (
    <Note id={errorId} tone="error">
      {error}
    </Note>
  ) : null;
  const hint = question.help ? (
    <Note id={hintId} tone="hint">
      {question.help}
    </Note>
  ) : null;
  if (answeredIn) return <AnsweredElsewhere question={question} value={value} answeredIn={answeredIn} id={id} hint={hint} />;

  if (question.kind === "single_choice" || question.kind === "yes_no" || question.kind === "multiple_choice") {
    const several = question.kind === "multiple_choice";
    const options = question.kind === "yes_no" ? YES_NO : question.options.map((option) => ({ value: option, label: option }));
    const chosen = Array.isArray(value) ? value : [];
    const single = typeof value === "string" ? value : "";
    return (
      <fieldset className="min-w-0 space-y-2" aria-describedby={describedBy} data-question={question.key}>
        <legend className="text-sm font-medium break-words">
          <Prompt question={question} />
        </legend>
        {hint}
        <div className={question.kind === "yes_no" ? "flex flex-wrap gap-x-6 gap-y-1" : "grid gap-x-6 gap-y-1 sm:grid-cols-2"}>
          {options.map((option, index) => (
            <label key={option.value} className="flex min-h-7 min-w-0 cursor-pointer items-start gap-2 py-0.5 text-sm">
              {several ? (
                <Checkbox
                  id={index === 0 ? id : undefined}
                  className="mt-0.5"
                  value={option.value}
                  checked={chosen.includes(option.value)}
                  disabled={disabled}
                  aria-invalid={invalid}
                  onBlur={onBlur}
                  onChange={(event) =>
                    onChange(event.target.checked ? question.options.filter((entry) => entry === option.value || chosen.includes(entry)) : chosen.filter((entry) => entry !== option.value))
                  }
                />
              ) : (
                <Radio
                  id={index === 0 ? id : undefined}
                  className="mt-0.5"
                  name={id}
                  value={option.value}
                  checked={single === option.value}
                  disabled={disabled}
                  aria-invalid={invalid}
                  onBlur={onBlur}
                  onChange={() => onChange(option.value)}
                />
              )}
              <span className="min-w-0 break-words">{option.label}</span>
            </label>
          ))}
        </div>
        {!several && single !== "" && !disabled ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange("")}>
            Clear answer
          </Button>
        ) : null}
        {errorNote}
      </fieldset>
    );
  }

  const text = typeof value === "string" ? value : "";
  // Never a maxLength, which cut a paste without a word: the count says the limit near it, and
  // the answer over it is refused (common/domain/configuration-answers.ts).
  const counted = question.kind === "text" && isNearCharacterLimit(text.length, CONFIGURATION_TEXT_MAX);
  const control =
    question.kind === "text" ? (
      <>
        <textarea
          id={id}
          rows={3}
          className={TEXTAREA_CLASS}
          value={text}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={[describedBy, counted ? characterCountId(id) : ""].filter(Boolean).join(" ") || undefined}
          onBlur={onBlur}
          onChange={(event) => onChange(event.target.value)}
        />
        <CharacterCount fieldId={id} value={text} max={CONFIGURATION_TEXT_MAX} />
      </>
    ) : (
      <Input
        id={id}
        className="max-w-xs"
        // Text for numbers, so what was typed stays there to be corrected ("1e" in a number input reads as nothing).
        type={question.kind === "number" ? "text" : "date"}
        inputMode={question.kind === "number" ? "decimal" : undefined}
        autoComplete="off"
        value={text}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  return (
    <div className="min-w-0 space-y-2" data-question={question.key}>
      <Label htmlFor={id} className="block leading-snug break-words">
        <Prompt question={question} />
      </Label>
      {hint}
      {control}
      {errorNote}
    </div>
  );
}
