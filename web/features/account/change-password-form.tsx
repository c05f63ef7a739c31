import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import {
  COMMON_PASSWORD_MESSAGE,
  type ChangePasswordValues,
  SIGN_OUT_AFTER_PASSWORD_CHANGE_MS,
  changePasswordSchema,
} from "#common/contracts/auth";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { loadAuthClient } from "#web/lib/session.ts";
import { NewPasswordFields } from "./new-password-fields.tsx";

const INCORRECT_CURRENT_PASSWORD = "Current password is incorrect";

/** Better Auth's refusal: the portal's error body ({ error: { code, message } }) plus the status. */
type AuthFailure = { status?: number; code?: string; message?: string; error?: { code?: string; message?: string } };

function describeFailure(failure: AuthFailure) {
  // The server lower-cases Better Auth's codes; compare without regard to case.
  const code = (failure.error?.code ?? failure.code ?? "").toUpperCase();
  return { code, message: failure.error?.message ?? failure.message };
}

export interface ChangePasswordFormProps {
  /** Ends the session; called SIGN_OUT_AFTER_PASSWORD_CHANGE_MS after a successful change. */
  onSignOut: () => void | Promise<void>;
  /** Extra buttons beside the submit button (a dialog's Cancel). */
  secondaryAction?: ReactNode;
}

/**
 * The Change Password form (dialog and /change-password). Other sessions are revoked with the
 * change, and this one is ended 2 seconds later so the user signs in with the new password.
 */
export function ChangePasswordForm({ onSignOut, secondaryAction }: ChangePasswordFormProps) {
  const [changed, setChanged] = useState(false);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    let failure: AuthFailure | null;
    try {
      const authClient = await loadAuthClient();
      const { error } = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
      failure = error as AuthFailure | null;
    } catch {
      failure = {};
    }
    if (failure) {
      const { code, message } = describeFailure(failure);
      if (code === "INVALID_PASSWORD") {
        form.setError("currentPassword", { message: INCORRECT_CURRENT_PASSWORD });
        toast.error(INCORRECT_CURRENT_PASSWORD);
      } else if (code === "PASSWORD_TOO_COMMON") {
        form.setError("newPassword", { message: message || COMMON_PASSWORD_MESSAGE });
      } else {
        toast.error("Password change failed", message ? { description: message } : undefined);
      }
      return;
    }
    setChanged(true);
    toast.success("Password changed", {
      description: "You will be signed out in 2 seconds. Sign in again with your new password.",
    });
    // Not cleared on unmount: closing the dialog must not cancel the sign-out.
    window.setTimeout(() => void onSignOut(), SIGN_OUT_AFTER_PASSWORD_CHANGE_MS);
  });

  const currentError = errors.currentPassword?.message;
  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <fieldset disabled={isSubmitting || changed} className="min-w-0 space-y-4">
        <FormField id="current-password" label="Current password" error={currentError}>
          <Input
            type="password"
            autoComplete="current-password"
            {...fieldErrorProps("current-password", currentError)}
            {...form.register("currentPassword")}
          />
        </FormField>
        <NewPasswordFields form={form} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {secondaryAction}
          <Button type="submit">{isSubmitting ? "Changing password…" : changed ? "Password changed" : "Change password"}</Button>
        </div>
      </fieldset>
    </form>
  );
}
