import type { NdaStatus } from "#common/domain/nda-status";

const NDA_STATUS_TEXT: Record<NdaStatus, string> = {
  draft: "Not signed",
  pending: "Not signed",
  "signed-by-prospect": "Signed by your organization — awaiting countersignature",
  "signed-by-all": "Signed by both parties",
};

/** The NDA's status as the NDA page words it; no NDA yet reads "Not signed". */
export function ndaStatusText(status: NdaStatus | null): string {
  return status ? NDA_STATUS_TEXT[status] : "Not signed";
}

export const TRIAL_AVAILABLE = "Your risk-free trial is available";
export const TRIAL_NOT_AVAILABLE = "Your risk-free trial is not available yet";
