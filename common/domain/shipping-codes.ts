/**
 * Codes of international shipping that Container Management checks: container numbers (ISO 6346)
 * and port codes (UN/LOCODE). Both are written with spaces or hyphens in the wild ("CSQU 305438-3",
 * "US NYC"); each is normalised to its compact upper-case form before it is checked and stored.
 */

/** Letter values of ISO 6346: from A = 10 upwards, skipping 11, 22 and 33 (multiples of 11). */
const LETTER_VALUES: ReadonlyMap<string, number> = (() => {
  const values = new Map<string, number>();
  let value = 10;
  for (const letter of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
    if (value % 11 === 0) value += 1;
    values.set(letter, value);
    value += 1;
  }
  return values;
})();

/** Owner code (3 letters), equipment category (U freight container, J detachable equipment, Z trailer), serial (6 digits), check digit. */
const CONTAINER_NUMBER_SHAPE = /^[A-Z]{3}[UJZ]\d{7}$/;

/** "csqu 305438-3" → "CSQU3054383": spaces and hyphens dropped, upper case. */
export function normalizeContainerNumber(text: string): string {
  return text.replace(/[\s-]/g, "").toUpperCase();
}

/**
 * The check digit of the first ten characters of a container number: each character's value
 * (digits as themselves, letters from LETTER_VALUES) times 2 to the power of its position, summed,
 * modulo 11, and a remainder of 10 written as 0.
 */
export function containerCheckDigit(firstTen: string): number {
  let sum = 0;
  for (let position = 0; position < 10; position += 1) {
    const character = firstTen.charAt(position);
    const value = /\d/.test(character) ? Number(character) : LETTER_VALUES.get(character);
    if (value === undefined) throw new Error(`Not a container number character: ${character}`);
    sum += value * 2 ** position;
  }
  return (sum % 11) % 10;
}

/** Why `text` is not an ISO 6346 container number, or null when it is one (after normalising). */
export function checkContainerNumber(text: string): string | null {
  const number = normalizeContainerNumber(text);
  if (!CONTAINER_NUMBER_SHAPE.test(number)) {
    return "Must be a container number: 3 letters, U, J or Z, then 7 digits (e.g. CSQU3054383)";
  }
  const expected = containerCheckDigit(number.slice(0, 10));
  if (Number(number.charAt(10)) !== expected) return `The check digit does not match: ${number.slice(0, 10)} ends in ${expected}`;
  return null;
}

/** A UN/LOCODE: the ISO 3166 country (2 letters), then 3 letters or digits 2–9. */
const LOCODE_SHAPE = /^[A-Z]{2}[A-Z2-9]{3}$/;

/** "us nyc" → "USNYC". */
export function normalizeLocode(text: string): string {
  return text.replace(/[\s-]/g, "").toUpperCase();
}

/** Why `text` is not a UN/LOCODE, or null when it is one (after normalising). */
export function checkLocode(text: string): string | null {
  return LOCODE_SHAPE.test(normalizeLocode(text)) ? null : "Must be a UN/LOCODE: 2 letters of the country, then 3 letters or digits 2–9 (e.g. USNYC)";
}

/** Whether `eta` (YYYY-MM-DD) is on or after `etd`: ISO dates compare as text. */
export function isArrivalOnOrAfterDeparture(etd: string, eta: string): boolean {
  return eta >= etd;
}
