import type { FieldIssue } from "#common/errors";

// The import names a bad row by its line in the file: `row.<line>` or `row.<line>.<column>`
// (catalogIssuePath in common/contracts/pricing-catalog.ts).
const ROW_PATH = /^row\.(\d+)(?:\.(.+))?$/;

/** "Row 5 — price: Price must be …"; "Row 5: …" for the whole row; the message alone otherwise. */
export function describeCatalogIssue(issue: FieldIssue): string {
  const match = ROW_PATH.exec(issue.path);
  if (!match) return issue.message;
  const [, line, column] = match;
  return column ? `Row ${line} — ${column}: ${issue.message}` : `Row ${line}: ${issue.message}`;
}
