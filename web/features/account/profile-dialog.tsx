import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, Suspense } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { type CurrentUser, type UpdateProfileBody, updateProfileBodySchema } from "#common/contracts/account";
import { COMPANY_ROLES, type CompanyRole, humanizeRole } from "#common/domain/company-roles";
import { PageError } from "#web/components/page-error.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { DialogActions } from "#web/components/ui/dialog-actions.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import type { AccountDialogProps } from "./change-password-dialog.tsx";
import { useUpdateProfile } from "./current-user-api.ts";
import { fieldIssuesOf } from "#web/lib/api-client.ts";
import { currentUserQuery } from "#web/lib/current-user-query.ts";

const PROFILE_UPDATE_FAILED = "Failed to update profile. Please try again.";

// Radix Select keeps "" for "no value"; the cleared company role needs a value of its own.
const NO_COMPANY_ROLE = "none";

function isCompanyRole(value: string | null): value is CompanyRole {
  return (COMPANY_ROLES as readonly (string | null)[]).includes(value);
}

/**
 * User menu → Profile: name and company role are editable; email and role are shown.
 * `extraSections`, below the form, are what other parts of the portal keep in the profile (the
 * notification settings); they save on their own and may load lazily.
 */
export function ProfileDialog({ open, onOpenChange, onCloseAutoFocus, extraSections }: AccountDialogProps & { extraSections?: ReactNode }) {
  const me = useQuery({ ...currentUserQuery, enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>My Profile</DialogTitle>
          <DialogDescription>Your name and company role, as your organization sees them.</DialogDescription>
        </DialogHeader>
        {me.data ? (
          <ProfileForm user={me.data} onSaved={() => onOpenChange(false)} />
        ) : me.isError ? (
          <PageError error={me.error} onRetry={() => void me.refetch()} />
        ) : (
          <Spinner label="Loading profile..." />
        )}
        {extraSections ? <Suspense fallback={<Spinner label="Loading..." />}>{extraSections}</Suspense> : null}
      </DialogContent>
    </Dialog>
  );
}

function ProfileForm({ user, onSaved }: { user: CurrentUser; onSaved: () => void }) {
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileBody>({
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: {
      full_name: user.full_name ?? "",
      company_role: isCompanyRole(user.company_role) ? user.company_role : null,
    },
  });
  const { errors, isDirty, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
    } catch (error) {
      for (const issue of fieldIssuesOf(error)) {
        if (issue.path === "full_name" || issue.path === "company_role") form.setError(issue.path, { message: issue.message });
      }
      toast.error(PROFILE_UPDATE_FAILED);
      return;
    }
    toast.success("Profile updated");
    onSaved();
  });

  const nameError = errors.full_name?.message;
  const roleError = errors.company_role?.message;
  return (
    <form onSubmit={submit} noValidate aria-label="My Profile" className="space-y-4">
      <fieldset disabled={isSubmitting} className="min-w-0 space-y-4">
        <FormField id="profile-full-name" label="Full name" error={nameError}>
          <Input autoComplete="name" {...fieldErrorProps("profile-full-name", nameError)} {...form.register("full_name")} />
        </FormField>
        <FormField id="profile-company-role" label="Company role" error={roleError}>
          <Controller
            control={form.control}
            name="company_role"
            render={({ field }) => (
              <Select
                value={field.value ?? NO_COMPANY_ROLE}
                onValueChange={(value) => field.onChange(value === NO_COMPANY_ROLE ? null : value)}
                disabled={field.disabled}
              >
                <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...fieldErrorProps("profile-company-role", roleError)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_COMPANY_ROLE}>Not set</SelectItem>
                  {COMPANY_ROLES.map((role) => (
                    <SelectItem key={role} value={role}>
                      {role}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField id="profile-email" label="Email">
          <Input id="profile-email" value={user.email} readOnly className="bg-[var(--color-muted)]" />
        </FormField>
        <FormField id="profile-role" label="Role">
          <Input
            id="profile-role"
            value={user.is_employee ? "Employee" : humanizeRole(user.role)}
            readOnly
            className="bg-[var(--color-muted)]"
          />
        </FormField>
      </fieldset>
      <DialogActions label="Save" busyLabel="Saving…" busy={isSubmitting} hideAction={!isDirty} />
    </form>
  );
}
