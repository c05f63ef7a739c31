import type { ReactNode } from "react";
import { Controller, type FieldErrors, get, useFormContext } from "react-hook-form";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Radio } from "#web/components/ui/radio-group.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { cn } from "#web/lib/cn.ts";

/**
 * The fields of the workspace forms, bound by name to the form around them (FormProvider): each
 * shows its error under it, the browser's check or the server's (same path, same message).
 */

/** The field's id, from its path: "approval_rules.0.min_amount" → "ws-approval_rules-0-min_amount". */
export function fieldId(name: string): string {
  return `ws-${name.replaceAll(".", "-")}`;
}

/** The error at a path; a list's own error sits on the list or, set by hand, on its root. */
export function errorAt(errors: FieldErrors, name: string): string | undefined {
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

/** An emptied number input is no answer (null); anything else is the number it reads as. */
function numberOrNull(value: unknown): number | null {
  return value === "" || value === null || value === undefined ? null : Number(value);
}

export interface Option {
  value: string;
  label: string;
}

/** A list of options from a closed list and its labels, in the list's order. */
export function optionsOf<const T extends string>(values: readonly T[], labels: Record<T, string>): Option[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

export function TextField({
  name,
  label,
  hint,
  example,
  type = "text",
  className,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  example?: string;
  type?: "text" | "number" | "email" | "time";
  className?: string;
}) {
  const { register, formState } = useFormContext();
  const id = fieldId(name);
  const error = errorAt(formState.errors, name);
  const numeric = type === "number";
  return (
    <div className={cn("min-w-0", className)}>
      <FormField id={id} label={label} hint={hint} error={error}>
        <Input
          type={type}
          example={example}
          inputMode={numeric ? "decimal" : undefined}
          step={numeric ? "any" : undefined}
          {...fieldErrorProps(id, error, ...(hint ? [`${id}-hint`] : []))}
          {...register(name, numeric ? { setValueAs: numberOrNull } : {})}
        />
      </FormField>
    </div>
  );
}

/** A choice from a list; `numeric` lists numbers (their options' values are the numbers as text). */
export function SelectField({
  name,
  label,
  options,
  numeric = false,
  className,
}: {
  name: string;
  label: string;
  options: readonly Option[];
  numeric?: boolean;
  className?: string;
}) {
  const { control, formState } = useFormContext();
  const id = fieldId(name);
  const error = errorAt(formState.errors, name);
  return (
    <div className={cn("min-w-0", className)}>
      <FormField id={id} label={label} error={error}>
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select
              value={field.value === null || field.value === undefined ? "" : String(field.value)}
              onValueChange={(value) => field.onChange(numeric ? Number(value) : value)}
              disabled={field.disabled}
            >
              <SelectTrigger {...fieldErrorProps(id, error)} ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder="Choose…" />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
    </div>
  );
}

/** Options to tick, any number of them (a list in the answers). */
export function CheckboxGroup({ name, legend, options }: { name: string; legend: string; options: readonly Option[] }) {
  return <ChoiceGroup name={name} legend={legend} options={options} multiple />;
}

/** One option of a few, each visible. */
export function RadioGroupField({ name, legend, options }: { name: string; legend: string; options: readonly Option[] }) {
  return <ChoiceGroup name={name} legend={legend} options={options} multiple={false} />;
}

function ChoiceGroup({ name, legend, options, multiple }: { name: string; legend: string; options: readonly Option[]; multiple: boolean }) {
  const { register, formState } = useFormContext();
  const id = fieldId(name);
  const error = errorAt(formState.errors, name);
  const Control = multiple ? Checkbox : Radio;
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <Control value={option.value} aria-invalid={error ? true : undefined} {...register(name)} />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-[var(--color-destructive)]">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A list's own error (too few rows, a rule across rows), under the list. */
export function ListError({ name }: { name: string }) {
  const { formState } = useFormContext();
  const error = errorAt(formState.errors, name);
  return error ? (
    <p id={`${fieldId(name)}-error`} role="alert" className="text-sm text-[var(--color-destructive)]">
      {error}
    </p>
  ) : null;
}
