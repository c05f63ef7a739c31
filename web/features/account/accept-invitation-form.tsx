import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { setPasswordSchema } from "#common/contracts/auth";
import { fullNameSchema } from "#common/contracts/account";
import type { InvitationPreview } from "#common/contracts/team";
import { Button } from "#web/components/ui/button.tsx";
import { FormFailure, FormField, fieldErrorProps, useFormFailure } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ApiError, fieldIssuesOf, messageOf } from "#web/lib/api-client.ts";
import { useAcceptInvitation } from "./invitation-api.ts";
import { NewPasswordFields } from "./new-password-fields.tsx";

// The accept body without the token, which comes from the link.
const acceptFormSchema = z.intersection(z.object({ full_name: fullNameSchema }), setPasswordSchema);
type AcceptFormValues = z.infer<typeof acceptFormSchema>;
const FORM_FIELDS = new Set<string>(["full_name", "newPassword", "confirmPassword"]);

/** Sets the invited person's name and first password; `onAccepted` runs once they are signed in. */
export function AcceptInvitationForm({
  token,
  invitation,
  onAccepted,
  onLinkInvalid,
}: {
  token: string;
  invitation: InvitationPreview;
  onAccepted: () => Promise<void>;
  /** The invitation was used, revoked or expired meanwhile (404). */
  onLinkInvalid: () => void;
}) {
  const accept = useAcceptInvitation();
  const { failure, setFailure, clearOnChange } = useFormFailure();
  const form = useForm<AcceptFormValues>({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: { full_name: "", newPassword: "", confirmPassword: "" },
  });
  const [accepted, setAccepted] = useState(false);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await accept.mutateAsync({ token, ...values });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        onLinkInvalid();
        return;
      }
      const issues = fieldIssuesOf(error).filter((issue) => FORM_FIELDS.has(issue.path));
      for (const issue of issues) form.setError(issue.path as keyof AcceptFormValues, { message: issue.message });
      if (issues.length === 0) {
        setFailure(messageOf(error, "Could not accept the invitation. Please try again."));
      }
      return;
    }
    setAccepted(true);
    await onAccepted();
  });

  const nameError = errors.full_name?.message;
  return (
    <form onSubmit={submit} {...clearOnChange} noValidate aria-label="Set password" className="space-y-4">
      <FormFailure failure={failure} />
      <fieldset disabled={isSubmitting || accepted} className="min-w-0 space-y-4">
        <FormField id="invitation-email" label="Email">
          <Input id="invitation-email" value={invitation.email} readOnly autoComplete="username" className="bg-[var(--color-muted)]" />
        </FormField>
        <FormField id="invitation-full-name" label="Full name" error={nameError}>
          <Input autoComplete="name" {...fieldErrorProps("invitation-full-name", nameError)} {...form.register("full_name")} />
        </FormField>
        <NewPasswordFields form={form} />
        <Button type="submit" className="w-full">
          {isSubmitting ? "Setting password…" : "Set password and continue"}
        </Button>
      </fieldset>
    </form>
  );
}
