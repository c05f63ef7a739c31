import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { organizationNameSchema } from "#common/contracts/organizations";
import { inviteEmailSchema } from "#common/contracts/team";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ApiError, fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { useCreateOrganization } from "./employee-organizations-api.ts";

// The contract's rules; the first member's email is optional here, so an empty one is allowed.
const createOrganizationFormSchema = z.object({
  organization_name: organizationNameSchema,
  first_member_email: z.string().superRefine((value, context) => {
    if (value.trim() === "") return;
    const parsed = inviteEmailSchema.safeParse(value);
    if (!parsed.success) context.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Enter a valid email address" });
  }),
});
type FormInput = z.input<typeof createOrganizationFormSchema>;
type FormOutput = z.output<typeof createOrganizationFormSchema>;

const emptyForm: FormInput = { organization_name: "", first_member_email: "" };

/** Employees: create a customer organization, optionally inviting its first member as Member Admin. */
export function CreateOrganizationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateOrganization();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createOrganizationFormSchema),
    defaultValues: emptyForm,
  });
  const { errors, isSubmitting } = form.formState;

  const changeOpen = (next: boolean) => {
    if (!next) form.reset(emptyForm);
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (values) => {
    const email = values.first_member_email.trim();
    try {
      const created = await create.mutateAsync({
        organization_name: values.organization_name,
        first_member: email ? { email, role: "member_admin" } : null,
      });
      toast.success("Organization created", {
        description: created.invitation ? `Invitation sent to ${created.invitation.email}` : undefined,
      });
      changeOpen(false);
    } catch (error) {
      let shown = false;
      for (const issue of fieldIssuesOf(error)) {
        if (issue.path === "organization_name") form.setError("organization_name", { message: issue.message });
        // The invitation's own checks name the field "email" (shared with team invitations).
        else if (issue.path === "email" || issue.path.startsWith("first_member")) form.setError("first_member_email", { message: issue.message });
        else continue;
        shown = true;
      }
      if (shown) return;
      if (error instanceof ApiError && error.code === "conflict") {
        form.setError("organization_name", { message: error.message });
        return;
      }
      const message = messageOf(error, "Failed to create the organization. Please try again.");
      toast.error("Error", { description: message });
    }
  });

  const nameError = errors.organization_name?.message;
  const emailError = errors.first_member_email?.message;
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create organization</DialogTitle>
          <DialogDescription>Add a customer organization. You will switch to it once it is created.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField id="organization_name" label="Organization name" error={nameError}>
            <Input autoComplete="organization" {...fieldErrorProps("organization_name", nameError)} {...form.register("organization_name")} />
          </FormField>
          <FormField id="first_member_email" label="Invite first member" error={emailError}>
            <Input
              type="email"
              autoComplete="off"
              {...fieldErrorProps("first_member_email", emailError, "first_member_email-hint")}
              {...form.register("first_member_email")}
            />
            <p id="first_member_email-hint" className="text-sm text-[var(--color-muted-foreground)]">
              Optional. They receive an email invitation as Member Admin.
            </p>
          </FormField>
          <DialogActions label="Create organization" busyLabel="Creating…" busy={isSubmitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
