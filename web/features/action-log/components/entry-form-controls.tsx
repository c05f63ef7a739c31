import type { ReactNode } from "react";
import { type Control, Controller, type FieldErrors } from "react-hook-form";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import type { EntryFormField, EntryFormValues } from "./entry-form-values.ts";

/** Radix's Select cannot hold "": a select whose value may be empty shows this instead. */
export const NONE = "none";

/** The id of a field's control inside the form whose ids start with `formId`. */
export function fieldId(formId: string, field: EntryFormField): string {
  return `${formId}-${field}`;
}

/**
 * A labelled select bound to the form. `options` are plain choices; `children` adds items or
 * groups after them. `emptyLabel` offers "" as a choice under that label ("Unassigned").
 */
export function SelectField({
  formId,
  name,
  label,
  control,
  errors,
  options = [],
  emptyLabel,
  hint,
  children,
  className,
}: {
  formId: string;
  name: EntryFormField;
  label: string;
  control: Control<EntryFormValues>;
  errors: FieldErrors<EntryFormValues>;
  options?: readonly string[];
  emptyLabel?: string;
  hint?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const id = fieldId(formId, name);
  const error = errors[name]?.message;
  return (
    <div className={className}>
      <FormField id={id} label={label} error={error} hint={hint}>
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select value={field.value === "" ? NONE : field.value} onValueChange={(value) => field.onChange(value === NONE ? "" : value)}>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...fieldErrorProps(id, error, ...(hint ? [`${id}-hint`] : []))}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {emptyLabel ? <SelectItem value={NONE}>{emptyLabel}</SelectItem> : null}
                {options.map((option) => (
                  <SelectItem key={option} value={option}>
                    {option}
                  </SelectItem>
                ))}
                {children}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
    </div>
  );
}
