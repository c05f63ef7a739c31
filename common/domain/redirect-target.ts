/**
 * The in-app path (with query) to return to after sign-in, or "/" when the candidate is not a
 * plain same-site path: absolute URLs, protocol-relative "//host" and backslash tricks are refused
 * so that a crafted link cannot send a user elsewhere.
 */
export function toSafeRedirectTarget(candidate: string | null | undefined): string {
  if (!candidate) return "/";
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.includes("\\")) return "/";
  if ([...candidate].some((char) => char.charCodeAt(0) < 0x20)) return "/";
  if (candidate === "/auth" || candidate.startsWith("/auth?") || candidate.startsWith("/auth/")) return "/";
  return candidate;
}

/** The /auth address that brings a signed-out user back to `pathWithQuery` afterwards. */
export function buildSignInPath(pathWithQuery: string): string {
  const target = toSafeRedirectTarget(pathWithQuery);
  return target === "/" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(target)}`;
}
