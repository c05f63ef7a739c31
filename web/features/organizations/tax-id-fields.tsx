import { Plus, Trash2 } from "lucide-react";
import { Controller, type UseFormReturn, useFieldArray } from "react-hook-form";
import { TAX_IDS_MAX } from "#common/domain/organization-profile";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { type ProfileFormValues, TAX_ID_KIND_OPTIONS } from "./profile-form-values.ts";

/** The organization's tax identifiers: a kind and a number each, added and removed in place. */
export function TaxIdFields({ form }: { form: UseFormReturn<ProfileFormValues> }) {
  const taxIds = useFieldArray({ control: form.control, name: "tax_ids" });
  const listError = form.getFieldState("tax_ids", form.formState).error?.message;
  return (
    <div className="space-y-4">
      {taxIds.fields.length === 0 ? <p className="text-sm text-[var(--color-muted-foreground)]">No tax identifiers yet.</p> : null}
      <ol className="space-y-4">
        {taxIds.fields.map((row, index) => {
          const kindId = `tax_ids-${index}-kind`;
          const valueId = `tax_ids-${index}-value`;
          const kindError = form.getFieldState(`tax_ids.${index}.kind`, form.formState).error?.message;
          const valueError = form.getFieldState(`tax_ids.${index}.value`, form.formState).error?.message;
          return (
            <li key={row.id}>
              <fieldset className="grid items-start gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto]">
                <legend className="sr-only">Tax identifier {index + 1}</legend>
                <FormField id={kindId} label="Kind" error={kindError}>
                  <Controller
                    control={form.control}
                    name={`tax_ids.${index}.kind`}
                    render={({ field }) => (
                      <Select value={field.value} onValueChange={field.onChange}>
                        <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...fieldErrorProps(kindId, kindError)}>
                          <SelectValue placeholder="Choose…" />
                        </SelectTrigger>
                        <SelectContent>
                          {TAX_ID_KIND_OPTIONS.map((option) => (
                            <SelectItem key={option.value} value={option.value}>
                              {option.label}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  />
                </FormField>
                <FormField id={valueId} label="Number" error={valueError}>
                  <Input {...fieldErrorProps(valueId, valueError)} {...form.register(`tax_ids.${index}.value`)} example="DE123456789" autoComplete="off" />
                </FormField>
                <Button type="button" variant="ghost" size="icon" className="sm:mt-7" aria-label={`Remove tax identifier ${index + 1}`} onClick={() => taxIds.remove(index)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listError ? <p className="text-sm text-[var(--color-destructive)]">{listError}</p> : null}
      <Button type="button" variant="outline" disabled={taxIds.fields.length >= TAX_IDS_MAX} onClick={() => taxIds.append({ kind: "vat", value: "" })}>
        <Plus aria-hidden="true" />
        Add tax identifier
      </Button>
    </div>
  );
}
