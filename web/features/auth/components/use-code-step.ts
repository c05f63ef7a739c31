import { useState } from "react";
import { type AuthFailure, type DescribedFailure, describeAuthFailure } from "./auth-failure.ts";

/** What a one-time-code form shows above its code field: its failure, and whether a code was resent. */
export interface CodeStepState {
  failure: DescribedFailure | null;
  resent: boolean;
}

/**
 * A one-time-code form's failure and resend state, with the Resend button's callbacks: a resent
 * code clears the failure and, through `clearCode`, the code typed so far.
 */
export function useCodeStep(clearCode: () => void) {
  const [failure, setFailure] = useState<DescribedFailure | null>(null);
  const [resent, setResent] = useState(false);
  return {
    failure,
    setFailure,
    resent,
    onResent: () => {
      setFailure(null);
      clearCode();
      setResent(true);
    },
    onResendFailed: (refused: AuthFailure) => setFailure(describeAuthFailure(refused)),
  };
}
