/** Signed links live 3,600 s unless asked otherwise (spec §9). */
export const SIGNED_URL_TTL_SECONDS = 3600;
/** SigV4 presigned URLs cannot outlive 7 days; the local driver keeps the same ceiling. */
export const MAX_SIGNED_URL_TTL_SECONDS = 7 * 24 * 3600;

/** A link's lifetime in seconds: the default, or the one asked for within the shared ceiling. */
export function resolveLinkLifetime(expiresInSeconds: number | undefined): number {
  const seconds = expiresInSeconds ?? SIGNED_URL_TTL_SECONDS;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SIGNED_URL_TTL_SECONDS) {
    throw new RangeError(`expiresInSeconds must be a whole number from 1 to ${MAX_SIGNED_URL_TTL_SECONDS}`);
  }
  return seconds;
}
