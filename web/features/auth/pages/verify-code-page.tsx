import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { requestCodeSchema } from "#common/contracts/auth";
import { buildSignInPath, toSafeRedirectTarget } from "#common/domain/redirect-target";
import { Button } from "#web/components/ui/button.tsx";
import { AuthPageFrame, BackToSignInLink } from "#web/features/auth/components/auth-page-frame.tsx";
import { CodeSignInForm } from "#web/features/auth/components/code-sign-in-form.tsx";
import { RequestCodeForm } from "#web/features/auth/components/request-code-form.tsx";
import { ResetPasswordForm } from "#web/features/auth/components/reset-password-form.tsx";

type Step = { kind: "request" } | { kind: "code"; email: string };

/**
 * /verify-otp and /verify: signs in with a one-time code sent by email (`email` in the query means
 * the sign-in screen has just sent one), or, with `mode=reset`, sets a new password with a code.
 */
export default function VerifyCodePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = toSafeRedirectTarget(params.get("redirectTo"));
  const purpose = params.get("mode") === "reset" ? "reset" : "sign-in";
  const queryEmail = params.get("email")?.trim() ?? "";
  const [step, setStep] = useState<Step>(() =>
    purpose === "sign-in" && requestCodeSchema.safeParse({ email: queryEmail }).success
      ? { kind: "code", email: queryEmail }
      : { kind: "request" },
  );
  const [lastEmail, setLastEmail] = useState(queryEmail);

  const title = purpose === "reset" ? "Reset your password" : "Sign in with a code";
  const intro =
    step.kind === "code"
      ? null
      : purpose === "reset"
        ? "Enter the email address of your account. We'll send you a code to set a new password."
        : "Enter the email address of your account. We'll send you a code to sign in.";

  const showCodeStep = (email: string) => {
    setLastEmail(email);
    setStep({ kind: "code", email });
  };

  return (
    <AuthPageFrame title={title} description={intro}>
      <div className="space-y-4">
        {step.kind === "request" ? (
          <RequestCodeForm defaultEmail={lastEmail} purpose={purpose} onSent={showCodeStep} />
        ) : purpose === "reset" ? (
          <ResetPasswordForm
            email={step.email}
            onPasswordReset={(signedIn) => navigate(signedIn ? target : buildSignInPath(target), { replace: true })}
          />
        ) : (
          <CodeSignInForm email={step.email} onSignedIn={() => navigate(target, { replace: true })} />
        )}
        {step.kind === "code" ? (
          <Button type="button" variant="outline" className="w-full" onClick={() => setStep({ kind: "request" })}>
            Use a different email
          </Button>
        ) : null}
        <BackToSignInLink redirectTarget={target} />
      </div>
    </AuthPageFrame>
  );
}
