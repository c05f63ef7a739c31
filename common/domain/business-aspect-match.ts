/**
 * True when the aspects answer includes `aspect`, ignoring case and surrounding spaces. A module of
 * its own: the access rules and the launchpad's readings both match aspects, and the launchpad
 * cannot import the access rules (they read the navigation, which reads the launchpad's pages).
 */
export function hasBusinessAspect(businessAspects: readonly string[], aspect: string): boolean {
  const wanted = aspect.trim().toLowerCase();
  return businessAspects.some((entry) => typeof entry === "string" && entry.trim().toLowerCase() === wanted);
}
