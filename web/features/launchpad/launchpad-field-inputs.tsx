import { Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Controller, type FieldValues, type UseFormReturn, get, useFieldArray } from "react-hook-form";
import { Button } from "#web/components/ui/button.tsx";
import { FieldCharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { Combobox } from "#web/components/ui/combobox.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Radio } from "#web/components/ui/radio-group.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { type LaunchpadField, type ListField, emptyRow, optionLabel, optionValue, rowFields } from "./launchpad-fields.ts";

type Form = UseFormReturn<FieldValues>;

const fieldId = (name: string) => `launchpad-${name.replaceAll(".", "-")}`;

function errorOf(form: Form, name: string): string | undefined {
  const error: unknown = get(form.formState.errors, name);
  const message = typeof error === "object" && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === "string" ? message : undefined;
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-[var(--color-muted-foreground)]">
      {children}
    </p>
  );
}

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-[var(--color-destructive)]">
      {message}
    </p>
  ) : null;
}

/** One question of a launchpad page, drawn for its kind of answer. */
export function LaunchpadFieldInput({ field, form }: { field: LaunchpadField; form: Form }) {
  switch (field.kind) {
    case "text":
    case "number":
    case "date":
      return <SingleInput field={field} form={form} />;
    case "select":
      return <SelectInput field={field} form={form} />;
    case "checkboxes":
    case "yes-no":
      return <ChoiceGroup field={field} form={form} />;
    case "list":
      return <ListInput field={field} form={form} />;
  }
}

function SingleInput({ field, form }: { field: Extract<LaunchpadField, { kind: "text" | "number" | "date" }>; form: Form }) {
  const id = fieldId(field.name);
  const hintId = `${id}-hint`;
  const error = errorOf(form, field.name);
  const maxCharacters = field.kind === "text" ? field.maxCharacters : undefined;
  const inputProps =
    field.kind === "text"
      ? { type: field.type ?? "text", autoComplete: field.autoComplete ?? "off", example: field.example }
      : field.kind === "number"
        ? { type: "number", inputMode: "numeric" as const, min: field.min, max: field.max, step: 1 }
        : { type: "date" };
  const describedBy = [...(field.hint ? [hintId] : []), ...(maxCharacters ? [characterCountId(id)] : [])];
  return (
    <FormField id={id} label={field.label} error={error}>
      {field.hint ? <Hint id={hintId}>{field.hint}</Hint> : null}
      <Input
        className={field.kind === "text" ? undefined : "max-w-xs"}
        {...inputProps}
        {...fieldErrorProps(id, error, ...describedBy)}
        {...form.register(field.name)}
      />
      {maxCharacters ? <FieldCharacterCount control={form.control} name={field.name} fieldId={id} max={maxCharacters} /> : null}
    </FormField>
  );
}


function SelectInput({ field, form }: { field: Extract<LaunchpadField, { kind: "select" }>; form: Form }) {
  const id = fieldId(field.name);
  const hintId = `${id}-hint`;
  const error = errorOf(form, field.name);
  const { searchable } = field;
  return (
    <FormField id={id} label={field.label} error={error}>
      {field.hint ? <Hint id={hintId}>{field.hint}</Hint> : null}
      <Controller
        control={form.control}
        name={field.name}
        render={({ field: control }) => {
          const value = typeof control.value === "string" ? control.value : "";
          const trigger = { ref: control.ref, onBlur: control.onBlur, className: "max-w-sm", ...fieldErrorProps(id, error, ...(field.hint ? [hintId] : [])) };
          return searchable ? (
            <Combobox
              {...trigger}
              value={value}
              onValueChange={control.onChange}
              options={field.options.map((option) => ({ value: optionValue(option), label: optionLabel(option) }))}
              searchLabel={searchable.searchLabel}
              emptyText={searchable.emptyText}
            />
          ) : (
            <Select value={value} onValueChange={control.onChange}>
              <SelectTrigger {...trigger}>
                <SelectValue placeholder="Choose…" />
              </SelectTrigger>
              <SelectContent>
                {field.options.map((option) => (
                  <SelectItem key={optionValue(option)} value={optionValue(option)}>
                    {optionLabel(option)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          );
        }}
      />
    </FormField>
  );
}

/** Several checkboxes (any number of choices) or Yes/No radios, as a fieldset named by its legend. */
function ChoiceGroup({ field, form }: { field: Extract<LaunchpadField, { kind: "checkboxes" | "yes-no" }>; form: Form }) {
  const id = fieldId(field.name);
  const error = errorOf(form, field.name);
  const describedBy = [field.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const options = field.kind === "checkboxes" ? field.options.map((option) => ({ value: option, label: option })) : YES_NO;
  const Control = field.kind === "checkboxes" ? Checkbox : Radio;
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={describedBy || undefined}>
      <legend className="text-sm font-medium leading-none">{field.label}</legend>
      {field.hint ? <Hint id={`${id}-hint`}>{field.hint}</Hint> : null}
      <div className={field.kind === "checkboxes" ? "grid gap-x-6 gap-y-1 sm:grid-cols-2" : "flex gap-6"}>
        {options.map((option) => (
          <label key={option.value} className="flex min-h-7 cursor-pointer items-center gap-2 text-sm">
            <Control value={option.value} aria-invalid={error ? true : undefined} {...form.register(field.name)} />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorText id={`${id}-error`} message={error} />
    </fieldset>
  );
}

const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

/** A list the user grows and shrinks (goals, entities, key dates), each row labelled by its number. */
function ListInput({ field, form }: { field: ListField; form: Form }) {
  const { fields: rows, append, remove } = useFieldArray({ control: form.control, name: field.name });
  const id = fieldId(field.name);
  const listError = errorOf(form, `${field.name}.root`) ?? errorOf(form, field.name);
  const describedBy = [field.hint ? `${id}-hint` : "", listError ? `${id}-error` : ""].filter(Boolean).join(" ");
  const parts = rowFields(field);
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={describedBy || undefined}>
      <legend className="text-sm font-medium leading-none">{field.label}</legend>
      {field.hint ? <Hint id={`${id}-hint`}>{field.hint}</Hint> : null}
      {rows.length === 0 ? <p className="text-sm text-[var(--color-muted-foreground)]">None yet.</p> : null}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const number = index + 1;
          return (
            <li key={row.id} className="flex flex-wrap items-start gap-2">
              {parts.map((part) => {
                const name = `${field.name}.${index}.${part.key}`;
                const inputId = fieldId(name);
                const error = errorOf(form, name);
                const label = part.label ? `${field.itemLabel} ${number} ${part.label}` : `${field.itemLabel} ${number}`;
                return (
                  <div key={part.key} className={part.type === "date" ? "w-44 space-y-1" : "min-w-48 flex-1 space-y-1"}>
                    <Label htmlFor={inputId}>{label}</Label>
                    <Input
                      type={part.type ?? "text"}
                      autoComplete="off"
                      {...fieldErrorProps(inputId, error, ...(part.maxCharacters ? [characterCountId(inputId)] : []))}
                      {...form.register(name)}
                    />
                    {part.maxCharacters ? <FieldCharacterCount control={form.control} name={name} fieldId={inputId} max={part.maxCharacters} /> : null}
                    <ErrorText id={`${inputId}-error`} message={error} />
                  </div>
                );
              })}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="mt-5"
                aria-label={`Remove ${field.itemLabel.toLowerCase()} ${number}`}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
      <Button type="button" variant="outline" size="sm" disabled={rows.length >= field.max} onClick={() => append(emptyRow(field))}>
        <Plus aria-hidden="true" />
        {field.addLabel}
      </Button>
      <ErrorText id={`${id}-error`} message={listError} />
    </fieldset>
  );
}
