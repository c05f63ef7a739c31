import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { inviteMemberBodySchema } from "#common/contracts/team";
import { DEFAULT_MEMBER_ROLE } from "#common/domain/member-roles";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Select, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { ApiError, fieldIssuesOf } from "#web/lib/api-client.ts";
import { MemberRoleOptions } from "./member-role-options.tsx";
import { useInviteMember } from "./team-api.ts";
import { toastFailure } from "./team-toasts.ts";

type FormInput = z.input<typeof inviteMemberBodySchema>;
type FormOutput = z.output<typeof inviteMemberBodySchema>;

const emptyForm: FormInput = { email: "", role: DEFAULT_MEMBER_ROLE };

/** Invite someone by email with a role; they get a link to set their password and join. */
export function InviteMemberDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const invite = useInviteMember();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(inviteMemberBodySchema), defaultValues: emptyForm });
  const { errors, isSubmitting } = form.formState;

  const changeOpen = (next: boolean) => {
    if (!next) form.reset(emptyForm);
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const invitation = await invite.mutateAsync(values);
      toast.success("Invitation sent", { description: `An invitation was emailed to ${invitation.email}.` });
      changeOpen(false);
    } catch (error) {
      const issues = fieldIssuesOf(error).filter((issue) => issue.path === "email" || issue.path === "role");
      for (const issue of issues) form.setError(issue.path as "email" | "role", { message: issue.message });
      if (issues.length > 0) return;
      if (error instanceof ApiError && error.code === "conflict") {
        form.setError("email", { message: error.message });
        return;
      }
      toastFailure(error, "Failed to send the invitation. Please try again.");
    }
  });

  const emailError = errors.email?.message;
  const roleError = errors.role?.message;
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite member</DialogTitle>
          <DialogDescription>They receive an email with a link to set their password and join.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField id="invite-email" label="Email" error={emailError}>
            <Input type="email" autoComplete="off" {...fieldErrorProps("invite-email", emailError)} {...form.register("email")} />
          </FormField>
          <FormField id="invite-role" label="Role" error={roleError}>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...fieldErrorProps("invite-role", roleError)} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <MemberRoleOptions />
                </Select>
              )}
            />
          </FormField>
          <DialogActions label="Send invitation" busyLabel="Sending…" busy={isSubmitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
