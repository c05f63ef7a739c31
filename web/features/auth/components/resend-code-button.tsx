import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import type { AuthFailure } from "./auth-failure.ts";
import { type CodePurpose, sendCode } from "./send-code.ts";
import { useResendCountdown } from "./use-resend-countdown.ts";

/** "Resend code", disabled with a countdown for a short while after each send. */
export function ResendCodeButton({
  email,
  purpose,
  onResent,
  onFailed,
}: {
  email: string;
  purpose: CodePurpose;
  onResent: () => void;
  onFailed: (failure: AuthFailure) => void;
}) {
  const { secondsLeft, restart } = useResendCountdown();
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    const failure = await sendCode(email, purpose);
    setSending(false);
    if (failure) {
      onFailed(failure);
      return;
    }
    restart();
    onResent();
  };

  const label = sending ? "Sending code…" : secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : "Resend code";
  return (
    <Button type="button" variant="ghost" className="w-full" disabled={sending || secondsLeft > 0} onClick={() => void resend()}>
      {label}
    </Button>
  );
}
