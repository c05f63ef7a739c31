import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type Organization, type UpdateOrganizationBody, updateOrganizationBodySchema } from "#common/contracts/organizations";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ApiError, messageOf } from "#web/lib/api-client.ts";
import { lazyToast } from "#web/lib/lazy-toast.ts";
import { useRenameOrganization } from "./organization-api.ts";

export function RenameOrganizationForm({ organization }: { organization: Organization }) {
  const rename = useRenameOrganization();
  const form = useForm<UpdateOrganizationBody>({
    resolver: zodResolver(updateOrganizationBodySchema),
    values: { organization_name: organization.organization_name },
  });
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await rename.mutateAsync(values);
      form.reset({ organization_name: saved.organization_name });
      lazyToast.success("Organization name saved");
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
  return (
    <form onSubmit={submit} noValidate className="max-w-lg space-y-4">
      <FormField id="organization_name" label="Organization name" error={nameError}>
        <Input maxLength={250} {...fieldErrorProps("organization_name", nameError)} {...form.register("organization_name")} />
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
