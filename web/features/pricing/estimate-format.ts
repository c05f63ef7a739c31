import { findEdition } from "#common/domain/pricing";

const date = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** A date in the reader's locale. */
export function formatEstimateDate(iso: string): string {
  return date.format(new Date(iso));
}

/** The edition's name, or a word for an estimate without one. */
export function editionNameOf(editionId: string | null): string {
  return findEdition(editionId)?.name ?? "No edition";
}
