import { followLink } from "#web/lib/save-file.ts";

/**
 * Opens a signed file link. The file route answers with `Content-Disposition: attachment`, so the
 * browser downloads it and the page stays where it is.
 */
export function startDownload(url: string): void {
  followLink(url);
}
