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
