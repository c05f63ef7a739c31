import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import {
  type ActingOrganization,
  DEFAULT_ORGANIZATION_TIME_ZONE,
  ORGANIZATION_NAME_MAX,
  type UpdateOrganizationBody,
  updateOrganizationBodySchema,
} from "#common/contracts/organizations";
import { Button } from "#web/components/ui/button.tsx";
import { FieldCharacterCount, characterCountId } from "#web/components/ui/character-count.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { TimeZoneSelect } from "#web/components/time-zone-select.tsx";
import { ApiError, messageOf } from "#web/lib/api-client.ts";
import { formatHourOfDay } from "#web/lib/format-date.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { useRenameOrganization } from "./organization-api.ts";

export function RenameOrganizationForm({ organization }: { organization: ActingOrganization }) {
  const rename = useRenameOrganization();
  // An instance from before time zones (during an upgrade) answers none.
  const timeZone = organization.time_zone || DEFAULT_ORGANIZATION_TIME_ZONE;
  const form = useForm<UpdateOrganizationBody>({
    resolver: zodResolver(updateOrganizationBodySchema),
    values: { organization_name: organization.organization_name, time_zone: timeZone },
  });
  const { errors, isDirty, dirtyFields } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await rename.mutateAsync(values);
      form.reset({ organization_name: saved.organization_name, time_zone: saved.time_zone });
      lazyToast.success(dirtyFields.organization_name ? "Organization name saved" : "Time zone saved");
    } catch (error) {
      const message = messageOf(error, "Failed to save the organization name. Please try again.");
      if (error instanceof ApiError && error.code === "conflict") {
        form.setError("organization_name", { message });
      } else {
        lazyToast.error("Error", { description: message });
      }
    }
  });

  const nameError = errors.organization_name?.message;
  const zoneError = errors.time_zone?.message;
  return (
    <form onSubmit={submit} noValidate className="max-w-lg space-y-4">
      <FormField id="organization_name" label="Organization name" error={nameError}>
        {/* Never cut: counted near the contract's limit, whose schema refuses more. */}
        <Input {...fieldErrorProps("organization_name", nameError, characterCountId("organization_name"))} {...form.register("organization_name")} />
        <FieldCharacterCount control={form.control} name="organization_name" fieldId="organization_name" max={ORGANIZATION_NAME_MAX} />
      </FormField>
      <FormField
        id="time_zone"
        label="Time zone"
        hint={`Daily reminder emails go out at ${formatHourOfDay(organization.reminder_hour)} in this time zone.`}
        error={zoneError}
      >
        <Controller
          control={form.control}
          name="time_zone"
          render={({ field }) => (
            <TimeZoneSelect
              value={field.value ?? timeZone}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              {...fieldErrorProps("time_zone", zoneError, "time_zone-hint")}
            />
          )}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={!isDirty || rename.isPending}>
          {rename.isPending ? "Saving…" : "Save"}
        </Button>
        <Button type="button" variant="outline" disabled={!isDirty || rename.isPending} onClick={() => form.reset()}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
