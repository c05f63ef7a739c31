import { useCallback, useEffect, useState } from "react";
import { OTP_RESEND_SECONDS } from "#common/contracts/auth";

/**
 * Seconds left before another code may be requested. The wait starts on mount (a code was just
 * sent) and again on each `restart()`. Based on the clock, so a throttled background tab stays right.
 */
export function useResendCountdown(seconds: number = OTP_RESEND_SECONDS) {
  const [availableAt, setAvailableAt] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= availableAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [availableAt]);

  const restart = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setAvailableAt(current + seconds * 1000);
  }, [seconds]);

  return { secondsLeft: Math.max(0, Math.ceil((availableAt - now) / 1000)), restart };
}
