import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { Controller, type FieldPath, useForm, useWatch } from "react-hook-form";
import {
  LEGAL_NAME_MAX,
  type OrganizationProfile,
  type OrganizationProfileUpdate,
  updateOrganizationProfileBodySchema,
} from "#common/contracts/organization-profile";
import { TimeZoneSelect } from "#web/components/time-zone-select.tsx";
import { UnsavedChangesGuard } from "#web/components/unsaved-changes-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { FieldCharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { AddressFields } from "./address-fields.tsx";
import { BaseCurrencyField } from "./base-currency-field.tsx";
import { useUpdateOrganizationProfile } from "./organization-profile-api.ts";
import { COMPANY_SIZE_OPTIONS, EMPTY_ADDRESS, INDUSTRY_OPTIONS, type ProfileFormValues, profileFormValues } from "./profile-form-values.ts";
import { TaxIdFields } from "./tax-id-fields.tsx";

/** Explicit resets (after a save, Cancel) replace every field: the form's resetOptions keep edits only through the server's updates. */
const DISCARD_EDITS = { keepDirtyValues: false } as const;

const BODY_FIELDS: ReadonlySet<string> = new Set(Object.keys(updateOrganizationProfileBodySchema.shape));

/** A closed list as a select; null (nothing chosen yet) shows the prompt. */
function ChoiceSelect({ id, error, value, onChange, options }: { id: string; error?: string; value: string | null | undefined; onChange: (value: string) => void; options: readonly { value: string; label: string }[] }) {
  return (
    <Select value={value ?? ""} onValueChange={onChange}>
      <SelectTrigger {...fieldErrorProps(id, error)}>
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
  );
}

/**
 * The profile's form, for the organization's admins and provider employees: the contract's schema
 * checks it as the server does, the server's field errors show under their fields, and Save is
 * enabled only once something changed. Values the server changes meanwhile (a colleague's save)
 * arrive in the fields not being edited.
 */
export function OrganizationProfileForm({ profile }: { profile: OrganizationProfile }) {
  const update = useUpdateOrganizationProfile();
  const values = useMemo(() => profileFormValues(profile), [profile]);
  const form = useForm<ProfileFormValues, unknown, OrganizationProfileUpdate>({
    resolver: zodResolver(updateOrganizationProfileBodySchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;
  const hasBillingAddress = useWatch({ control: form.control, name: "billing_address" }) !== null;

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await update.mutateAsync(body);
      form.reset(profileFormValues(saved), DISCARD_EDITS);
      lazyToast.success("Organization profile saved");
    } catch (error) {
      const issues = fieldIssuesOf(error).filter((issue) => BODY_FIELDS.has(issue.path.split(".")[0] ?? ""));
      issues.forEach((issue, index) => form.setError(issue.path as FieldPath<ProfileFormValues>, { message: issue.message }, { shouldFocus: index === 0 }));
      if (issues.length === 0) lazyToast.error("Error", { description: messageOf(error, "Failed to save the organization profile. Please try again.") });
    }
  });

  const legalNameError = errors.legal_name?.message;
  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Company details</CardTitle>
        </CardHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <FormField id="legal_name" label="Legal name" hint={`As on contracts and invoices. It may differ from the display name, "${profile.display_name}", set on My Company.`} error={legalNameError}>
              <Input {...fieldErrorProps("legal_name", legalNameError, "legal_name-hint", characterCountId("legal_name"))} {...form.register("legal_name")} autoComplete="organization" />
              <FieldCharacterCount control={form.control} name="legal_name" fieldId="legal_name" max={LEGAL_NAME_MAX} />
            </FormField>
          </div>
          <FormField id="industry" label="Industry" error={errors.industry?.message}>
            <Controller control={form.control} name="industry" render={({ field }) => <ChoiceSelect id="industry" error={errors.industry?.message} value={field.value} onChange={field.onChange} options={INDUSTRY_OPTIONS} />} />
          </FormField>
          <FormField id="company_size" label="Company size" error={errors.company_size?.message}>
            <Controller control={form.control} name="company_size" render={({ field }) => <ChoiceSelect id="company_size" error={errors.company_size?.message} value={field.value} onChange={field.onChange} options={COMPANY_SIZE_OPTIONS} />} />
          </FormField>
          <FormField id="time_zone" label="Time zone" hint="Daily reminder emails go out at a local hour in this time zone. My Company sets the same one." error={errors.time_zone?.message}>
            <Controller
              control={form.control}
              name="time_zone"
              render={({ field }) => <TimeZoneSelect value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} {...fieldErrorProps("time_zone", errors.time_zone?.message, "time_zone-hint")} />}
            />
          </FormField>
          <BaseCurrencyField baseCurrency={profile.base_currency} />
        </div>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Registered address</CardTitle>
          <CardDescription>Where the organization is registered. Leave it empty if you are not ready to give it.</CardDescription>
        </CardHeader>
        <AddressFields form={form} name="registered_address" />
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Billing address</CardTitle>
          <CardDescription>Invoices go to the registered address unless you give another.</CardDescription>
        </CardHeader>
        <div className="flex items-start gap-2">
          <Checkbox
            id="separate_billing_address"
            className="mt-0.5"
            checked={hasBillingAddress}
            onChange={(event) => form.setValue("billing_address", event.target.checked ? { ...EMPTY_ADDRESS } : null, { shouldDirty: true })}
          />
          <Label htmlFor="separate_billing_address" className="leading-snug">Send invoices to a separate billing address</Label>
        </div>
        {hasBillingAddress ? (
          <div className="mt-4">
            <AddressFields form={form} name="billing_address" />
          </div>
        ) : null}
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Tax identifiers</CardTitle>
          <CardDescription>VAT, EIN, GST or ABN numbers, as your tax office writes them.</CardDescription>
        </CardHeader>
        <TaxIdFields form={form} />
      </Card>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!isDirty || update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
        <Button type="button" variant="outline" disabled={!isDirty || update.isPending} onClick={() => form.reset(values, DISCARD_EDITS)}>
          Cancel
        </Button>
      </div>
      <UnsavedChangesGuard when={isDirty && !update.isPending} />
    </form>
  );
}
