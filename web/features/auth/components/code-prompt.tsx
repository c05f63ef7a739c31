import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "#web/components/ui/form-field.tsx";
import { AUTH_MESSAGES } from "./auth-failure.ts";
import { CodeInput, codeFieldProps } from "./code-input.tsx";
import { FormAlert } from "./form-alert.tsx";
import type { CodeStepState } from "./use-code-step.ts";

/**
 * The top of a one-time-code form: where the code went and that it is on its way, the form's
 * alert (`alertId`), then the code field, which a failure about the code also marks invalid.
 */
export function CodePrompt({
  email,
  step,
  alertId,
  error,
  registration,
}: {
  email: string;
  step: CodeStepState;
  alertId: string;
  /** The code field's own error. */
  error: string | undefined;
  registration: UseFormRegisterReturn<"otp">;
}) {
  const codeAlertId = step.failure?.target === "code" ? alertId : undefined;
  return (
    <>
      <p className="text-sm">{`Enter the code we sent to ${email}`}</p>
      <p role="status" className="text-sm text-[var(--color-muted-foreground)]">
        {step.resent ? AUTH_MESSAGES.newCodeOnItsWay : AUTH_MESSAGES.codeOnItsWay}
      </p>
      <FormAlert id={alertId} message={step.failure?.message ?? null} />
      <FormField id="otp" label="Code" error={error}>
        <CodeInput autoFocus {...codeFieldProps(error, codeAlertId)} {...registration} />
      </FormField>
    </>
  );
}
