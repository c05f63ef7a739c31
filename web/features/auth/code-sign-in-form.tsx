import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { otpCodeSchema } from "#common/contracts/auth";
import { Button } from "#web/components/ui/button.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { AUTH_MESSAGES, type AuthFailure, type FailureTarget, describeAuthFailure, runAuthCall } from "./auth-failure.ts";
import { CodeInput, codeFieldProps } from "./code-input.tsx";
import { FormAlert } from "./form-alert.tsx";
import { ResendCodeButton } from "./resend-code-button.tsx";

const codeFormSchema = z.object({ otp: otpCodeSchema });
type CodeFormValues = z.infer<typeof codeFormSchema>;

const ALERT_ID = "code-form-error";

/** Signs in with the code sent to `email`. */
export function CodeSignInForm({ email, onSignedIn }: { email: string; onSignedIn: () => void }) {
  const [failure, setFailure] = useState<{ message: string; target: FailureTarget } | null>(null);
  const [resent, setResent] = useState(false);
  const form = useForm<CodeFormValues>({ resolver: zodResolver(codeFormSchema), defaultValues: { otp: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ otp }) => {
    setFailure(null);
    const refused = await runAuthCall(() => authClient.signIn.emailOtp({ email, otp }));
    if (refused) {
      setFailure(describeAuthFailure(refused));
      return;
    }
    onSignedIn();
  });

  const showFailure = (refused: AuthFailure) => setFailure(describeAuthFailure(refused));
  const codeAlertId = failure?.target === "code" ? ALERT_ID : undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Sign in with a code">
      <p className="text-sm">{`Enter the code we sent to ${email}`}</p>
      <p role="status" className="text-sm text-[var(--color-muted-foreground)]">
        {resent ? AUTH_MESSAGES.newCodeOnItsWay : AUTH_MESSAGES.codeOnItsWay}
      </p>
      <FormAlert id={ALERT_ID} message={failure?.message ?? null} />
      <FormField id="otp" label="Code" error={errors.otp?.message}>
        <CodeInput autoFocus {...codeFieldProps(errors.otp?.message, codeAlertId)} {...form.register("otp")} />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Verifying…" : "Verify"}
      </Button>
      <ResendCodeButton
        email={email}
        purpose="sign-in"
        onResent={() => {
          setFailure(null);
          form.resetField("otp");
          setResent(true);
        }}
        onFailed={showFailure}
      />
    </form>
  );
}
