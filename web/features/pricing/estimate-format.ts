import { findEdition } from "#common/domain/pricing";
import { ApiError } from "#web/lib/api-client.ts";

const date = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** A date in the reader's locale. */
export function formatEstimateDate(iso: string): string {
  return date.format(new Date(iso));
}

/** The edition's name, or a word for an estimate without one. */
export function editionNameOf(editionId: string | null): string {
  return findEdition(editionId)?.name ?? "No edition";
}

/** The server's message for a failed call, or `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
