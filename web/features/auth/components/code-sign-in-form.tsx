import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { otpCodeSchema } from "#common/contracts/auth";
import { Button } from "#web/components/ui/button.tsx";
import { loadAuthClient, startSession } from "#web/lib/session.ts";
import { describeAuthFailure, runAuthCall } from "./auth-failure.ts";
import { CodePrompt } from "./code-prompt.tsx";
import { ResendCodeButton } from "./resend-code-button.tsx";
import { useCodeStep } from "./use-code-step.ts";

const codeFormSchema = z.object({ otp: otpCodeSchema });
type CodeFormValues = z.infer<typeof codeFormSchema>;

const ALERT_ID = "code-form-error";

/** Signs in with the code sent to `email`. */
export function CodeSignInForm({ email, onSignedIn }: { email: string; onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<CodeFormValues>({ resolver: zodResolver(codeFormSchema), defaultValues: { otp: "" } });
  const code = useCodeStep(() => form.resetField("otp"));
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ otp }) => {
    code.setFailure(null);
    const refused = await runAuthCall(async () => (await loadAuthClient()).signIn.emailOtp({ email, otp }));
    if (refused) {
      code.setFailure(describeAuthFailure(refused));
      return;
    }
    await startSession(queryClient);
    onSignedIn();
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Sign in with a code">
      <CodePrompt email={email} step={code} alertId={ALERT_ID} error={errors.otp?.message} registration={form.register("otp")} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Verifying…" : "Verify"}
      </Button>
      <ResendCodeButton email={email} purpose="sign-in" onResent={code.onResent} onFailed={code.onResendFailed} />
    </form>
  );
}
