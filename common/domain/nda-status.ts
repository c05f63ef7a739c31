import { z } from "zod";

/**
 * The statuses an NDA row carries (ndas.status; spec §3, §4). Only the two signed ones matter to
 * the product; the others are listed so contracts and seeds share one spelling.
 */
export const NDA_STATUSES = ["draft", "pending", "signed-by-prospect", "signed-by-all"] as const;
export type NdaStatus = (typeof NDA_STATUSES)[number];

/** The statuses that count as signed: the prospect's signature is enough (spec §4). */
export const SIGNED_NDA_STATUSES = ["signed-by-prospect", "signed-by-all"] as const satisfies readonly NdaStatus[];

export const ndaStatusSchema = z.enum(NDA_STATUSES);

/** True for signed-by-prospect and signed-by-all; any other value, or none, is not signed. */
export function isNdaSigned(status: string | null | undefined): boolean {
  return (SIGNED_NDA_STATUSES as readonly string[]).includes(status ?? "");
}
