import type { NdaStatus } from "#common/domain/nda-status";

export const NDA_LOAD_FAILED = "Failed to load NDAs";

const STATUS_LABELS: Record<NdaStatus, string> = {
  draft: "Not signed",
  pending: "Not signed",
  "signed-by-prospect": "Signed by your organization — awaiting countersignature",
  "signed-by-all": "Signed by both parties",
};

/** Who reads the status: a member of the organization, or an employee reading for the provider. */
export interface NdaReader {
  isEmployee: boolean;
  organizationName: string;
}

/** How the page names an NDA's status, from the reader's side of the agreement. */
export function ndaStatusLabel(status: NdaStatus, reader: NdaReader): string {
  if (reader.isEmployee && status === "signed-by-prospect") {
    return `Signed by ${reader.organizationName || "the organization"} — awaiting your countersignature`;
  }
  return STATUS_LABELS[status];
}

