import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { PASSWORD_REQUIREMENTS, otpCodeSchema, setPasswordSchema } from "#common/contracts/auth";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { AUTH_MESSAGES, type AuthFailure, type FailureTarget, describeAuthFailure, runAuthCall } from "./auth-failure.ts";
import { CodeInput, codeFieldProps } from "./code-input.tsx";
import { FormAlert } from "./form-alert.tsx";
import { ResendCodeButton } from "./resend-code-button.tsx";

const resetFormSchema = z.intersection(z.object({ otp: otpCodeSchema }), setPasswordSchema);
type ResetFormValues = z.infer<typeof resetFormSchema>;

const ALERT_ID = "reset-form-error";
const REQUIREMENTS_ID = "newPassword-requirements";

/**
 * Sets a new password with the code sent to `email`, then signs in with it. `signedIn` is false
 * when the password changed but the sign-in that follows did not go through.
 */
export function ResetPasswordForm({ email, onPasswordReset }: { email: string; onPasswordReset: (signedIn: boolean) => void }) {
  const [failure, setFailure] = useState<{ message: string; target: FailureTarget } | null>(null);
  const [resent, setResent] = useState(false);
  const form = useForm<ResetFormValues>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { otp: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ otp, newPassword }) => {
    setFailure(null);
    const refused = await runAuthCall(() => authClient.emailOtp.resetPassword({ email, otp, password: newPassword }));
    if (refused) {
      const described = describeAuthFailure(refused);
      if (described.target === "password") form.setError("newPassword", { message: described.message }, { shouldFocus: true });
      else setFailure(described);
      return;
    }
    toast.success(AUTH_MESSAGES.passwordUpdated);
    const signInRefused = await runAuthCall(() => authClient.signIn.email({ email, password: newPassword }));
    onPasswordReset(signInRefused === null);
  });

  const showFailure = (refused: AuthFailure) => setFailure(describeAuthFailure(refused));
  const codeAlertId = failure?.target === "code" ? ALERT_ID : undefined;
  const passwordError = errors.newPassword?.message;
  const passwordProps = fieldErrorProps("newPassword", passwordError);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Reset password">
      <p className="text-sm">{`Enter the code we sent to ${email}`}</p>
      <p role="status" className="text-sm text-[var(--color-muted-foreground)]">
        {resent ? AUTH_MESSAGES.newCodeOnItsWay : AUTH_MESSAGES.codeOnItsWay}
      </p>
      <FormAlert id={ALERT_ID} message={failure?.message ?? null} />
      <FormField id="otp" label="Code" error={errors.otp?.message}>
        <CodeInput autoFocus {...codeFieldProps(errors.otp?.message, codeAlertId)} {...form.register("otp")} />
      </FormField>
      <FormField id="newPassword" label="New password" error={passwordError}>
        <Input
          type="password"
          autoComplete="new-password"
          {...passwordProps}
          aria-describedby={[REQUIREMENTS_ID, passwordProps["aria-describedby"]].filter(Boolean).join(" ")}
          {...form.register("newPassword")}
        />
      </FormField>
      <div id={REQUIREMENTS_ID} className="text-xs text-[var(--color-muted-foreground)]">
        <p>Password requirements:</p>
        <ul className="list-disc pl-4">
          {PASSWORD_REQUIREMENTS.map((requirement) => (
            <li key={requirement}>{requirement}</li>
          ))}
        </ul>
      </div>
      <FormField id="confirmPassword" label="Confirm password" error={errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          {...fieldErrorProps("confirmPassword", errors.confirmPassword?.message)}
          {...form.register("confirmPassword")}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Resetting password…" : "Reset password"}
      </Button>
      <ResendCodeButton
        email={email}
        purpose="reset"
        onResent={() => {
          setFailure(null);
          setResent(true);
          form.resetField("otp");
        }}
        onFailed={showFailure}
      />
    </form>
  );
}
