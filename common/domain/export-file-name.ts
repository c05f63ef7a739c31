/**
 * The name of an export: `<kind>-<organization name slug>-<YYYY-MM-DD>.<extension>` (CSV unless
 * told), the slug in lowercase ASCII letters, digits and hyphens (at most 60), "organization" when
 * nothing is left.
 */
export function exportFileName(kind: string, organizationName: string, day: Date, extension: "csv" | "pdf" = "csv"): string {
  const slug = organizationName
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${kind}-${slug || "organization"}-${day.toISOString().slice(0, 10)}.${extension}`;
}
