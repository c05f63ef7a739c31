/**
 * The statuses an NDA row carries (ndas.status; spec §3, §4). Only the two signed ones matter to
 * the product; the others are listed so contracts and seeds share one spelling.
 */
export const NDA_STATUSES = ["draft", "pending", "signed-by-prospect", "signed-by-all"] as const;
export type NdaStatus = (typeof NDA_STATUSES)[number];

/** The statuses that count as signed: the prospect's signature is enough (spec §4). */
export const SIGNED_NDA_STATUSES = ["signed-by-prospect", "signed-by-all"] as const satisfies readonly NdaStatus[];

/** The status when `value` is one of NDA_STATUSES, else null (a stored value the portal does not know). */
export function readNdaStatus(value: unknown): NdaStatus | null {
  return (NDA_STATUSES as readonly unknown[]).includes(value) ? (value as NdaStatus) : null;
}

/** True for signed-by-prospect and signed-by-all; any other value, or none, is not signed. */
export function isNdaSigned(status: string | null | undefined): boolean {
  return (SIGNED_NDA_STATUSES as readonly string[]).includes(status ?? "");
}

/** Who reads an NDA's status: a member of the organization, or an employee reading for the provider. */
export interface NdaReader {
  isEmployee: boolean;
  organizationName: string;
}

const NDA_STATUS_WORDS: Record<NdaStatus, string> = {
  draft: "Not signed",
  pending: "Not signed",
  "signed-by-prospect": "Signed by your organization — awaiting countersignature",
  "signed-by-all": "Signed by both parties",
};

/** An NDA's status in words from the reader's side of the agreement; no NDA yet reads "Not signed". */
export function describeNdaStatus(status: NdaStatus | null, reader: NdaReader): string {
  if (status === null) return NDA_STATUS_WORDS.draft;
  if (reader.isEmployee && status === "signed-by-prospect") {
    return `Signed by ${reader.organizationName || "the organization"} — awaiting your countersignature`;
  }
  return NDA_STATUS_WORDS[status];
}
