import { findEdition } from "#common/domain/pricing";

/** The edition's name, or a word for an estimate without one. */
export function editionNameOf(editionId: string | null): string {
  return findEdition(editionId)?.name ?? "No edition";
}
