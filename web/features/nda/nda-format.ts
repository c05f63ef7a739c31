import type { NdaStatus } from "#common/domain/nda-status";

export const NDA_LOAD_FAILED = "Failed to load NDAs";

const STATUS_LABELS: Record<NdaStatus, string> = {
  draft: "Not signed",
  pending: "Not signed",
  "signed-by-prospect": "Signed by your organization — awaiting countersignature",
  "signed-by-all": "Signed by both parties",
};

/** How the page names an NDA's status. */
export function ndaStatusLabel(status: NdaStatus): string {
  return STATUS_LABELS[status];
}

