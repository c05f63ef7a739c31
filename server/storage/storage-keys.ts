import { randomUUID } from "node:crypto";

/**
 * Storage keys are made by the server, never from a user's file name: segments of letters,
 * digits, "_" and "-" joined by "/". No dots at all, so no "..", no hidden files and no clash with
 * the local driver's own file suffixes; no leading "/", so never an absolute path.
 */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}){0,7}$/;
const MAX_KEY_LENGTH = 512;

export function isValidStorageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

/** Throws for a key outside the strict character set; drivers call it before touching anything. */
export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 80))}`);
    this.name = "InvalidStorageKeyError";
  }
}

/** A fresh key under `prefix` ("nda", "organizations/<id>/attachments"): `${prefix}/${uuid}`. */
export function generateStorageKey(prefix: string): string {
  const key = `${prefix}/${randomUUID()}`;
  assertValidStorageKey(key);
  return key;
}
