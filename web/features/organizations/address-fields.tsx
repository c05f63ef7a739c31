import { Controller, type UseFormReturn } from "react-hook-form";
import { Combobox } from "#web/components/ui/combobox.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { type AddressFieldName, COUNTRY_OPTIONS, type ProfileFormValues } from "./profile-form-values.ts";

type TextField = "street_line_1" | "street_line_2" | "city" | "region" | "postal_code";

const TEXT_FIELDS: readonly { field: TextField; label: string; example?: string; autoComplete: string; wide?: boolean }[] = [
  { field: "street_line_1", label: "Street", example: "12 Market Street", autoComplete: "address-line1", wide: true },
  { field: "street_line_2", label: "Street line 2 (optional)", example: "Suite 400", autoComplete: "address-line2", wide: true },
  { field: "city", label: "City", autoComplete: "address-level2" },
  { field: "region", label: "Region or state (optional)", autoComplete: "address-level1" },
  { field: "postal_code", label: "Postal code (optional)", autoComplete: "postal-code" },
];

/**
 * One address of the profile: street lines, city, region, postal code and a country found by
 * typing. Every field is optional on its own; once one is filled the contract asks for street,
 * city and country, and its messages show under those fields.
 */
export function AddressFields({ form, name }: { form: UseFormReturn<ProfileFormValues>; name: AddressFieldName }) {
  const errorOf = (field: TextField | "country") => form.getFieldState(`${name}.${field}`, form.formState).error?.message;
  const countryId = `${name}-country`;
  const countryError = errorOf("country");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {TEXT_FIELDS.map(({ field, label, example, autoComplete, wide }) => {
        const id = `${name}-${field}`;
        const error = errorOf(field);
        return (
          <div key={field} className={wide ? "sm:col-span-2" : undefined}>
            <FormField id={id} label={label} error={error}>
              <Input {...fieldErrorProps(id, error)} {...form.register(`${name}.${field}`)} example={example} autoComplete={autoComplete} />
            </FormField>
          </div>
        );
      })}
      <FormField id={countryId} label="Country" error={countryError}>
        <Controller
          control={form.control}
          name={`${name}.country`}
          render={({ field }) => (
            <Combobox
              ref={field.ref}
              onBlur={field.onBlur}
              {...fieldErrorProps(countryId, countryError)}
              value={field.value ?? ""}
              onValueChange={field.onChange}
              options={COUNTRY_OPTIONS}
              searchLabel="Search countries"
              emptyText="No country matches."
            />
          )}
        />
      </FormField>
    </div>
  );
}
