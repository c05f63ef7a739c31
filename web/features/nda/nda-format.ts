import type { NdaStatus } from "#common/domain/nda-status";
import { ApiError } from "#web/lib/api-client.ts";

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

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A timestamp in the reader's locale and time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The server's message for a failed action, or a generic one. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
