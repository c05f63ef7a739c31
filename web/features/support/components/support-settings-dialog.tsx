import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { Controller, type FieldPath, useFieldArray, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { SUPPORT_CONTACTS_MAX, type SupportSettings, supportSettingsInputSchema } from "#common/contracts/support";
import { TimeZoneSelect } from "#web/components/time-zone-select.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormFailure, FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { fieldIssuesOf } from "#web/lib/api-client.ts";
import { useSaveSupportSettings } from "#web/features/support/support-api.ts";

type FormInput = z.input<typeof supportSettingsInputSchema>;
type FormOutput = z.output<typeof supportSettingsInputSchema>;

function formValuesOf({ updated_at: _updatedAt, ...settings }: SupportSettings): FormInput {
  return { ...settings, contacts: settings.contacts.map((contact) => ({ ...contact })) };
}

/** The employees' form of how the provider is reached; the server checks the same schema and answers field errors. */
export function SupportSettingsDialog({ open, onOpenChange, settings }: { open: boolean; onOpenChange: (open: boolean) => void; settings: SupportSettings }) {
  const save = useSaveSupportSettings();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(supportSettingsInputSchema), defaultValues: formValuesOf(settings) });
  const contacts = useFieldArray({ control: form.control, name: "contacts" });
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const { errors, isSubmitting } = form.formState;

  // Each opening starts from what is saved now.
  useEffect(() => {
    if (open) form.reset(formValuesOf(settings));
  }, [open, settings, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success("Support details saved");
      onOpenChange(false);
    } catch (error) {
      const issues = fieldIssuesOf(error);
      for (const issue of issues) form.setError(issue.path as FieldPath<FormInput>, { message: issue.message });
      if (issues.length === 0) setFailure("Failed to save the support details. Please try again.");
    }
  });

  const hoursError = errors.support_hours?.message;
  const zoneError = errors.time_zone?.message;
  const targetError = errors.first_response_hours?.message;
  const promiseError = errors.response_promise?.message;
  const listError = errors.contacts?.message ?? errors.contacts?.root?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit how to reach us</DialogTitle>
          <DialogDescription>Every organization sees these on its Support page.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4" {...clearOnChange}>
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium">Contacts</legend>
            {contacts.fields.map((field, index) => {
              const contactErrors = errors.contacts?.[index];
              const id = (name: string) => `support-contact-${index}-${name}`;
              return (
                <div key={field.id} className="space-y-3 rounded-lg border border-[var(--color-border)] p-3">
                  <div className="grid gap-3 sm:grid-cols-2">
                    <FormField id={id("name")} label="Name or team" error={contactErrors?.name?.message}>
                      <Input {...fieldErrorProps(id("name"), contactErrors?.name?.message)} {...form.register(`contacts.${index}.name`)} />
                    </FormField>
                    <FormField id={id("role")} label="Role" error={contactErrors?.role?.message}>
                      <Input {...fieldErrorProps(id("role"), contactErrors?.role?.message)} {...form.register(`contacts.${index}.role`)} />
                    </FormField>
                    <FormField id={id("email")} label="Email" error={contactErrors?.email?.message}>
                      <Input type="email" {...fieldErrorProps(id("email"), contactErrors?.email?.message)} {...form.register(`contacts.${index}.email`)} />
                    </FormField>
                    <FormField id={id("phone")} label="Phone (optional)" error={contactErrors?.phone?.message}>
                      <Input type="tel" example="+1 555 010 2000" {...fieldErrorProps(id("phone"), contactErrors?.phone?.message)} {...form.register(`contacts.${index}.phone`)} />
                    </FormField>
                  </div>
                  {contacts.fields.length > 1 ? (
                    <Button type="button" variant="ghost" size="sm" onClick={() => contacts.remove(index)}>
                      <Trash2 aria-hidden="true" />
                      Remove contact {index + 1}
                    </Button>
                  ) : null}
                </div>
              );
            })}
            {listError ? <p className="text-sm text-[var(--color-destructive)]">{listError}</p> : null}
            {contacts.fields.length < SUPPORT_CONTACTS_MAX ? (
              <Button type="button" variant="outline" size="sm" onClick={() => contacts.append({ name: "", role: "", email: "", phone: "" })}>
                <Plus aria-hidden="true" />
                Add contact
              </Button>
            ) : null}
          </fieldset>
          <FormField id="support-hours" label="Support hours" hint="Days and hours, e.g. Monday to Friday, 8:00–18:00" error={hoursError}>
            <Textarea rows={2} {...fieldErrorProps("support-hours", hoursError, "support-hours-hint")} {...form.register("support_hours")} />
          </FormField>
          <FormField id="support-time-zone" label="Time zone of the hours" error={zoneError}>
            <Controller
              control={form.control}
              name="time_zone"
              render={({ field }) => (
                <TimeZoneSelect value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} ref={field.ref} {...fieldErrorProps("support-time-zone", zoneError)} />
              )}
            />
          </FormField>
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <FormField id="support-target" label="First response (hours)" error={targetError}>
              <Input type="number" inputMode="numeric" min={1} {...fieldErrorProps("support-target", targetError)} {...form.register("first_response_hours", { valueAsNumber: true })} />
            </FormField>
            <FormField id="support-promise" label="Response promise" error={promiseError}>
              <Input example="We answer within 4 business hours." {...fieldErrorProps("support-promise", promiseError)} {...form.register("response_promise")} />
            </FormField>
          </div>
          <FormFailure failure={failure} />
          <DialogActions label="Save" busyLabel="Saving…" busy={isSubmitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
