import type { ComponentProps } from "react";
import { OTP_LENGTH } from "#common/contracts/auth";
import { Input } from "#web/components/ui/input.tsx";

/** The one-time code: digits only, filled in from the email by browsers that can. */
export function CodeInput(props: ComponentProps<"input">) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      className="tracking-[0.3em]"
      {...props}
    />
  );
}

/** The code field's accessibility props: its own error wins, else the form's alert about the code. */
export function codeFieldProps(fieldError: string | undefined, alertId: string | undefined) {
  if (fieldError) return { id: "otp", "aria-invalid": true, "aria-describedby": "otp-error" } as const;
  if (alertId) return { id: "otp", "aria-invalid": true, "aria-describedby": alertId } as const;
  return { id: "otp" } as const;
}
