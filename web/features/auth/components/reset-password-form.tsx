import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { PASSWORD_REQUIREMENTS, otpCodeSchema, setPasswordSchema } from "#common/contracts/auth";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldErrorProps } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { loadAuthClient, startSession } from "#web/lib/session.ts";
import { AUTH_MESSAGES, describeAuthFailure, runAuthCall } from "./auth-failure.ts";
import { CodePrompt } from "./code-prompt.tsx";
import { ResendCodeButton } from "./resend-code-button.tsx";
import { useCodeStep } from "./use-code-step.ts";

const resetFormSchema = z.intersection(z.object({ otp: otpCodeSchema }), setPasswordSchema);
type ResetFormValues = z.infer<typeof resetFormSchema>;

const ALERT_ID = "reset-form-error";
const REQUIREMENTS_ID = "newPassword-requirements";

/**
 * Sets a new password with the code sent to `email`, then signs in with it. `signedIn` is false
 * when the password changed but the sign-in that follows did not go through.
 */
export function ResetPasswordForm({ email, onPasswordReset }: { email: string; onPasswordReset: (signedIn: boolean) => void }) {
  const queryClient = useQueryClient();
  const form = useForm<ResetFormValues>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { otp: "", newPassword: "", confirmPassword: "" },
  });
  const code = useCodeStep(() => form.resetField("otp"));
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ otp, newPassword }) => {
    code.setFailure(null);
    const refused = await runAuthCall(async () =>
      (await loadAuthClient()).emailOtp.resetPassword({ email, otp, password: newPassword }),
    );
    if (refused) {
      const described = describeAuthFailure(refused);
      if (described.target === "password") form.setError("newPassword", { message: described.message }, { shouldFocus: true });
      else code.setFailure(described);
      return;
    }
    toast.success(AUTH_MESSAGES.passwordUpdated);
    const signInRefused = await runAuthCall(async () => (await loadAuthClient()).signIn.email({ email, password: newPassword }));
    if (signInRefused === null) await startSession(queryClient);
    onPasswordReset(signInRefused === null);
  });

  const passwordError = errors.newPassword?.message;
  const passwordProps = fieldErrorProps("newPassword", passwordError);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Reset password">
      <CodePrompt email={email} step={code} alertId={ALERT_ID} error={errors.otp?.message} registration={form.register("otp")} />
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
      <ResendCodeButton email={email} purpose="reset" onResent={code.onResent} onFailed={code.onResendFailed} />
    </form>
  );
}
